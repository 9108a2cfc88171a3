// The permission strings the monitoring screen checks, from the catalogue
// (@portal/shared/permissions). Each action also needs the continuous monitoring module.
import { PERMISSIONS } from '@portal/shared/permissions';

export const MONITORING_PERMISSIONS = {
  USE: PERMISSIONS.modules.USE_CONTINUOUS_MONITORING,
  /** POST apps/monitoring/rescan */
  SCAN: PERMISSIONS.applications.APPLICATION.SCAN,
  /** POST apps/monitoring/simulateNewVulnerability/{cve} */
  SIMULATE: PERMISSIONS.development.PERFORM_DEMO,
} as const;
