// Test data for the host's unit and component tests: sessions with access control shaped as the
// API builds it (docs/authorization.md: a process role's policies carry `project == "<code>"`),
// and the processes GET /api/projects answers. Used by *.test.ts(x) files only.
import type { Policy, Process, Session } from '@portal/shared';
import { allow, testSession } from '@portal/shared/testing';

export { allow };

/** The permissions of a reader of a process (a subset of the API's READER). */
export const READER_PERMISSIONS = [
  'list=>Requirement',
  'view=>Requirement',
  'list=>Task',
  'view=>Task',
  'list=>Document',
  'use=>OrgChart',
  'view=>OrgChart',
  'list=>Application',
  'view=>Application',
  'view=>Process',
  'use=>Module::Requirement',
  'use=>Module::CodeProvenance',
  'view=>Portfolio',
  'view=>PriorityPlane',
  'use=>ContinuousMonitoring',
];

/** What an ADMIN of a process adds to the reader's. */
export const ADMIN_PERMISSIONS = [
  ...READER_PERMISSIONS,
  'create=>Requirement',
  'update=>Requirement',
  'update=>Process',
  'delete=>Process',
];

/** Organization-level rights, unconditioned (as ORG_ADMIN's). */
export const ORGANIZATION_PERMISSIONS = ['access=>Administration', 'create=>Process', 'list=>Role', 'list=>User'];

/** The policies of a process role held in the given processes. */
export function processRole(role: string, permissions: readonly string[], codes: readonly string[]): Policy[] {
  return codes.flatMap((code) => allow(permissions, `Role::${role}`, `project == "${code}"`));
}

export function process(code: string, name = code.toUpperCase(), type: Process['type'] = 'REQUIREMENTS'): Process {
  return { id: `id-${code}`, code_name: code, name, type, dashboard_type: 'LIVE' };
}

export function sessionWith(policies: Policy[], projects: readonly string[], overrides: Partial<Session> = {}): Session {
  return testSession({
    session_id: 's',
    organization: { id: 'org', name: 'Acme' },
    user: { id: 'u-ada', login_id: 'ada', name: 'Ada Lovelace' },
    access_control: { policies, projects: projects.map((code_name) => ({ code_name })) },
    ...overrides,
  });
}

/** Ann signed in, and nothing more: no organization, no access control (nothing is checked). */
export function bareSession(overrides: Partial<Session> = {}): Session {
  const { timestamp, authenticated, authentication_status } = testSession();
  return { session_id: 's', timestamp, authenticated, authentication_status, user: { id: '42', login_id: 'ann', name: 'Ann' }, ...overrides } as unknown as Session;
}
