// The React side of the permission checker: remotes and the host hide what the session may not
// do (spec 6: the READER sees no add action). Separate from checker.ts so the API client's
// hook point stays free of React.
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../session/sessionStore';
import type { KnownPermissionCheck } from './catalogue';
import { isPermitted, subscribePermissionChecker } from './checker';

/** Re-runs on a change of the session, of the current process, or of the registered checker. */
function subscribe(onChange: () => void): () => void {
  const unsubscribeSession = sessionStore.subscribe(onChange);
  const unsubscribeChecker = subscribePermissionChecker(onChange);
  return () => {
    unsubscribeSession();
    unsubscribeChecker();
  };
}

/**
 * Whether the session may perform the check in the current process. The check may be a new
 * object on every render (`{ any: [...] }`): only its result, a boolean, is compared.
 */
export function usePermitted(check: KnownPermissionCheck): boolean {
  const snapshot = () => isPermitted(check);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
