// POST attachments/share (spec 7, issue 23 item 9): the attachment's bytes into the process's
// evidence library (Shared Files) — a new document, or a new version of the one of that name.
import { apiClient } from '@portal/shared';
import { type DocumentSummary } from '@portal/shared/collaboration';
import { useMutation } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import type { Attachment } from '../../../types/analysis';

export const shareAttachment = (graph: string, id: string) =>
  apiClient.post<DocumentSummary>('attachments/share', { attachment_id: id }, { graph, permission: P.DOCUMENT_UPLOAD, notices: false });

export function useShareAttachment(graph: string) {
  return useMutation({ mutationFn: (attachment: Attachment) => shareAttachment(graph, attachment.id) });
}
