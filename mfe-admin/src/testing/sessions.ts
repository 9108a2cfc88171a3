// A signed-in organization administrator as GET sessions describes one. Test-only.
import type { Session } from '@portal/shared';

export function adminSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 's-admin',
    timestamp: 1,
    authenticated: true,
    authentication_status: 'Authenticated',
    organization: { id: 'o1', name: 'Acme Corp' },
    user: { id: 'u-admin', login_id: 'grace_admin', name: 'Grace Admin' },
    access_control: { policies: [], projects: [{ code_name: 'demo' }] },
    edition: 'Enterprise',
    tenancy: false,
    roles: ['ORG_ADMIN'],
    features: {},
    ...overrides,
  };
}
