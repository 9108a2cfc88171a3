// GET users/assignees?permission=…: the users of the organization holding `permission` in the
// process (the reviewer, implementer and gap assignee pickers).
import { apiClient, type AssigneeQuery, type UserRef } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

export const getAssignees = (graph: string, permission: string) =>
  apiClient.get<UserRef[]>('users/assignees', { graph, params: { permission } satisfies AssigneeQuery, notices: false });

export const getAssigneesQueryOptions = (graph: string, permission: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.assignees(graph, permission), queryFn: () => getAssignees(graph, permission) });

/** `retry: false` where the list is optional and a failure should not hold the form. */
export function useAssignees(graph: string, permission: string, enabled: boolean, { retry }: { retry?: false } = {}) {
  return useQuery({ ...getAssigneesQueryOptions(graph, permission), enabled, ...(retry === false ? { retry } : {}) });
}
