// GET apps: the process's applications, the upload's "application" choice.
import { apiClient, FRESHNESS } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { APPLICATION_KEYS } from '../../../lib/queryKeys';

export interface ProcessApplication {
  id: string;
  app_key: string;
  name?: string;
}

export const getApplications = (graph: string) => apiClient.get<ProcessApplication[]>('apps', { graph, notices: false });

export function useApplications(graph: string, enabled = true) {
  return useQuery({ queryKey: APPLICATION_KEYS.list(graph), queryFn: () => getApplications(graph), staleTime: FRESHNESS.applications, enabled: enabled && graph !== '' });
}
