// GET apps/{appKey}: the app with its builds, newest first. A build uploaded or advancing in its
// processing ('Import SBOM' events) marks it stale: the remote's live rules (app/liveRules.ts).
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { ApplicationDetail } from '../../../lib/types';

export const getApplication = (graph: string, appKey: string, signal?: AbortSignal) =>
  apiClient.get<ApplicationDetail>(`apps/${encodeURIComponent(appKey)}`, { graph, signal });

export const getApplicationQueryOptions = (graph: string, appKey: string) =>
  queryOptions({
    queryKey: APP_KEYS.app(graph, appKey),
    queryFn: ({ signal }) => getApplication(graph, appKey, signal),
    staleTime: FRESHNESS.applications,
  });

export function useApplication(graph: string | undefined, appKey: string) {
  return useQuery({ ...getApplicationQueryOptions(graph ?? '', appKey), enabled: graph !== undefined });
}
