// The permission strings the deployment profile and RBOM screens check, from the catalogue
// (@portal/shared/permissions).
import { PERMISSIONS } from '@portal/shared/permissions';

const { DEPLOYMENT_PROFILE, RBOM } = PERMISSIONS.applications;

export const PROFILE_PERMISSIONS = {
  LIST: DEPLOYMENT_PROFILE.LIST,
  CREATE: DEPLOYMENT_PROFILE.CREATE,
  UPDATE: DEPLOYMENT_PROFILE.UPDATE,
  DELETE: DEPLOYMENT_PROFILE.DELETE,
  /** Setting or changing a profile's build. */
  ATTACH: DEPLOYMENT_PROFILE.ATTACH,
  VIEW_RBOM: RBOM.VIEW,
  EXPORT_RBOM: RBOM.EXPORT,
  SHARE_RBOM: RBOM.SHARE,
} as const;
