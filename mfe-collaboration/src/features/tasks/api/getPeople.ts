// Who a task can go to: GET users/assignees?permission=… (the organization's users holding the
// permission in the process), GET workgroups (the organization's), and GET workgroups/myMembership
// (the caller's own — task authorization opens a group's tasks to its members).
import { apiClient, FRESHNESS, type AssigneeQuery, type UserRef, type WorkgroupView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PEOPLE_KEYS } from '../../../lib/queryKeys';

export const getAssignees = (graph: string, permission: string) =>
  apiClient.get<UserRef[]>('users/assignees', { graph, params: { permission } satisfies AssigneeQuery, notices: false });

export const getAssigneesQueryOptions = (graph: string, permission: string) =>
  queryOptions({ queryKey: PEOPLE_KEYS.assignees(graph, permission), queryFn: () => getAssignees(graph, permission), staleTime: FRESHNESS.users });

export function useAssignees(graph: string, permission: string, enabled = true) {
  return useQuery({ ...getAssigneesQueryOptions(graph, permission), enabled: enabled && graph !== '' });
}

export const getWorkgroups = () => apiClient.get<WorkgroupView[]>('workgroups', { notices: false });

export const getWorkgroupsQueryOptions = () =>
  queryOptions({ queryKey: PEOPLE_KEYS.workgroups(), queryFn: getWorkgroups, staleTime: FRESHNESS.workgroups });

export function useWorkgroups(enabled = true) {
  return useQuery({ ...getWorkgroupsQueryOptions(), enabled });
}

export const getMyWorkgroups = () => apiClient.get<{ id: string; name: string }[]>('workgroups/myMembership', { notices: false });

export const getMyWorkgroupsQueryOptions = () =>
  queryOptions({ queryKey: PEOPLE_KEYS.myWorkgroups(), queryFn: getMyWorkgroups, staleTime: FRESHNESS.workgroups });

export function useMyWorkgroups() {
  return useQuery(getMyWorkgroupsQueryOptions());
}
