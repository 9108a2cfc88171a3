// The permission strings the applications screens check to hide or disable actions. The browser
// does not load the evaluator's catalogue (shared/src/permissions/catalogue.ts), so the literals
// are copied here; each names its catalogue entry.
import type { PermissionString } from '@portal/shared';

export const APPLICATION_PERMISSIONS = {
  /** applications.APPLICATION.LIST */
  LIST: 'list=>Application',
  /** applications.APPLICATION.VIEW */
  VIEW: 'view=>Application',
  /** applications.APPLICATION.CREATE */
  CREATE: 'create=>Application',
  /** applications.APPLICATION.UPDATE */
  UPDATE: 'update=>Application',
  /** applications.APPLICATION.DELETE */
  DELETE: 'delete=>Application',
  /** applications.APPLICATION.ANALYZE: set a finding's VEX analysis, import a VEX */
  ANALYZE: 'analyze=>Application',
  /** applications.UPDATE_APPLICATION_SETTINGS (enable_continuous_monitoring) */
  UPDATE_SETTINGS: 'update=>ApplicationSettings',
  /** applications.SBOM.INGEST: upload an SBOM as a new build */
  INGEST_SBOM: 'ingest=>SBOM',
  /** applications.SBOM.EXPORT: the build's VEX download */
  EXPORT_SBOM: 'export=>SBOM',
  /** modules.USE_VEX_ANALYSIS */
  VEX_ANALYSIS: 'use=>VexAnalysis',
  /** modules.USE_LICENSE_CHECK */
  LICENSE_CHECK: 'use=>LicenseCheck',
  /** modules.USE_REPOSITORY_ANALYSIS */
  REPOSITORY_ANALYSIS: 'use=>RepositoryAnalysis',
  /** applications.ALERT.LICENSE_RISK: license-risk alerts */
  LICENSE_RISK_ALERTS: 'receive=>Alert::LicenseRisk',
  /** applications.IMPORT_ADVISORIES: the advisory and KEV imports, a Global Admin's (the database is every organization's) */
  IMPORT_ADVISORIES: 'import=>Vulnerability@global',
  /** development.CLEAR_SBOM */
  CLEAR_SBOM: 'clear=>SBOM',
  /** development.PERFORM_DEMO: the demo permission */
  PERFORM_DEMO: 'perform=>Demo',
} as const;

/** Every one of the permissions: for calls that need two (a VEX analysis: analyze and the VEX module). */
export const allOf = (...permissions: PermissionString[]) => ({ all: permissions });
