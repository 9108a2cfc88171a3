// Signed-in members of process CORE, as the component tests use them. Test-only.
import { sessionStore, type Process, type Session } from '@portal/shared';

export const PROCESS: Process = { id: 'p1', code_name: 'CORE', name: 'Core controls', type: 'REQUIREMENTS', dashboard_type: 'LIVE' };
export const AUTHOR = { id: 'u-author', login_id: 'ada', name: 'Ada Author' };
export const REVIEWER = { id: 'u-reviewer', login_id: 'rex', name: 'Rex Reviewer' };
export const IMPLEMENTER = { id: 'u-impl', login_id: 'ivy', name: 'Ivy Implementer' };

export function session(user = AUTHOR, overrides: Partial<Session> = {}): Session {
  return {
    session_id: `s-${user.id}`,
    timestamp: 1,
    authenticated: true,
    authentication_status: 'Authenticated',
    organization: { id: 'o1', name: 'Acme Corp' },
    user,
    access_control: { policies: [], projects: [{ code_name: 'CORE' }] },
    edition: 'Enterprise',
    tenancy: false,
    roles: ['AUTHOR'],
    features: {},
    ...overrides,
  } as Session;
}

/** Signs `user` in and makes CORE (with the given changes, e.g. its dashboard type) the current process. */
export function signIn(user = AUTHOR, process: Partial<Process> = {}): void {
  sessionStore.setSession(session(user));
  sessionStore.setProcess({ ...PROCESS, ...process });
}
