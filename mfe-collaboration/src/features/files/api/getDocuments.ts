// GET documents: a page of the process's library (folder, tag, q over names and text content).
import { apiClient, FRESHNESS } from '@portal/shared';
import { type DocumentPage, type DocumentQuery } from '@portal/shared/collaboration';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DOCUMENT_KEYS } from './keys';

export const PAGE_SIZE = 50;

export const getDocuments = (graph: string, query: DocumentQuery, signal?: AbortSignal) =>
  apiClient.get<DocumentPage>('documents', { graph, params: { ...query }, signal });

export const getDocumentsQueryOptions = (graph: string, query: DocumentQuery) =>
  queryOptions({
    queryKey: DOCUMENT_KEYS.list(graph, query),
    queryFn: ({ signal }) => getDocuments(graph, query, signal),
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
  });

export function useDocuments(graph: string, query: DocumentQuery) {
  return useQuery(getDocumentsQueryOptions(graph, query));
}
