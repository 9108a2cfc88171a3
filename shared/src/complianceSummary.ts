// GET compliance/summary (issue 28 item 2, docs/compliance.md "Summary"): the process's compliance
// per standard and family, as the dashboard shows it — the share of the requirements with checks
// that pass, and its trend over the last COMPLIANCE_TREND_DAYS days from their history. Re-exported
// by '@portal/shared/compliance'. Pure (no React, no DOM).

/** Days of a summary's trend (today included). */
export const COMPLIANCE_TREND_DAYS = 30;

/** One day of a trend: the share passing at the day's end (UTC; today: now). */
export interface ComplianceTrendPoint {
  /** 'YYYY-MM-DD'. */
  day: string;
  /** Passing ÷ the requirements that had a status by then × 100 (one decimal); null: none had one. */
  percentage: number | null;
}

/** The requirements with checks of a group (the process, a standard, a family) by status. */
export interface ComplianceTally {
  /** Live requirements with checks. */
  requirements: number;
  passing: number;
  failing: number;
  not_evaluated: number;
  /** passing ÷ requirements × 100, one decimal; null without requirements. */
  percentage: number | null;
  /** COMPLIANCE_TREND_DAYS points, oldest first, the last today (its percentage is `percentage`). */
  trend: ComplianceTrendPoint[];
}

/**
 * A family: the requirements with checks under one top-level requirement of the tree (an imported
 * catalog's group, 'AC Access Control'; or any top-level requirement and its sub-requirements).
 */
export interface ComplianceFamilySummary extends ComplianceTally {
  family: { id: string; code: string; title: string };
}

export interface ComplianceStandardSummary extends ComplianceTally {
  /** The catalog the families were imported from; null: families of no imported standard. */
  standard: { id: string; title: string; version: string } | null;
  /** In the tree's order. */
  families: ComplianceFamilySummary[];
}

export interface ComplianceSummary extends ComplianceTally {
  /** When it was computed (the trend's last point). */
  at: string;
  /** Standards by title, then the families of no standard (standard null); only those with requirements with checks. */
  standards: ComplianceStandardSummary[];
}
