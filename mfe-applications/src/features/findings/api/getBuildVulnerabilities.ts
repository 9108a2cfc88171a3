// POST apps/{appKey}/builds/{buildId}/vulnerabilities: a page of the build's findings with their
// VEX analyses, filtered and sorted by the server (a read with a filter body, spec 7). The table
// reads only the pages in view, so a build with thousands of findings scrolls without reading
// them all.
import { apiClient, FRESHNESS, type BuildVulnerabilityPage, type BuildVulnerabilityQuery } from '@portal/shared';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { APP_KEYS } from '../../../lib/queryKeys';

export const FINDINGS_PAGE_SIZE = 100;

export type FindingsQuery = Omit<BuildVulnerabilityQuery, 'offset' | 'limit'>;

const path = (appKey: string, buildId: string) => `apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/vulnerabilities`;

/**
 * The API orders severity by rank, CRITICAL first when ascending; the screens call worst first
 * "descending" (the most severe on top), as people read a severity column.
 */
export function apiOrder(query: FindingsQuery): FindingsQuery {
  if ((query.sort ?? 'severity') !== 'severity' || query.order === undefined) return query;
  return { ...query, order: query.order === 'desc' ? 'asc' : 'desc' };
}

export const getBuildVulnerabilities = (graph: string, appKey: string, buildId: string, query: FindingsQuery, page: number, signal?: AbortSignal) =>
  apiClient.post<BuildVulnerabilityPage>(path(appKey, buildId), { ...apiOrder(query), offset: page * FINDINGS_PAGE_SIZE, limit: FINDINGS_PAGE_SIZE }, { graph, signal });

export const getBuildVulnerabilitiesQueryOptions = (graph: string, appKey: string, buildId: string, query: FindingsQuery, page: number) =>
  queryOptions({
    queryKey: [...APP_KEYS.findings(graph, appKey, buildId), 'page', query, page] as const,
    queryFn: ({ signal }) => getBuildVulnerabilities(graph, appKey, buildId, query, page, signal),
    staleTime: FRESHNESS.builds,
  });

/** The pages of rows start..end besides page 0, which is always read (it holds the total). */
export function pagesOf(start: number, end: number): number[] {
  const pages = new Set<number>();
  if (end >= start) for (let page = Math.floor(start / FINDINGS_PAGE_SIZE); page <= Math.floor(end / FINDINGS_PAGE_SIZE); page += 1) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}

export function useBuildVulnerabilityPages(graph: string, appKey: string, buildId: string, query: FindingsQuery, start: number, end: number) {
  // A new order or filter keeps the rows shown until its first page arrives (no flash of "Loading").
  const first = useQuery({ ...getBuildVulnerabilitiesQueryOptions(graph, appKey, buildId, query, 0), placeholderData: keepPreviousData });
  const pages = pagesOf(start, end).filter((page) => page > 0);
  const results = useQueries({ queries: pages.map((page) => getBuildVulnerabilitiesQueryOptions(graph, appKey, buildId, query, page)) });
  const stamp = [first.dataUpdatedAt, ...results.map((result) => result.dataUpdatedAt)].join(',');
  const byPage = useMemo(() => {
    const map = new Map<number, BuildVulnerabilityPage['items']>();
    if (first.data) map.set(0, first.data.items);
    results.forEach((result, index) => {
      if (result.data) map.set(pages[index], result.data.items);
    });
    return map;
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- the results array is new on every render: its answers' update stamps and the pages shown are the inputs.
  }, [stamp, pages.join(',')]);
  return {
    first,
    total: first.data?.total,
    byState: first.data?.by_state,
    rowAt: (index: number) => byPage.get(Math.floor(index / FINDINGS_PAGE_SIZE))?.[index % FINDINGS_PAGE_SIZE],
    error: first.error ?? results.find((result) => result.error)?.error ?? null,
    /** Showing the rows of the previous order or filter while the new ones load. */
    stale: first.isPlaceholderData,
  };
}
