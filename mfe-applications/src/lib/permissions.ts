// The permission strings the applications screens check to hide or disable actions, from the
// catalogue (@portal/shared/permissions): a string it does not hold is a type error.
import { PERMISSIONS, type KnownPermissionCheck } from '@portal/shared/permissions';

const { applications, modules, development, administration, requirements } = PERMISSIONS;

export const APPLICATION_PERMISSIONS = {
  LIST: applications.APPLICATION.LIST,
  VIEW: applications.APPLICATION.VIEW,
  CREATE: applications.APPLICATION.CREATE,
  UPDATE: applications.APPLICATION.UPDATE,
  DELETE: applications.APPLICATION.DELETE,
  /** Set a finding's VEX analysis, import a VEX. */
  ANALYZE: applications.APPLICATION.ANALYZE,
  /** enable_continuous_monitoring */
  UPDATE_SETTINGS: applications.UPDATE_APPLICATION_SETTINGS,
  /** Upload an SBOM as a new build. */
  INGEST_SBOM: applications.SBOM.INGEST,
  /** The build's VEX download. */
  EXPORT_SBOM: applications.SBOM.EXPORT,
  VEX_ANALYSIS: modules.USE_VEX_ANALYSIS,
  LICENSE_CHECK: modules.USE_LICENSE_CHECK,
  REPOSITORY_ANALYSIS: modules.USE_REPOSITORY_ANALYSIS,
  /** License-risk alerts. */
  LICENSE_RISK_ALERTS: applications.ALERT.LICENSE_RISK,
  /** The advisory and KEV imports, a Global Admin's (the database is every organization's). */
  IMPORT_ADVISORIES: applications.IMPORT_ADVISORIES,
  /** Reading the vulnerability database: who imports, and organization administrators (the route's guard). */
  VIEW_VULNERABILITY_DATABASE: { any: [applications.IMPORT_ADVISORIES, administration.ADMINISTRATOR] } satisfies KnownPermissionCheck,
  CLEAR_SBOM: development.CLEAR_SBOM,
  /** The app's CycloneDX attestation: the app and the requirements it is checked against. */
  COMPLIANCE_ATTESTATION: { all: [applications.APPLICATION.VIEW, requirements.VIEW_REQUIREMENT] } satisfies KnownPermissionCheck,
  /** The demo permission. */
  PERFORM_DEMO: development.PERFORM_DEMO,
} as const;

/** Every one of the checks: for calls that need two (a VEX analysis: analyze and the VEX module). */
export const allOf = (...checks: KnownPermissionCheck[]): KnownPermissionCheck => ({ all: checks });
