// A task's attachments (docs/documents-api.md "Attachments of tasks"): GET tasks/{id}/attachments;
// a new file uploaded into the library and attached at once (POST documents with field 'task');
// a document of the library attached or detached (PUT / DELETE documents/{id}/tasks/{taskId}).
// Each change reads the task's attachments and the library again.
import { apiClient, ApiError, buildUrl, type UploadProgress } from '@portal/shared';
import { DOCUMENT_MAX_BYTES, documentTooLarge, type DocumentPage, type DocumentUploadResult, type EvidenceDocument } from '@portal/shared/collaboration';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COLLABORATION_PERMISSIONS as P } from '../../../lib/permissions';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

export const getTaskAttachments = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<EvidenceDocument[]>(taskPath(id, 'attachments'), { graph, signal, notices: false });

export const getTaskAttachmentsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: TASK_KEYS.attachments(graph, id), queryFn: ({ signal }) => getTaskAttachments(graph, id, signal) });

export function useTaskAttachments(graph: string, id: string, enabled = true) {
  return useQuery({ ...getTaskAttachmentsQueryOptions(graph, id), enabled });
}

/** The URL of a document's current bytes: `inline` to open it in a tab (the API's preview policy), else a download. */
export const attachmentUrl = (graph: string, documentId: string, inline: boolean) =>
  buildUrl(`documents/${encodeURIComponent(documentId)}/download`, { graph, params: inline ? { inline: true } : {} });

/** Documents of the library whose name or text matches, for "Link from the library". */
export function useLibrarySearch(graph: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: TASK_KEYS.library(graph, search),
    queryFn: ({ signal }) => apiClient.get<DocumentPage>('documents', { graph, params: { q: search, limit: 20 }, signal, notices: false }),
    enabled,
  });
}

export function uploadTaskAttachment(graph: string, id: string, file: File, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<DocumentUploadResult> {
  if (file.size > DOCUMENT_MAX_BYTES) return Promise.reject(new ApiError(413, documentTooLarge(DOCUMENT_MAX_BYTES)));
  const body = new FormData();
  body.append('task', id);
  body.append('files', file, file.name);
  return apiClient.upload<DocumentUploadResult>('documents', body, { graph, permission: P.UPLOAD_DOCUMENT, onProgress, signal, notices: false });
}

export const linkTaskAttachment = (graph: string, id: string, documentId: string, linked: boolean) => {
  const path = `documents/${encodeURIComponent(documentId)}/tasks/${encodeURIComponent(id)}`;
  const options = { graph, permission: P.UPLOAD_DOCUMENT, notices: false as const };
  return linked ? apiClient.put<void>(path, undefined, options) : apiClient.delete<void>(path, options);
};

function useRefresh(graph: string, id: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: TASK_KEYS.attachments(graph, id) }), queryClient.invalidateQueries({ queryKey: ['documents', graph] })]);
}

export function useLinkTaskAttachment(graph: string, id: string) {
  const refresh = useRefresh(graph, id);
  return useMutation({
    mutationFn: ({ documentId, linked }: { documentId: string; linked: boolean }) => linkTaskAttachment(graph, id, documentId, linked),
    onSuccess: refresh,
  });
}

export function useUploadTaskAttachment(graph: string, id: string) {
  const refresh = useRefresh(graph, id);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (progress: UploadProgress) => void }) => uploadTaskAttachment(graph, id, file, onProgress),
    onSuccess: refresh,
  });
}
