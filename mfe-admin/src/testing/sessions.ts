// A signed-in organization administrator as GET sessions describes one. Test-only.
import { bus, sessionStore, setPermissionChecker, type Session } from '@portal/shared';
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

/**
 * For every test of the file: the administrator signed in, the snackbars shown collected (the
 * array answered, emptied before each test), and the permission checker put back after each.
 */
export function adminForEachTest(): string[] {
  const snackbars: string[] = [];
  const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);
  beforeEach(() => {
    sessionStore.setSession(adminSession());
    snackbars.length = 0;
    bus.on('snackbar:show', onSnackbar);
  });
  afterEach(() => {
    bus.off('snackbar:show', onSnackbar);
    setPermissionChecker(null);
  });
  return snackbars;
}
