// The users a role can be given to: GET users of the caller's organization, or of a chosen
// organization for a Global Admin (`?organization=<id>`), docs/authorization.md "Users".
import { apiClient, FRESHNESS, type UserListQuery } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import type { UserSummary } from '../../user-list';
import { FORBIDDEN_IN_PLACE } from '../../../lib/inPlaceErrors';

/** The fields of the User List's UserSummary this screen uses. */
export type RoleHolder = Pick<UserSummary, 'id' | 'login_id' | 'name' | 'email' | 'roles' | 'inactive'>;

/** The prefix of every user read; assignment changes invalidate all of them. */
export const usersKey = ['users'] as const;

export function useUsers(organization: string | undefined) {
  return useQuery({
    queryKey: [...usersKey, 'iam', organization ?? 'own'],
    queryFn: ({ signal }) =>
      apiClient.get<RoleHolder[]>('users', { ...FORBIDDEN_IN_PLACE, params: organization ? ({ organization } satisfies UserListQuery) : undefined, signal }),
    staleTime: FRESHNESS.users,
  });
}
