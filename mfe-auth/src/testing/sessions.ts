import type { AuthenticationStatus, Session } from '@portal/shared';
import { testSession } from '@portal/shared/testing';

/** A session as GET/POST sessions answers it, in the given state. */
export function sampleSession(status: AuthenticationStatus, overrides: Partial<Session> = {}): Session {
  return testSession({
    session_id: `s-${status || 'empty'}`,
    authenticated: status === 'Authenticated',
    authentication_status: status,
    user: { id: 'u1', login_id: 'alice@example.com', name: 'Alice Example' },
    access_control: { policies: [], projects: [] },
    roles: ['ADMIN'],
    ...overrides,
  });
}
