// The applications' priority plane (issue 7 item 11): risk (x) × business criticality (y), each
// 0..1, as GET apps/planes answers it.

export interface PlaneApplication {
  id: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  /** Findings of the newest processed build by severity (CRITICAL … UNKNOWN) and their total. */
  vulnerabilities: Record<string, number> & { total: number };
  active_exploits: number;
  /**
   * A starting point for the risk axis from those findings: 1 − Π (1 − w) over the findings, with
   * w 0.4 for critical, 0.2 high, 0.08 medium, 0.02 low, and a further 0.6 for each finding with an
   * active exploit.
   */
  suggested_risk: number;
}

export interface ApplicationPlanePoint {
  application: PlaneApplication;
  /** Risk, 0..1. */
  x: number;
  /** Business criticality, 0..1. */
  y: number;
  placed_by: string | null;
  placed_at: string;
}

export interface ApplicationPlanes {
  placed: ApplicationPlanePoint[];
  unplaced: PlaneApplication[];
}
