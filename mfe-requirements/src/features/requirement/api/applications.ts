// The applications that implement a requirement (issue 6 item 11, the traceability matrix's
// applications column): the linked ones, the process's applications to choose from, and linking
// or unlinking one. The keys sit under the process's requirements, so a live event refreshes them.
import { apiClient, FRESHNESS, type LinkedApplication } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { REQUIREMENT_KEYS } from './queryKeys';
import { useRequirementMutation } from './requirements';

export type { LinkedApplication };

/** The permission to list the process's applications (the picker's choices). */
export const LIST_APPLICATION = 'list=>Application';

const path = (id: string, applicationId?: string) =>
  ['requirements', encodeURIComponent(id), 'applications', ...(applicationId ? [encodeURIComponent(applicationId)] : [])].join('/');

export const getRequirementApplications = (graph: string, id: string) =>
  apiClient.get<LinkedApplication[]>(path(id), { graph, notices: false });

export const getRequirementApplicationsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.applications(graph, id), queryFn: () => getRequirementApplications(graph, id) });

export function useRequirementApplications(graph: string, id: string) {
  return useQuery(getRequirementApplicationsQueryOptions(graph, id));
}

export const getProcessApplications = (graph: string) =>
  apiClient.get<Array<{ id: string; app_key: string; name?: string }>>('apps', { graph, notices: false });

export const getProcessApplicationsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.processApplications(graph), queryFn: () => getProcessApplications(graph), staleTime: FRESHNESS.applications });

export function useProcessApplications(graph: string, enabled: boolean) {
  return useQuery({ ...getProcessApplicationsQueryOptions(graph), enabled });
}

export const linkApplication = (graph: string, id: string, applicationId: string) =>
  apiClient.put<LinkedApplication[]>(path(id, applicationId), undefined, { graph, permission: P.UPDATE_REQUIREMENT, notices: false });

export const unlinkApplication = (graph: string, id: string, applicationId: string) =>
  apiClient.delete<LinkedApplication[]>(path(id, applicationId), { graph, permission: P.UPDATE_REQUIREMENT, notices: false });

/** Links (`link: true`) or unlinks an application; everything of the process's requirements is read again. */
export function useApplicationLink(graph: string, id: string) {
  return useRequirementMutation(graph, ({ applicationId, link }: { applicationId: string; link: boolean }) =>
    link ? linkApplication(graph, id, applicationId) : unlinkApplication(graph, id, applicationId),
  );
}
