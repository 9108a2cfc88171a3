// The permissions of Global Administration, from the catalogue (@portal/shared/permissions). They
// hide actions the user may not take; the API remains the authority.
import { PERMISSIONS } from '@portal/shared/permissions';

export const GLOBAL_ORGANIZATION = PERMISSIONS.processes.GLOBAL_ORGANIZATION;
