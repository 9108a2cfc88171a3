// GET apps/{appKey}/builds/{buildId}: a build's processing status and its vulnerabilities by
// severity; read again every few seconds until the build is DONE or FAILED (builds are fresh for
// 5 minutes once final, spec 9).
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { isFinalStatus, type BuildDetail } from '../../../lib/types';
import { PROCESSING_POLL_MS } from './getApplication';

export const getBuild = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<BuildDetail>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}`, { graph, signal });

export const getBuildQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: APP_KEYS.build(graph, appKey, buildId),
    queryFn: ({ signal }) => getBuild(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
    refetchInterval: (query) => (query.state.data && !isFinalStatus(query.state.data.status) ? PROCESSING_POLL_MS : false),
  });

export function useBuild(graph: string, appKey: string, buildId: string | undefined) {
  return useQuery({ ...getBuildQueryOptions(graph, appKey, buildId ?? ''), enabled: buildId !== undefined });
}
