// GET apps/{appKey}: the app with its builds, newest first. While a build is being processed the
// answer is read again every few seconds, so its status is followed until it is final.
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { isFinalStatus, type ApplicationDetail } from '../../../lib/types';

/** How often a build still processing is looked at. */
export const PROCESSING_POLL_MS = 2000;

export const getApplication = (graph: string, appKey: string, signal?: AbortSignal) =>
  apiClient.get<ApplicationDetail>(`apps/${encodeURIComponent(appKey)}`, { graph, signal });

export const getApplicationQueryOptions = (graph: string, appKey: string) =>
  queryOptions({
    queryKey: APP_KEYS.app(graph, appKey),
    queryFn: ({ signal }) => getApplication(graph, appKey, signal),
    staleTime: FRESHNESS.applications,
    refetchInterval: (query) => (query.state.data?.builds.some((build) => !isFinalStatus(build.status)) ? PROCESSING_POLL_MS : false),
  });

export function useApplication(graph: string | undefined, appKey: string) {
  return useQuery({ ...getApplicationQueryOptions(graph ?? '', appKey), enabled: graph !== undefined });
}
