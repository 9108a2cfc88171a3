// GET apps: the process's applications, the choices of the requirement's applications picker.
import { apiClient, FRESHNESS } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

/** The permission to list the process's applications (the picker's choices). */
export const LIST_APPLICATION = 'list=>Application';

export interface ProcessApplication {
  id: string;
  app_key: string;
  name?: string;
}

export const getProcessApplications = (graph: string) => apiClient.get<ProcessApplication[]>('apps', { graph, notices: false });

export const getProcessApplicationsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.processApplications(graph), queryFn: () => getProcessApplications(graph), staleTime: FRESHNESS.applications });

export function useProcessApplications(graph: string, enabled: boolean) {
  return useQuery({ ...getProcessApplicationsQueryOptions(graph), enabled });
}
