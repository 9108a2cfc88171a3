// Platform View: the apps of every process the user may open, each with its process's name.
import { FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { acrossProcesses } from '../../../lib/acrossProcesses';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { ApplicationSummary } from '../../../lib/types';
import { getApplications } from './getApplications';

export interface PlatformApplication extends ApplicationSummary {
  process_name: string;
}

export const getPlatformApplications = (signal?: AbortSignal): Promise<PlatformApplication[]> =>
  acrossProcesses(async (process) => (await getApplications(process.code_name.toLowerCase(), signal)).map((app) => ({ ...app, process_name: process.name })), signal);

export const getPlatformApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: APP_KEYS.platform(),
    queryFn: ({ signal }) => getPlatformApplications(signal),
    staleTime: FRESHNESS.applications,
  });

export function usePlatformApplications(enabled: boolean) {
  return useQuery({ ...getPlatformApplicationsQueryOptions(), enabled });
}
