// The permissions of IAM: copies of the catalogue entries named in the comments
// (shared/src/permissions/catalogue.ts; the browser does not import the server side of the
// contract). The organization's roles and the global variants a Global Admin edits.
export const ROLE_PERMISSIONS = {
  organization: {
    LIST: 'list=>Role', // PERMISSIONS.administration.ROLE.LIST
    CREATE: 'create=>Role', // PERMISSIONS.administration.ROLE.CREATE
    UPDATE: 'update=>Role', // PERMISSIONS.administration.ROLE.UPDATE
    DELETE: 'delete=>Role', // PERMISSIONS.administration.ROLE.DELETE
    ASSIGN: 'assign=>Role', // PERMISSIONS.administration.ROLE.ASSIGN
  },
  global: {
    LIST: 'list=>Role@global', // PERMISSIONS.administration.GLOBAL_ROLE.LIST
    CREATE: 'create=>Role@global', // PERMISSIONS.administration.GLOBAL_ROLE.CREATE
    UPDATE: 'update=>Role@global', // PERMISSIONS.administration.GLOBAL_ROLE.UPDATE
    DELETE: 'delete=>Role@global', // PERMISSIONS.administration.GLOBAL_ROLE.DELETE
    ASSIGN: 'assign=>Role@global', // PERMISSIONS.administration.GLOBAL_ROLE.ASSIGN
  },
} as const;

/** Lists the organizations to pick the users of (global role assignment). */
export const LIST_ORGANIZATIONS = 'list=>Organization@global'; // PERMISSIONS.processes.GLOBAL_ORGANIZATION.LIST
