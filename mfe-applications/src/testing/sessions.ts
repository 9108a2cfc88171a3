// A signed-in member working in process CORE, or in Platform View. Test-only.
import { PLATFORM_VIEW_ID, sessionStore, type Process, type Session } from '@portal/shared';

export const PROCESS: Process = { id: 'p1', code_name: 'CORE', name: 'Core controls', type: 'REQUIREMENTS', dashboard_type: 'LIVE' };

export function memberSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 's-ada',
    timestamp: 1,
    authenticated: true,
    authentication_status: 'Authenticated',
    organization: { id: 'o1', name: 'Acme Corp' },
    user: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' },
    access_control: { policies: [], projects: [{ code_name: 'core' }, { code_name: 'edge' }] },
    edition: 'Enterprise',
    tenancy: false,
    roles: ['AUTHOR'],
    features: {},
    ...overrides,
  } as Session;
}

/** Signs the member in and makes CORE the current process. */
export function signIn(process: Partial<Process> = {}): void {
  sessionStore.setSession(memberSession());
  sessionStore.setProcess({ ...PROCESS, ...process });
}

/** Signs the member in, working in Platform View. */
export function signInPlatformView(): void {
  sessionStore.setSession(memberSession());
  sessionStore.setProcess({ id: PLATFORM_VIEW_ID, code_name: PLATFORM_VIEW_ID, name: 'Platform View', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
}
