// The permissions of Global Administration: copies of the catalogue entries named in the comments
// (shared/src/permissions/catalogue.ts; the browser does not import the server side of the
// contract). They hide actions the user may not take; the API remains the authority.
export const GLOBAL_ORGANIZATION = {
  LIST: 'list=>Organization@global', // PERMISSIONS.processes.GLOBAL_ORGANIZATION.LIST
  VIEW: 'view=>Organization@global', // PERMISSIONS.processes.GLOBAL_ORGANIZATION.VIEW
  CREATE: 'create=>Organization@global', // PERMISSIONS.processes.GLOBAL_ORGANIZATION.CREATE
  DELETE: 'delete=>Organization@global', // PERMISSIONS.processes.GLOBAL_ORGANIZATION.DELETE
  CONFIGURE_MODULES: 'configureModules=>Organization@global', // PERMISSIONS.processes.GLOBAL_ORGANIZATION.CONFIGURE_MODULES
} as const;
