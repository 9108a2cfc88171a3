// The permission strings the monitoring screen checks (catalogue entries named; the browser does
// not load the catalogue). Each action also needs the continuous monitoring module.
export const MONITORING_PERMISSIONS = {
  /** modules.USE_CONTINUOUS_MONITORING */
  USE: 'use=>ContinuousMonitoring',
  /** applications.APPLICATION.SCAN: POST apps/monitoring/rescan */
  SCAN: 'scan=>Application',
  /** development.PERFORM_DEMO: POST apps/monitoring/simulateNewVulnerability/{cve} */
  SIMULATE: 'perform=>Demo',
} as const;
