// A signed-in organization administrator as GET sessions describes one. Test-only.
import type { Session } from '@portal/shared';
import { testSession } from '@portal/shared/testing';

export function adminSession(overrides: Partial<Session> = {}): Session {
  return testSession({
    session_id: 's-admin',
    user: { id: 'u-admin', login_id: 'grace_admin', name: 'Grace Admin' },
    access_control: { policies: [], projects: [{ code_name: 'demo' }] },
    roles: ['ORG_ADMIN'],
    ...overrides,
  });
}
