// Workgroups of the organization (docs/authorization.md "Workgroups"): read, create, replace and
// delete, each naming the permission it needs.
import { apiClient, FRESHNESS, type WorkgroupMember, type WorkgroupPayload, type WorkgroupView as WorkgroupDetails } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { USER_KEYS } from '../../user-list';
import { ADMIN_PERMISSIONS } from '../../../lib/permissions';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export type { WorkgroupDetails, WorkgroupMember, WorkgroupPayload };

/** The workgroups list; the User List's member changes invalidate it too. */
export const WORKGROUP_KEYS = { list: ['admin', 'workgroups'] as const };

export function useWorkgroups() {
  return useQuery({
    queryKey: WORKGROUP_KEYS.list,
    queryFn: () => apiClient.get<WorkgroupDetails[]>('workgroups', FORBIDDEN_IN_PLACE),
    staleTime: FRESHNESS.workgroups,
  });
}

const path = (id: string) => `workgroups/${encodeURIComponent(id)}`;
// The users overview lists each user's workgroups.
const CHANGED = [WORKGROUP_KEYS.list, USER_KEYS.list];

export const workgroupCommands = {
  create: (payload: WorkgroupPayload) =>
    apiClient.post<WorkgroupDetails>('workgroups', payload, { permission: ADMIN_PERMISSIONS.CREATE_WORKGROUP }),
  update: ({ id, ...payload }: WorkgroupPayload & { id: string }) =>
    apiClient.put<WorkgroupDetails>(path(id), payload, { permission: ADMIN_PERMISSIONS.UPDATE_WORKGROUP }),
  remove: (id: string) => apiClient.delete<void>(path(id), { permission: ADMIN_PERMISSIONS.DELETE_WORKGROUP }),
};

export const useCreateWorkgroup = () => useAdminMutation(workgroupCommands.create, CHANGED);
export const useUpdateWorkgroup = () => useAdminMutation(workgroupCommands.update, CHANGED);
export const useDeleteWorkgroup = () => useAdminMutation(workgroupCommands.remove, CHANGED);
