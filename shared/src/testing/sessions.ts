// Sessions as GET /api/sessions describes them, and the process a member works in, for tests.
// Test-only.
import type { Process } from '../entities/process';
import type { Policy, Session } from '../entities/session';
import { sessionStore } from '../session/sessionStore';

/** A process of type REQUIREMENTS with a live dashboard. */
export function testProcess(code = 'CORE', overrides: Partial<Process> = {}): Process {
  return { id: 'p1', code_name: code, name: 'Core controls', type: 'REQUIREMENTS', dashboard_type: 'LIVE', ...overrides };
}

/** A signed-in member of organization Acme Corp; `overrides` replace any field. */
export function testSession(overrides: Partial<Session> = {}): Session {
  return {
    session_id: 's-ada',
    timestamp: 1,
    authenticated: true,
    authentication_status: 'Authenticated',
    organization: { id: 'o1', name: 'Acme Corp' },
    user: { id: 'u-ada', login_id: 'ada', name: 'Ada Author' },
    access_control: { policies: [], projects: [{ code_name: 'core' }] },
    edition: 'Enterprise',
    tenancy: false,
    roles: [],
    features: {},
    ...overrides,
  };
}

/** Puts `session` in the session store and, when given, makes `process` the current process. */
export function signInWith(session: Session, process?: Process): void {
  sessionStore.setSession(session);
  if (process) sessionStore.setProcess(process);
}

/** Allow policies for permission strings (`action=>Resource`, a scope suffix is dropped). */
export function allow(permissions: readonly string[], principal: string, condition: string | null = null): Policy[] {
  return permissions.map((permission) => {
    const [action, resource] = permission.replace(/@\w+$/, '').split('=>');
    return { effect: 'allow', actions: [action], resources: [resource], principals: [principal], condition };
  });
}
