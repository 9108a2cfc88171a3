// The users the User List's tests list: the signed-in administrator as GET users describes her. Test-only.
import type { UserSummary } from '../api/getUsers';

/** Grace, the signed-in organization administrator, with what a test changes. */
export function graceAdmin(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 'u-admin',
    login_id: 'grace_admin',
    name: 'Grace Admin',
    email: 'grace@example.com',
    roles: ['ORG_ADMIN'],
    inactive: false,
    mfa_enabled: true,
    memberships: [],
    workgroups: [],
    ...overrides,
  };
}
