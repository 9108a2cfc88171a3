// GET apps/{appKey}/builds/{buildId}/repositoryAnalysis: the source repositories the build's
// components name in their external references, normalized and counted per repository and host.
import { apiClient, FRESHNESS, type RepositoryAnalysis } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const getRepositoryAnalysis = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<RepositoryAnalysis>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/repositoryAnalysis`, { graph, notices: false, signal });

export const getRepositoryAnalysisQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: APP_KEYS.repositories(graph, appKey, buildId),
    queryFn: ({ signal }) => getRepositoryAnalysis(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
  });

export function useRepositoryAnalysis(graph: string, appKey: string, buildId: string) {
  return useQuery(getRepositoryAnalysisQueryOptions(graph, appKey, buildId));
}
