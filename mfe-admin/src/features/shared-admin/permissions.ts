// The permission strings the administration screens of this remote check to hide actions. The
// browser must not import the policy evaluator's catalogue (shared/src/permissions/catalogue.ts),
// so the few literals needed are copied here; each names its catalogue entry.

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
