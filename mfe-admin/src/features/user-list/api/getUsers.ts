// GET users: the users of the caller's organization (docs/authorization.md "Users"). The User List,
// the workgroup member picker and the roles overview all read this one list.
import { apiClient, FRESHNESS, type ProcessMembership, type UserSummary } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

export type { ProcessMembership, UserSummary };

/** The users list; what changes a user, a membership or a workgroup's members invalidates it. */
export const USER_KEYS = { list: ['admin', 'users'] as const };

export function getUsers(signal?: AbortSignal): Promise<UserSummary[]> {
  return apiClient.get<UserSummary[]>('users', { ...FORBIDDEN_IN_PLACE, signal });
}

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: USER_KEYS.list, queryFn: ({ signal }) => getUsers(signal), staleTime: FRESHNESS.users });

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
