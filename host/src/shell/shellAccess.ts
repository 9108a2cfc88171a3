// Who sees which part of the header (spec 2.3): a session signed in with the one-time-password
// login, or without access control, gets only LOGOUT; the demo items need the demo permission.
import { INITIATOR_LOGIN, sessionStore, type KnownPermissionCheck, type Session } from '@portal/shared';
import type { Authorization } from '../permissions/Authorization';
import { staysOn } from '../session/redirects';

export const PERFORM_DEMO: KnownPermissionCheck = 'perform=>Demo';
export const VIEW_SUBSCRIPTION: KnownPermissionCheck = 'view=>Subscription@organization';

/** Only LOGOUT for the one-time-password login or a session without access control. */
export function onlyLogout(session: Session | null): boolean {
  return !session || session.user?.login_id === INITIATOR_LOGIN || !session.access_control;
}

/**
 * The demo permission, decided only once the evaluator is ready (never while it loads): in the
 * current process, or organization-wide (the DEMO role), so Platform View keeps the version
 * label and the demo items of the user menu.
 */
export function isDemoUser(authorization: Authorization | null): boolean {
  if (!authorization) return false;
  return authorization.permits(PERFORM_DEMO) || authorization.permitsInOrganization(PERFORM_DEMO);
}

/** Whether no redirect of spec 4.1 would take the signed-in user away from the path (none signed in: it would not). */
export function mayStayOn(path: string): boolean {
  const session = sessionStore.getState().session;
  return !session || staysOn(session, path);
}

/**
 * A menu or navigation entry of a route: the user may stay there (spec 4.1's visibility limits), its
 * route guard passes and, when given, the check too.
 */
export function mayOpen(authorization: Authorization | null, path: string, check?: KnownPermissionCheck): boolean {
  if (!authorization) return false;
  return mayStayOn(path) && authorization.canOpen(path) && (check === undefined || authorization.permits(check));
}
