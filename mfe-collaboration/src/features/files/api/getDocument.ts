// GET documents/{id}: a document with its versions (newest first) and the requirements it is evidence for.
import { apiClient, FRESHNESS } from '@portal/shared';
import { type DocumentDetail } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DOCUMENT_KEYS } from './keys';

export const getDocument = (graph: string, id: string, signal?: AbortSignal) => apiClient.get<DocumentDetail>(`documents/${encodeURIComponent(id)}`, { graph, signal });

export const getDocumentQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: DOCUMENT_KEYS.detail(graph, id), queryFn: ({ signal }) => getDocument(graph, id, signal), staleTime: FRESHNESS.applications });

export function useDocument(graph: string, id: string | undefined) {
  return useQuery({ ...getDocumentQueryOptions(graph, id ?? ''), enabled: id !== undefined });
}
