// GET apps/licenses/alerts: license-risk alerts, newest first — raised when a processed build
// brings a strong-copyleft or unknown license the app's previous build did not have.
import { apiClient, FRESHNESS, type LicenseRiskAlert } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';

export const getLicenseAlerts = (graph: string, signal?: AbortSignal) =>
  apiClient.get<LicenseRiskAlert[]>('apps/licenses/alerts', { graph, signal });

export const getLicenseAlertsQueryOptions = (graph: string) =>
  queryOptions({
    queryKey: APP_KEYS.licenseAlerts(graph),
    queryFn: ({ signal }) => getLicenseAlerts(graph, signal),
    staleTime: FRESHNESS.applications,
  });

export function useLicenseAlerts(graph: string, enabled: boolean) {
  return useQuery({ ...getLicenseAlertsQueryOptions(graph), enabled });
}
