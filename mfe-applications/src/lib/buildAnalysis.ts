// GET apps/{appKey}/builds/{buildId}/{analysis}: one analysis of a processed build (its dependency
// graph, graph metrics, licenses, source repositories). A processed build does not change: every
// analysis is fresh for the 5 minutes of builds (spec 9). Each feature's api file names its own
// fetcher, query options and hook from this one call.
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';

export function buildAnalysisCall<T>(analysis: string, keyOf: (graph: string, appKey: string, buildId: string) => QueryKey) {
  const get = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
    apiClient.get<T>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/${analysis}`, { graph, signal });
  const options = (graph: string, appKey: string, buildId: string) =>
    queryOptions({ queryKey: keyOf(graph, appKey, buildId), queryFn: ({ signal }) => get(graph, appKey, buildId, signal), staleTime: FRESHNESS.builds });
  const useAnalysis = (graph: string, appKey: string, buildId: string) => useQuery(options(graph, appKey, buildId));
  return { get, options, useAnalysis };
}
