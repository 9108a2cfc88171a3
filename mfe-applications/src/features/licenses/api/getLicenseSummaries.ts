// GET apps/licenses: per app, the license categories of its latest processed build and how many
// of its components carry a license risk.
import { apiClient, FRESHNESS, type ApplicationLicenseSummary } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const getLicenseSummaries = (graph: string, signal?: AbortSignal) =>
  apiClient.get<ApplicationLicenseSummary[]>('apps/licenses', { graph, signal });

export const getLicenseSummariesQueryOptions = (graph: string) =>
  queryOptions({
    queryKey: APP_KEYS.licenseSummaries(graph),
    queryFn: ({ signal }) => getLicenseSummaries(graph, signal),
    staleTime: FRESHNESS.applications,
  });

export function useLicenseSummaries(graph: string, enabled: boolean) {
  return useQuery({ ...getLicenseSummariesQueryOptions(graph), enabled });
}
