// GET users: the users of the caller's organization (docs/authorization.md "Users"). The User List,
// the workgroup member picker and the roles overview all read this one list.
import { apiClient, FRESHNESS, type ProcessMembership, type UserSummary } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_KEYS } from './queryKeys';

export type { ProcessMembership, UserSummary };

export function fetchUsers(): Promise<UserSummary[]> {
  return apiClient.get<UserSummary[]>('users', { notices: false });
}

export function useUsers() {
  return useQuery({ queryKey: ADMIN_KEYS.users, queryFn: fetchUsers, staleTime: FRESHNESS.users });
}
