// GET apps/{appKey}/builds/{buildId}/licenses: each component's declared licenses read as SPDX,
// classified (permissive, weak copyleft, strong copyleft, unknown), with the build's summary.
import { apiClient, FRESHNESS, type LicenseAnalysis } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const getBuildLicenses = (graph: string, appKey: string, buildId: string, signal?: AbortSignal) =>
  apiClient.get<LicenseAnalysis>(`apps/${encodeURIComponent(appKey)}/builds/${encodeURIComponent(buildId)}/licenses`, { graph, notices: false, signal });

export const getBuildLicensesQueryOptions = (graph: string, appKey: string, buildId: string) =>
  queryOptions({
    queryKey: APP_KEYS.licenses(graph, appKey, buildId),
    queryFn: ({ signal }) => getBuildLicenses(graph, appKey, buildId, signal),
    staleTime: FRESHNESS.builds,
  });

export function useBuildLicenses(graph: string, appKey: string, buildId: string) {
  return useQuery(getBuildLicensesQueryOptions(graph, appKey, buildId));
}
