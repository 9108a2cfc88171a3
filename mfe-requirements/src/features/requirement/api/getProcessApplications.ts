// GET apps: the process's applications, the choices of the requirement's applications picker.
import { apiClient, FRESHNESS, type ApplicationSummary } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

/** The permission to list the process's applications (the picker's choices). */
export const LIST_APPLICATION = 'list=>Application';

/** What the picker reads of GET apps' answer. */
export type ProcessApplication = Pick<ApplicationSummary, 'id' | 'app_key'> & Partial<Pick<ApplicationSummary, 'name'>>;

export const getProcessApplications = (graph: string) => apiClient.get<ProcessApplication[]>('apps', { graph, notices: false });

export const getProcessApplicationsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.processApplications(graph), queryFn: () => getProcessApplications(graph), staleTime: FRESHNESS.applications });

export function useProcessApplications(graph: string, enabled: boolean) {
  return useQuery({ ...getProcessApplicationsQueryOptions(graph), enabled });
}
