// GET apps/{appKey}/builds/{buildId}: a build's processing status and its vulnerabilities by
// severity; each 'Import SBOM' event of the build (PROCESSING, DONE, FAILED) marks it stale
// (app/liveRules.ts) — no polling. Builds are fresh for 5 minutes (spec 9).
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { BuildDetail } from '../../../lib/types';

export const getBuild = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<BuildDetail>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}`, { graph, signal });

export const getBuildQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: APP_KEYS.build(graph, appKey, buildId),
    queryFn: ({ signal }) => getBuild(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
  });

export function useBuild(graph: string, appKey: string, buildId: string | undefined) {
  return useQuery({ ...getBuildQueryOptions(graph, appKey, buildId ?? ''), enabled: buildId !== undefined });
}
