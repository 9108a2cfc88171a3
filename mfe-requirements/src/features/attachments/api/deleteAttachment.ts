// DELETE attachments/{id}: the file is removed from its requirement.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys } from '../../../lib/queryKeys';
import type { Attachment } from '../../../types/analysis';
import { attachmentChangeKeys } from './keys';

export const deleteAttachment = (graph: string, id: string) =>
  apiClient.delete<void>(`attachments/${encodeURIComponent(id)}`, { graph, permission: P.DOCUMENT_DELETE });

export function useDeleteAttachment(graph: string, requirementId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachment: Attachment) => deleteAttachment(graph, attachment.id),
    onSuccess: () => invalidateKeys(queryClient, attachmentChangeKeys(graph, requirementId)),
  });
}
