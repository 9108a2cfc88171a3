// The permission strings the deployment profile and RBOM screens check (catalogue entries named;
// the browser does not load the catalogue).
export const PROFILE_PERMISSIONS = {
  /** applications.DEPLOYMENT_PROFILE.* */
  LIST: 'list=>DeploymentProfile',
  CREATE: 'create=>DeploymentProfile',
  UPDATE: 'update=>DeploymentProfile',
  DELETE: 'delete=>DeploymentProfile',
  /** Setting or changing a profile's build. */
  ATTACH: 'attach=>DeploymentProfile',
  /** applications.RBOM.* */
  VIEW_RBOM: 'view=>RBOM',
  EXPORT_RBOM: 'export=>RBOM',
  SHARE_RBOM: 'share=>RBOM',
} as const;
