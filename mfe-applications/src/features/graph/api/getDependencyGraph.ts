// GET apps/{appKey}/builds/{buildId}/graph: a processed build's components and dependency edges,
// as the graph view draws them. A processed build does not change: fresh for the 5 minutes of
// builds (spec 9).
import { apiClient, FRESHNESS, type DependencyGraph } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const getDependencyGraph = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<DependencyGraph>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/graph`, { graph, notices: false, signal });

export const getDependencyGraphQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: [...APP_KEYS.build(graph, appKey, buildId), 'graph'] as const,
    queryFn: ({ signal }) => getDependencyGraph(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
  });

export function useDependencyGraph(graph: string, appKey: string, buildId: string) {
  return useQuery(getDependencyGraphQueryOptions(graph, appKey, buildId));
}
