// The permissions of IAM, from the catalogue (@portal/shared/permissions): the organization's roles
// and the global variants a Global Admin edits.
import { PERMISSIONS } from '@portal/shared/permissions';

const { ROLE, GLOBAL_ROLE } = PERMISSIONS.administration;

export const ROLE_PERMISSIONS = {
  organization: { LIST: ROLE.LIST, CREATE: ROLE.CREATE, UPDATE: ROLE.UPDATE, DELETE: ROLE.DELETE, ASSIGN: ROLE.ASSIGN },
  global: {
    LIST: GLOBAL_ROLE.LIST,
    CREATE: GLOBAL_ROLE.CREATE,
    UPDATE: GLOBAL_ROLE.UPDATE,
    DELETE: GLOBAL_ROLE.DELETE,
    ASSIGN: GLOBAL_ROLE.ASSIGN,
  },
} as const;

/** Lists the organizations to pick the users of (global role assignment). */
export const LIST_ORGANIZATIONS = PERMISSIONS.processes.GLOBAL_ORGANIZATION.LIST;
