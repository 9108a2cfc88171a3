// The User List's calls (docs/authorization.md "Users"): invite, activate, deactivate, reset the
// password, delete, and set a user's roles in a process. Each names the permission it needs, so
// the API client refuses it locally (403) when the session lacks it; failures are shown by the
// screen from the problem detail, not as a notice.
import { apiClient, type InvitePayload, type MembershipPayload } from '@portal/shared';
import { useAdminMutation } from '../../../lib/useAdminMutation';
import { WORKGROUP_KEYS } from '../../collaboration';
import { USER_KEYS, type UserSummary } from './getUsers';
import { ADMIN_PERMISSIONS } from '../../../lib/permissions';

export type { InvitePayload, MembershipPayload };

const path = (id: string, ...rest: string[]) => ['users', encodeURIComponent(id), ...rest].join('/');

export const userCommands = {
  invite: (payload: InvitePayload) =>
    apiClient.post<UserSummary>('users', payload, { permission: ADMIN_PERMISSIONS.CREATE_USER }),
  activate: ({ id, new_password }: { id: string; new_password: string }) =>
    apiClient.patch<UserSummary>(path(id, 'activate'), { new_password }, { permission: ADMIN_PERMISSIONS.UPDATE_USER }),
  deactivate: (id: string) => apiClient.patch<UserSummary>(path(id, 'deactivate'), undefined, { permission: ADMIN_PERMISSIONS.UPDATE_USER }),
  resetPassword: ({ id, new_password }: { id: string; new_password: string }) =>
    apiClient.patch<void>(path(id, 'password', 'reset'), { new_password }, { permission: ADMIN_PERMISSIONS.RESET_USER }),
  remove: (id: string) => apiClient.delete<void>(path(id), { permission: ADMIN_PERMISSIONS.DELETE_USER }),
  setMembership: (payload: MembershipPayload) =>
    apiClient.patch<UserSummary>('users/memberships', payload, {
      permission: payload.roles.length === 0 ? ADMIN_PERMISSIONS.DISENROLL_USER : ADMIN_PERMISSIONS.ENROLL_USER,
    }),
};

const USERS = [USER_KEYS.list];
// Workgroup member lists show users too.
const USERS_AND_WORKGROUPS = [USER_KEYS.list, WORKGROUP_KEYS.list];

export const useInviteUser = () => useAdminMutation(userCommands.invite, USERS);
export const useActivateUser = () => useAdminMutation(userCommands.activate, USERS);
export const useDeactivateUser = () => useAdminMutation(userCommands.deactivate, USERS);
export const useResetPassword = () => useAdminMutation(userCommands.resetPassword, USERS);
export const useDeleteUser = () => useAdminMutation(userCommands.remove, USERS_AND_WORKGROUPS);
export const useSetMembership = () => useAdminMutation(userCommands.setMembership, USERS);
