// Signed-in members of process CORE, as the component tests use them. Test-only.
import { history, setPermissionChecker, type Process, type Session } from '@portal/shared';
import { signInWith, testProcess, testSession } from '@portal/shared/testing';

export const PROCESS: Process = testProcess();
export const AUTHOR = { id: 'u-author', login_id: 'ada', name: 'Ada Author' };
export const REVIEWER = { id: 'u-reviewer', login_id: 'rex', name: 'Rex Reviewer' };
export const IMPLEMENTER = { id: 'u-impl', login_id: 'ivy', name: 'Ivy Implementer' };

export function session(user = AUTHOR, overrides: Partial<Session> = {}): Session {
  return testSession({ session_id: `s-${user.id}`, user, access_control: { policies: [], projects: [{ code_name: 'CORE' }] }, roles: ['AUTHOR'], ...overrides });
}

/** Signs `user` in and makes CORE (with the given changes, e.g. its dashboard type) the current process. */
export function signIn(user = AUTHOR, process: Partial<Process> = {}): void {
  signInWith(session(user), { ...PROCESS, ...process });
}

/** Every test of the file starts signed in (the author, CORE) at `path`, and leaves no permission checker behind. */
export function signInEachTestAt(path: string): void {
  beforeEach(() => {
    signIn();
    history.replace(path);
  });
  afterEach(() => setPermissionChecker(null));
}
