// Loads the spec 6 evaluator once the session is authenticated with an access control, registers
// the permission checker the API client and `usePermitted` ask, and offers the host's decisions
// (may this route open, does this check pass here or in another process) to the shell.
// Sessions without access control keep the behaviour of before: no checker, no route guards.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  graphOf,
  isPermitted,
  loadPermissionEvaluator,
  sessionStore,
  setPermissionChecker,
  useSession,
  type KnownPermissionCheck,
  type PermissionEvaluator,
  type Process,
  type RouteAccess,
} from '@portal/shared';
import { permissionContext } from './permissionContext';

export interface Authorization {
  evaluator: PermissionEvaluator;
  /** Whether the route guard of the pathname passes in the current process (unknown paths pass). */
  canOpen(pathname: string): boolean;
  /**
   * What the pathname shows in the current process: its screen, "Feature not activated" (a module
   * switched off closes it) or NO ACCESS (a permission missing). The one decision of every route.
   */
  routeAccess(pathname: string): RouteAccess;
  /** Whether the check passes in the current process (the registered checker). */
  permits(check: KnownPermissionCheck): boolean;
  /** Whether the check passes in the given process, whichever is current. */
  permitsIn(process: Pick<Process, 'code_name'>, check: KnownPermissionCheck): boolean;
  /**
   * Whether the check passes in the organization, outside any process: what an organization role
   * grants (DEMO's perform=>Demo), whichever process is current — Platform View included.
   */
  permitsInOrganization(check: KnownPermissionCheck): boolean;
}

export type AuthorizationState =
  /** No access control in the session: nothing is checked in the browser. */
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; authorization: Authorization };

const AuthorizationContext = createContext<AuthorizationState>({ status: 'off' });

export function useAuthorizationState(): AuthorizationState {
  return useContext(AuthorizationContext);
}

/** The host's decisions, or null while there are none to make (no access control, loading). */
export function useAuthorization(): Authorization | null {
  const state = useAuthorizationState();
  return state.status === 'ready' ? state.authorization : null;
}

function authorizationOf(evaluator: PermissionEvaluator): Authorization {
  return {
    evaluator,
    canOpen(pathname) {
      const guard = evaluator.guardFor(pathname);
      // The route guards are built from the catalogue's PERMISSIONS (routeGuards.ts).
      return guard === null || guard === undefined || isPermitted(guard as KnownPermissionCheck);
    },
    routeAccess(pathname) {
      const state = sessionStore.getState();
      return evaluator.routeAccess(state.session?.access_control, pathname, permissionContext(state));
    },
    permits: (check) => isPermitted(check),
    permitsIn(process, check) {
      const state = sessionStore.getState();
      return evaluator.checkPermission(state.session?.access_control, check, {
        organization: state.session?.organization?.name,
        project: graphOf(process),
      });
    },
    permitsInOrganization(check) {
      const state = sessionStore.getState();
      return evaluator.checkPermission(state.session?.access_control, check, { organization: state.session?.organization?.name });
    },
  };
}

export function AuthorizationProvider({ children }: { children: ReactNode }) {
  const hasAccessControl = useSession((state) => Boolean(state.session?.access_control));
  // Decisions read the store when made; a new value on each change re-renders the consumers.
  const session = useSession((state) => state.session);
  const process = useSession((state) => state.process);
  const [evaluator, setEvaluator] = useState<PermissionEvaluator | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!hasAccessControl) return undefined;
    let cancelled = false;
    setFailed(false);
    loadPermissionEvaluator().then(
      (loaded) => {
        if (cancelled) return;
        setPermissionChecker(
          loaded.permissionCheckerFor(
            () => sessionStore.getState().session?.access_control,
            () => permissionContext(sessionStore.getState()),
          ),
        );
        setEvaluator(() => loaded);
      },
      (error: unknown) => {
        console.error('The permission evaluator could not be loaded', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      setPermissionChecker(null);
      setEvaluator(null);
    };
  }, [hasAccessControl, attempt]);

  const state = useMemo<AuthorizationState>(() => {
    if (!hasAccessControl) return { status: 'off' };
    if (failed) return { status: 'failed', retry };
    if (!evaluator) return { status: 'loading' };
    return { status: 'ready', authorization: authorizationOf(evaluator) };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- session and process are the trigger, not an input: the decisions read the store when made, and a new value on each change re-renders the consumers.
  }, [hasAccessControl, failed, evaluator, retry, session, process]);

  return <AuthorizationContext.Provider value={state}>{children}</AuthorizationContext.Provider>;
}
