// Permission checks of the administration screens, in the browser. Single checks use
// `usePermitted` from @portal/shared; the page lists of the landing and Organization
// Administration pages check several at once with usePermittedEach. The checks are permission
// strings combined with all/any as the route guards do (shared/src/permissions/routeGuards.ts).
import { isPermitted, sessionStore, subscribePermissionChecker, type PermissionCheck } from '@portal/shared';
import { useSyncExternalStore } from 'react';

export type AdminCheck = PermissionCheck;

export const allOf = (...checks: AdminCheck[]): AdminCheck => ({ all: checks });
export const anyOf = (...checks: AdminCheck[]): AdminCheck => ({ any: checks });

/** Re-runs on a change of the session (and process) or of the registered checker, as usePermitted does. */
function subscribe(onChange: () => void): () => void {
  const unsubscribeSession = sessionStore.subscribe(onChange);
  const unsubscribeChecker = subscribePermissionChecker(onChange);
  return () => {
    unsubscribeSession();
    unsubscribeChecker();
  };
}

/** Whether each of the checks passes, in their order. */
export function usePermittedEach(checks: readonly AdminCheck[]): boolean[] {
  // A string snapshot: stable for the same answers, whatever the checks' identity.
  const snapshot = () => checks.map((check) => (isPermitted(check) ? '1' : '0')).join('');
  const answers = useSyncExternalStore(subscribe, snapshot, snapshot);
  return [...answers].map((answer) => answer === '1');
}
