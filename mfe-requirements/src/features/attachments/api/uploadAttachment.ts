// POST requirements/{id}/attachments: one file as the multipart field 'file', with upload progress;
// 201 with the attachment. The panel shows a refusal itself (no notice dialog).
import { apiClient, type UploadProgress } from '@portal/shared';
import { P } from '../../../lib/permissions';
import type { Attachment } from '../../../types/analysis';

export function uploadAttachment(
  graph: string,
  requirementId: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiClient.upload<Attachment>(`requirements/${encodeURIComponent(requirementId)}/attachments`, body, {
    graph,
    permission: P.DOCUMENT_UPLOAD,
    onProgress,
    signal,
    notices: false,
  });
}
