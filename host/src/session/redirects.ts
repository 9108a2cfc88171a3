import { GLOBAL_ADMIN_ROLE, hasRole, INITIATOR_ROLE, type Session } from '@portal/shared';

export const INITIALIZATION_PATH = '/administration/global/initialization';
export const GLOBAL_ADMINISTRATION_PATH = '/administration/global';

/**
 * Where an authenticated user belongs (spec 4.1), or undefined to stay: the Initiator sees only
 * initialization; a Global Admin without an organization or without processes sees only global
 * administration (where organizations and processes are made); everyone else goes from the home
 * route to the dashboard. (A user with an organization but no process, who may create one, is
 * taken from the dashboard to New Process by the content gate, app/ContentGate.tsx, once the
 * permissions are loaded.)
 */
export function redirectFor(session: Session, pathname: string): string | undefined {
  if (hasRole(session, INITIATOR_ROLE)) return pathname === INITIALIZATION_PATH ? undefined : INITIALIZATION_PATH;
  const hasProcesses = Boolean(session.access_control?.projects?.length);
  if (hasRole(session, GLOBAL_ADMIN_ROLE) && (!session.organization || !hasProcesses)) {
    return pathname === GLOBAL_ADMINISTRATION_PATH || pathname.startsWith(`${GLOBAL_ADMINISTRATION_PATH}/`)
      ? undefined
      : GLOBAL_ADMINISTRATION_PATH;
  }
  return pathname === '/' ? '/dashboard' : undefined;
}
