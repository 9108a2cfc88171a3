// POST requirements/{id}/attachments: one file as the multipart field 'file', with upload progress;
// 201 with the attachment. The panel shows a refusal itself (no notice dialog).
import { apiClient, type UploadProgress } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys } from '../../../lib/queryKeys';
import type { Attachment } from '../../../types/analysis';
import { attachmentChangeKeys } from './keys';

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

export interface AttachmentUpload {
  file: File;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads a file; once it is attached, the requirement's attachments and history are read again. */
export function useUploadAttachment(graph: string, requirementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: AttachmentUpload) => uploadAttachment(graph, requirementId, file, onProgress, signal),
    onSuccess: () => invalidateKeys(queryClient, attachmentChangeKeys(graph, requirementId)),
  });
}
