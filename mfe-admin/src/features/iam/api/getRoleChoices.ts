// The roles an administrator can hand out: organization roles (held by the user) and process
// roles (held per process through memberships). GET iam/roles lists the organization's roles,
// custom ones included; when it cannot be read the built-in roles are offered.
import { apiClient, type RoleView } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Built-in roles of docs/authorization.md "Built-in roles". */
export const BUILT_IN_PROCESS_ROLES = ['READER', 'AUTHOR', 'REVIEWER', 'ADMIN'] as const;
export const BUILT_IN_ORGANIZATION_ROLES = ['ORG_ADMIN', 'DEMO'] as const;

/** What these choices read of GET iam/roles' answer. */
type RoleSummary = Pick<RoleView, 'name' | 'kind'>;

export interface RoleChoices {
  organization: string[];
  process: string[];
}

function withBuiltIns(builtIns: readonly string[], names: string[]): string[] {
  return [...builtIns, ...names.filter((name) => !builtIns.includes(name)).sort()];
}

export const ROLE_CHOICE_KEYS = { list: ['admin', 'roles'] as const };

// Its failure (a 403 for who may not list roles) falls back to the built-in roles: no notice.
export const getRoleSummaries = (signal?: AbortSignal) => apiClient.get<RoleSummary[]>('iam/roles', { notices: false, signal });

export const getRoleSummariesQueryOptions = () => queryOptions({ queryKey: ROLE_CHOICE_KEYS.list, queryFn: ({ signal }) => getRoleSummaries(signal) });

export function useRoleChoices(): RoleChoices {
  const roles = useQuery(getRoleSummariesQueryOptions());
  const list = roles.data ?? [];
  return {
    organization: withBuiltIns(BUILT_IN_ORGANIZATION_ROLES, list.filter((role) => role.kind === 'organization').map((role) => role.name)),
    process: withBuiltIns(BUILT_IN_PROCESS_ROLES, list.filter((role) => role.kind === 'process').map((role) => role.name)),
  };
}
