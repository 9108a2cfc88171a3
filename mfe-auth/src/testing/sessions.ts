import type { AuthenticationStatus, Session } from '@portal/shared';

/** A session as GET/POST sessions answers it, in the given state. */
export function sampleSession(status: AuthenticationStatus, overrides: Partial<Session> = {}): Session {
  return {
    session_id: `s-${status || 'empty'}`,
    timestamp: 1,
    authenticated: status === 'Authenticated',
    authentication_status: status,
    organization: { id: 'o1', name: 'Acme Corp' },
    user: { id: 'u1', login_id: 'alice@example.com', name: 'Alice Example' },
    access_control: { policies: [], projects: [] },
    edition: 'Enterprise',
    tenancy: false,
    roles: ['ADMIN'],
    features: {},
    ...overrides,
  };
}
