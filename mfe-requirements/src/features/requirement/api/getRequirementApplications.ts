// GET requirements/{id}/applications: the applications that implement a requirement (issue 6
// item 11, the traceability matrix's applications column).
import { apiClient, type LinkedApplication } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS, requirementPath } from './keys';

export type { LinkedApplication };

export const getRequirementApplications = (graph: string, id: string) =>
  apiClient.get<LinkedApplication[]>(requirementPath(id, 'applications'), { graph, notices: false });

export const getRequirementApplicationsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.applications(graph, id), queryFn: () => getRequirementApplications(graph, id) });

export function useRequirementApplications(graph: string, id: string) {
  return useQuery(getRequirementApplicationsQueryOptions(graph, id));
}
