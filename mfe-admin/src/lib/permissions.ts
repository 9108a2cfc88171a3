// Permission checks of the administration screens, in the browser. The permission strings they
// check to hide actions come from the catalogue (@portal/shared/permissions), so a string the
// catalogue does not hold is a type error. Single checks use useAllowed (usePermitted of
// @portal/shared, typed to these strings); the page lists of the landing and Organization
// Administration pages check several at once with usePermittedEach, combined with all/any as the
// route guards do (shared/src/permissions/routeGuards.ts).
import { isPermitted, sessionStore, subscribePermissionChecker, usePermitted, type KnownPermissionCheck } from '@portal/shared';
import { PERMISSIONS, type Permission } from '@portal/shared/permissions';
import { useSyncExternalStore } from 'react';

const { administration, applications, operations, processes } = PERMISSIONS;

export const ADMIN_PERMISSIONS = {
  CREATE_USER: administration.USER.CREATE,
  /** Activate and deactivate change the user. */
  UPDATE_USER: administration.USER.UPDATE,
  ENROLL_USER: administration.USER.ENROLL,
  DISENROLL_USER: administration.USER.DISENROLL,
  RESET_USER: administration.USER.RESET,
  DELETE_USER: administration.USER.DELETE,
  CREATE_WORKGROUP: administration.WORKGROUP.CREATE,
  UPDATE_WORKGROUP: administration.WORKGROUP.UPDATE,
  DELETE_WORKGROUP: administration.WORKGROUP.DELETE,
  CREATE_PROCESS: processes.CREATE_PROCESS,
  /** Also the process's notification settings. */
  UPDATE_PROCESS: processes.UPDATE_PROCESS,
  DELETE_PROCESS: processes.DELETE_PROCESS,
  UPDATE_PROCESS_MODULE_CONFIGURATION: processes.UPDATE_PROCESS_MODULE_CONFIGURATION,
  CREATE_SERVICE_MODULE: operations.SERVICE_MODULE.CREATE,
  /** Edit, configs and API key rotation. */
  UPDATE_SERVICE_MODULE: operations.SERVICE_MODULE.UPDATE,
  DELETE_SERVICE_MODULE: operations.SERVICE_MODULE.DELETE,
  /** Process Settings → Disaster recovery: the section, its settings, its backups. */
  VIEW_DISASTER_RECOVERY: applications.DISASTER_RECOVERY.VIEW,
  CONFIGURE_DISASTER_RECOVERY: applications.DISASTER_RECOVERY.CONFIGURE,
  /** Back up now, verify and restore. */
  EXECUTE_DISASTER_RECOVERY: applications.DISASTER_RECOVERY.EXECUTE,
  DELETE_DISASTER_RECOVERY: applications.DISASTER_RECOVERY.DELETE,
  /** A Global Admin's: a backup restored into another organization than their own. */
  RESTORE_INTO_ANOTHER_ORGANIZATION: processes.GLOBAL_ORGANIZATION.CREATE,
} as const satisfies Record<string, Permission>;

export type AdminPermission = (typeof ADMIN_PERMISSIONS)[keyof typeof ADMIN_PERMISSIONS];

/** Hides an action the user may not perform; re-renders when the session, process or checker changes. */
export function useAllowed(permission: AdminPermission): boolean {
  return usePermitted(permission);
}

export type AdminCheck = KnownPermissionCheck;

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
