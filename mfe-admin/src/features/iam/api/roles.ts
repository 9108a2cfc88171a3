// The IAM calls (docs/authorization.md, "IAM"): roles of the organization, or their global
// variants with `?scope=global`, their policies, and role assignments to users.
import { apiClient, type NewRole, type PolicyInput, type RoleChanges, type RoleAssignmentPayload, type RoleKind, type RoleScope, type RoleScopeQuery, type RoleView as Role } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_PERMISSIONS } from '../permissions';
import { usersKey } from './users';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export type { NewRole, PolicyInput, Role, RoleChanges, RoleKind, RoleScope };

export const rolesKey = (scope: RoleScope) => ['iam', 'roles', scope] as const;

const scopeParams = (scope: RoleScope) => (scope === 'global' ? ({ scope: 'global' } satisfies RoleScopeQuery) : undefined);
const rolePath = (name: string) => `iam/roles/${encodeURIComponent(name)}`;

export function useRoles(scope: RoleScope) {
  return useQuery({
    queryKey: rolesKey(scope),
    queryFn: ({ signal }) => apiClient.get<Role[]>('iam/roles', { ...FORBIDDEN_IN_PLACE, params: scopeParams(scope), signal }),
  });
}

function useRolesRefresh(scope: RoleScope) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rolesKey(scope) });
}

export function useCreateRole(scope: RoleScope) {
  const refresh = useRolesRefresh(scope);
  return useMutation({
    mutationFn: (role: NewRole) =>
      apiClient.post<Role>('iam/roles', role, { params: scopeParams(scope), permission: ROLE_PERMISSIONS[scope].CREATE }),
    onSuccess: refresh,
  });
}

export function useUpdateRole(scope: RoleScope) {
  const refresh = useRolesRefresh(scope);
  return useMutation({
    mutationFn: ({ name, changes }: { name: string; changes: RoleChanges }) =>
      apiClient.put<Role>(rolePath(name), changes, { params: scopeParams(scope), permission: ROLE_PERMISSIONS[scope].UPDATE }),
    onSuccess: refresh,
  });
}

/** DELETE: a built-in role goes back to its default, a custom role is removed from everyone. */
export function useDeleteRole(scope: RoleScope) {
  const queryClient = useQueryClient();
  const refresh = useRolesRefresh(scope);
  return useMutation({
    mutationFn: (role: Pick<Role, 'name'>) =>
      apiClient.delete<void>(rolePath(role.name), { params: scopeParams(scope), permission: ROLE_PERMISSIONS[scope].DELETE }),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: usersKey })]),
  });
}

/** The contract's body of PATCH iam/roles/{name}/assignments, with the role its path names. */
export interface RoleAssignment extends RoleAssignmentPayload {
  role: Pick<Role, 'name' | 'kind'>;
}

/** PATCH iam/roles/{name}/assignments: gives a user an organization or global role, or takes it away. */
export function useAssignRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, user_id, assigned }: RoleAssignment) =>
      apiClient.patch<void>(
        `${rolePath(role.name)}/assignments`,
        { user_id, assigned },
        { permission: ROLE_PERMISSIONS[role.kind === 'global' ? 'global' : 'organization'].ASSIGN },
      ),
    // Users' roles changed: every user list (this screen's and the user screens') is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
