// GET apps/appSettings/{id}: one app's settings, fresh for 30 minutes (spec 9).
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { AppSettings } from '../../../lib/types';

export const getAppSettings = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<AppSettings>(`apps/appSettings/${encodeURIComponent(id)}`, { graph, signal });

export const getAppSettingsQueryOptions = (graph: string, id: string) =>
  queryOptions({
    queryKey: [...APP_KEYS.settings(graph), id],
    queryFn: ({ signal }) => getAppSettings(graph, id, signal),
    staleTime: FRESHNESS.appSettings,
  });

export function useAppSettings(graph: string, id: string, enabled: boolean) {
  return useQuery({ ...getAppSettingsQueryOptions(graph, id), enabled });
}
