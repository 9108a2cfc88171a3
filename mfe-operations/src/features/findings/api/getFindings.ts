// GET security/findings: the process's findings of a filter, page by page (keyset: each page's
// next_cursor reads the next), asked with counts=false; the filter's total and its counts per
// severity and category come from GET security/findings/counts beside it, so the page is not held
// up by counting (over 200,000 findings a count costs several times the page).
import { apiClient, FRESHNESS } from '@portal/shared';
import type { SecurityFindingCounts, SecurityFindingsPage } from '@portal/shared/operations';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DRILL_DOWN, filterOfQuery, type FindingsQuery } from '../../../lib/findingsQuery';
import { FINDING_KEYS } from '../../../lib/queryKeys';

export { FINDING_SORTS, type FindingSort, type FindingsQuery } from '../../../lib/findingsQuery';

export const PAGE_SIZE = 50;

/** The query string of a filter, as the list and its CSV export read it. */
export function findingsParams(query: FindingsQuery): Record<string, string> {
  const params: Record<string, string> = { sort: query.sort, order: query.order };
  if (query.category.length > 0) params.category = query.category.join(',');
  if (query.severity && query.severity.length > 0) params.severity = query.severity.join(',');
  if (query.state && query.state.length > 0) params.state = query.state.join(',');
  if (query.tool) params.tool = query.tool;
  if (query.scope) params.scope = query.scope;
  if (query.provider && query.provider.length > 0) params.provider = query.provider.join(',');
  for (const name of DRILL_DOWN) {
    const value = query[name];
    if (value) params[name] = value;
  }
  if (query.overdue) params.overdue = 'true';
  if (query.q) params.q = query.q;
  return params;
}

export const getFindings = (graph: string, query: FindingsQuery, cursor: string | null, signal?: AbortSignal) =>
  apiClient.get<SecurityFindingsPage>('security/findings', {
    graph,
    params: { ...findingsParams(query), counts: 'false', limit: String(query.limit ?? PAGE_SIZE), ...(cursor ? { cursor } : {}) },
    signal,
  });

export const getFindingPagesOptions = (graph: string, query: FindingsQuery) =>
  infiniteQueryOptions({
    queryKey: FINDING_KEYS.list(graph, query),
    queryFn: ({ pageParam, signal }) => getFindings(graph, query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
  });

/** The list's pages ("Load more" reads the next one). */
export function useFindingPages(graph: string, query: FindingsQuery) {
  return useInfiniteQuery({ ...getFindingPagesOptions(graph, query), enabled: graph !== '' });
}

/**
 * The filter's total and its counts per severity and category (the list's "N findings", the
 * overview's table): read once per filter, not again when only the sort or the page changes.
 */
export function useFindingCounts(graph: string, query: FindingsQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: FINDING_KEYS.counts(graph, filterOfQuery(query)),
      queryFn: ({ signal }) => {
        const { sort: _sort, order: _order, ...params } = findingsParams(query);
        return apiClient.get<SecurityFindingCounts>('security/findings/counts', { graph, params, signal });
      },
      staleTime: FRESHNESS.applications,
      placeholderData: keepPreviousData,
      enabled: enabled && graph !== '',
    }),
  );
}

/** One page of a filter: the overview's newest findings. */
export function useFindingsPage(graph: string, query: FindingsQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: FINDING_KEYS.list(graph, query),
      queryFn: ({ signal }) => getFindings(graph, query, null, signal),
      staleTime: FRESHNESS.applications,
      enabled: enabled && graph !== '',
    }),
  );
}
