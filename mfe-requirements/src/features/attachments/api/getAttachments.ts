// GET requirements/{id}/attachments: the files attached to a requirement.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attachment } from '../../../types/analysis';
import { ATTACHMENT_KEYS } from './keys';

export const getAttachments = (graph: string, requirementId: string, signal?: AbortSignal) =>
  apiClient.get<Attachment[]>(`requirements/${encodeURIComponent(requirementId)}/attachments`, { graph, signal });

export const getAttachmentsQueryOptions = (graph: string, requirementId: string) =>
  queryOptions({ queryKey: ATTACHMENT_KEYS.list(graph, requirementId), queryFn: ({ signal }) => getAttachments(graph, requirementId, signal) });

export function useAttachments(graph: string, requirementId: string) {
  return useQuery(getAttachmentsQueryOptions(graph, requirementId));
}
