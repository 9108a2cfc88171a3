// The analysis shapes of docs/requirements-api.md: the contract's (@portal/shared, what the API
// answers), and the ones only these screens build.
import type { RequirementPriority, RequirementRef, RequirementStatus } from '@portal/shared';

export { REPORT_KINDS } from '@portal/shared';
export type { Attachment, Conflict, DashboardStatistics, DuplicateCandidate, Gap, Report, ReportKind, ReportValue, Risk, TraceabilityRow } from '@portal/shared';

export type PlaneRequirement = RequirementRef & { status: RequirementStatus; priority: RequirementPriority };

export interface PlanePoint {
  requirement: PlaneRequirement;
  x: number;
  y: number;
}

export interface Planes {
  placed: PlanePoint[];
  unplaced: (RequirementRef & Partial<Pick<PlaneRequirement, 'status' | 'priority'>>)[];
}

export interface StandardImport {
  id: string;
  status: 'RUNNING' | 'DONE' | 'FAILED';
  title: string;
  processed: number;
  total: number;
  created: number;
  updated: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface Standard {
  id: string;
  title: string;
  version: string | null;
  controls: number;
  imported_at: string;
}

export interface CommentPage {
  items: import('@portal/shared').RequirementComment[];
  total: number;
}
