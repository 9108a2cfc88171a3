// A signed-in member (Ada, login id 'ada') working in process CORE with the permissions a test
// gives her. Test-only.
import { setPermissionChecker } from '@portal/shared';
import { signInWith, testProcess, testSession } from '@portal/shared/testing';

/** Signs Ada in to CORE; with `permissions`, she holds exactly those (else every permission). */
export function signIn(permissions?: readonly string[]): void {
  signInWith(testSession(), testProcess());
  setPermissionChecker(permissions ? (permission) => permissions.includes(permission) : null);
}

/** Every test of the file starts with Ada signed in to CORE holding every permission, and leaves no checker behind. */
export function signInEachTest(): void {
  beforeEach(() => signIn());
  afterEach(() => setPermissionChecker(null));
}
