import { GLOBAL_ADMIN_ROLE, hasRole, INITIATOR_ROLE, type Session } from '@portal/shared';

export const INITIALIZATION_PATH = '/administration/global/initialization';
export const GLOBAL_ADMINISTRATION_PATH = '/administration/global';
/** IAM is a global-admin path too: the global roles (`?scope=global`) are edited there. */
export const IAM_PATH = '/administration/iam';

/** The global-admin paths of spec 4.1: Global Administration, what lies under it, and IAM. */
export function isGlobalAdminPath(pathname: string): boolean {
  return pathname === GLOBAL_ADMINISTRATION_PATH || pathname.startsWith(`${GLOBAL_ADMINISTRATION_PATH}/`) || pathname === IAM_PATH;
}

/**
 * Where an authenticated user belongs (spec 4.1), or undefined to stay: the Initiator sees only
 * initialization; a Global Admin without an organization or without processes sees only global
 * administration (where organizations and processes are made) and IAM (global roles); everyone else goes from the home
 * route to the dashboard. (A user with an organization but no process, who may create one, is
 * taken from the dashboard to New Process by the content gate, app/ContentGate.tsx, once the
 * permissions are loaded.)
 */
export function redirectFor(session: Session, pathname: string): string | undefined {
  if (hasRole(session, INITIATOR_ROLE)) return pathname === INITIALIZATION_PATH ? undefined : INITIALIZATION_PATH;
  const hasProcesses = Boolean(session.access_control?.projects?.length);
  if (hasRole(session, GLOBAL_ADMIN_ROLE) && (!session.organization || !hasProcesses)) {
    return isGlobalAdminPath(pathname) ? undefined : GLOBAL_ADMINISTRATION_PATH;
  }
  return pathname === '/' ? '/dashboard' : undefined;
}

/**
 * Whether the user stays on the pathname once there (no redirect takes them away): the shell offers
 * only such links, so the Initiator and a Global Admin without processes see only what they can use.
 */
export function staysOn(session: Session, pathname: string): boolean {
  return redirectFor(session, pathname) === undefined;
}
