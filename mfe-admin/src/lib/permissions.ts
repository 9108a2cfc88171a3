// Permission checks of the administration screens, in the browser. The permission strings they
// check to hide actions are copied here (the browser must not import the policy evaluator's
// catalogue, shared/src/permissions/catalogue.ts); each names its catalogue entry. Single checks
// use useAllowed (usePermitted of @portal/shared, typed to these strings); the page lists of the
// landing and Organization Administration pages check several at once with usePermittedEach,
// combined with all/any as the route guards do (shared/src/permissions/routeGuards.ts).
import { isPermitted, sessionStore, subscribePermissionChecker, usePermitted, type PermissionCheck } from '@portal/shared';
import { useSyncExternalStore } from 'react';

export const ADMIN_PERMISSIONS = {
  /** PERMISSIONS.administration.USER.CREATE */
  CREATE_USER: 'create=>User',
  /** PERMISSIONS.administration.USER.UPDATE (activate and deactivate change the user) */
  UPDATE_USER: 'update=>User',
  /** PERMISSIONS.administration.USER.ENROLL */
  ENROLL_USER: 'enroll=>User',
  /** PERMISSIONS.administration.USER.DISENROLL */
  DISENROLL_USER: 'disenroll=>User',
  /** PERMISSIONS.administration.USER.RESET */
  RESET_USER: 'reset=>User',
  /** PERMISSIONS.administration.USER.DELETE */
  DELETE_USER: 'delete=>User',
  /** PERMISSIONS.administration.WORKGROUP.CREATE */
  CREATE_WORKGROUP: 'create=>Workgroup',
  /** PERMISSIONS.administration.WORKGROUP.UPDATE */
  UPDATE_WORKGROUP: 'update=>Workgroup',
  /** PERMISSIONS.administration.WORKGROUP.DELETE */
  DELETE_WORKGROUP: 'delete=>Workgroup',
  /** PERMISSIONS.processes.CREATE_PROCESS */
  CREATE_PROCESS: 'create=>Process@organization',
  /** PERMISSIONS.processes.UPDATE_PROCESS (also the process's notification settings) */
  UPDATE_PROCESS: 'update=>Process',
  /** PERMISSIONS.processes.DELETE_PROCESS */
  DELETE_PROCESS: 'delete=>Process',
  /** PERMISSIONS.processes.UPDATE_PROCESS_MODULE_CONFIGURATION */
  UPDATE_PROCESS_MODULE_CONFIGURATION: 'update=>ProcessModuleConfiguration',
  /** PERMISSIONS.operations.SERVICE_MODULE.CREATE */
  CREATE_SERVICE_MODULE: 'create=>ServiceModule',
  /** PERMISSIONS.operations.SERVICE_MODULE.UPDATE (edit, configs and API key rotation) */
  UPDATE_SERVICE_MODULE: 'update=>ServiceModule',
  /** PERMISSIONS.operations.SERVICE_MODULE.DELETE */
  DELETE_SERVICE_MODULE: 'delete=>ServiceModule',
} as const;

export type AdminPermission = (typeof ADMIN_PERMISSIONS)[keyof typeof ADMIN_PERMISSIONS];

/** Hides an action the user may not perform; re-renders when the session, process or checker changes. */
export function useAllowed(permission: AdminPermission): boolean {
  return usePermitted(permission);
}

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
