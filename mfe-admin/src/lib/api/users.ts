// GET users: the users of the caller's organization (docs/authorization.md "Users"). The User List,
// the workgroup member picker and the roles overview all read this one list.
import { apiClient, FRESHNESS } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_KEYS } from './queryKeys';

export interface ProcessMembership {
  /** The process's code name. */
  process: string;
  roles: string[];
}

export interface UserSummary {
  id: string;
  login_id: string;
  name: string;
  email: string;
  /** Organization (and global) roles held by the user. */
  roles: string[];
  inactive: boolean;
  mfa_enabled: boolean;
  memberships: ProcessMembership[];
  workgroups: { id: string; name: string }[];
}

export function fetchUsers(): Promise<UserSummary[]> {
  return apiClient.get<UserSummary[]>('users', { notices: false });
}

export function useUsers() {
  return useQuery({ queryKey: ADMIN_KEYS.users, queryFn: fetchUsers, staleTime: FRESHNESS.users });
}
