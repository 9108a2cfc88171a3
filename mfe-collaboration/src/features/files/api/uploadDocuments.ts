// POST documents: files (multipart 'files') into a folder with tags; a name already in the folder
// becomes a new version. A file over the limit is refused before a byte is sent.
import { apiClient, ApiError, type UploadProgress } from '@portal/shared';
import { DOCUMENT_MAX_BYTES, documentTooLarge, type DocumentUploadResult } from '@portal/shared/collaboration';
import { DOCUMENT_PERMISSIONS } from './keys';

export interface UploadTarget {
  folder: string;
  tags: string;
}

export function uploadDocument(graph: string, file: File, target: UploadTarget, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<DocumentUploadResult> {
  if (file.size > DOCUMENT_MAX_BYTES) return Promise.reject(new ApiError(413, documentTooLarge(DOCUMENT_MAX_BYTES)));
  const body = new FormData();
  if (target.folder) body.append('folder', target.folder);
  if (target.tags) body.append('tags', target.tags);
  body.append('files', file, file.name);
  return apiClient.upload<DocumentUploadResult>('documents', body, { graph, permission: DOCUMENT_PERMISSIONS.UPLOAD, onProgress, signal, notices: false });
}
