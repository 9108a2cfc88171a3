// The analysis shapes of docs/requirements-api.md that @portal/shared does not (yet) export.
import type { RequirementPriority, RequirementRef, RequirementStatus, RequirementEventRecord, RequirementTask, UserRef } from '@portal/shared';

export interface Gap {
  id: string;
  requirement: RequirementRef;
  description: string;
  remediation_plan: string;
  target_date: string;
  status: 'OPEN' | 'CLOSED';
  task_id: string | null;
  created_by: UserRef | null;
  created_at: string;
  closed_at: string | null;
}

export interface Risk {
  id: string;
  requirement: RequirementRef;
  likelihood: number;
  impact: number;
  score: number;
  description: string;
  status: 'OPEN' | 'RESOLVED';
  task_id: string | null;
  created_at: string;
}

export interface Conflict {
  id: string;
  a: RequirementRef;
  b: RequirementRef;
  description: string;
  status: 'OPEN' | 'RESOLVED';
  task_id: string | null;
  created_at: string;
}

export interface Attachment {
  id: string;
  requirement_id: string;
  name: string;
  size: number;
  content_type: string;
  uploaded_by: UserRef | null;
  created_at: string;
}

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

export interface DuplicateCandidate {
  a: RequirementRef;
  b: RequirementRef;
  score: number;
  shared_terms: string[];
}

export interface TraceabilityRow {
  requirement: RequirementRef & { source: string | null };
  /** 0 at the top of the tree. */
  depth: number;
  children: number;
  tasks: { open: number; closed: number };
  applications: string[];
  source_controls: string[];
  coverage: number;
  gap: boolean;
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

export const REPORT_KINDS = ['status', 'progress', 'coverage', 'overdue', 'gaps', 'risks', 'owner', 'tag'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export type ReportValue = string | number | boolean | null;

export interface Report {
  kind: ReportKind;
  title: string;
  columns: { key: string; label: string }[];
  rows: Record<string, ReportValue>[];
}

export interface DashboardStatistics {
  total: number;
  by_status: Partial<Record<RequirementStatus, number>>;
  by_priority: Partial<Record<RequirementPriority, number>>;
  average_progress: number;
  overdue: number;
  open_gaps: number;
  open_risks: number;
  my_tasks: RequirementTask[];
  recent_events: RequirementEventRecord[];
}

export interface CommentPage {
  items: import('@portal/shared').RequirementComment[];
  total: number;
}
