// GET apps/{appKey}/builds/{buildId}/graphMetrics (spec 7): depth, fan-in / fan-out, cycles and
// the most depended-on components of a processed build (fresh for the 5 minutes of builds).
import { apiClient, FRESHNESS, type GraphMetrics } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const getGraphMetrics = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<GraphMetrics>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/graphMetrics`, { graph, notices: false, signal });

export const getGraphMetricsQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: [...APP_KEYS.build(graph, appKey, buildId), 'graphMetrics'] as const,
    queryFn: ({ signal }) => getGraphMetrics(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
  });

export function useGraphMetrics(graph: string, appKey: string, buildId: string) {
  return useQuery(getGraphMetricsQueryOptions(graph, appKey, buildId));
}
