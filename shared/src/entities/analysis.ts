// The requirement analysis shapes of docs/requirements-api.md: gaps, risks, conflicts,
// attachments, duplicates, traceability, reports, the dashboard's statistics, the applications
// linked to a requirement and the task list's filters. The API answers them and mfe-requirements
// reads them: both import them from here.
import {
  REQUIREMENT_PRIORITY_LABELS,
  REQUIREMENT_STATUS_LABELS,
  type RequirementEventRecord,
  type RequirementPriority,
  type RequirementRef,
  type RequirementStatus,
  type RequirementTask,
  type TaskStatus,
  type TaskType,
  type UserRef,
} from './requirement';

/** GET/POST requirements/{id}/gaps, gaps/{id}: a gap of a gap analysis. */
export interface Gap {
  id: string;
  requirement: RequirementRef;
  description: string;
  remediation_plan: string;
  target_date: string;
  status: 'OPEN' | 'CLOSED';
  task_id: string | null;
  /** Who closes it: the user (or delegate) of its close-gap task; by default the requirement's owner. */
  assignee: UserRef | null;
  created_by: UserRef | null;
  created_at: string;
  closed_at: string | null;
}

/** GET/POST requirements/{id}/risks, risks/{id}: a risk of a risk assessment. */
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

/** GET/POST conflicts: a recorded conflict between two requirements. */
export interface Conflict {
  id: string;
  a: RequirementRef;
  b: RequirementRef;
  description: string;
  status: 'OPEN' | 'RESOLVED';
  task_id: string | null;
  created_at: string;
}

/** GET/POST requirements/{id}/attachments: a file attached to a requirement. */
export interface Attachment {
  id: string;
  requirement_id: string;
  name: string;
  size: number;
  content_type: string;
  uploaded_by: UserRef | null;
  created_at: string;
}

/** GET duplicates, requirements/{id}/duplicates: two requirements that read alike. */
export interface DuplicateCandidate {
  a: RequirementRef;
  b: RequirementRef;
  score: number;
  shared_terms: string[];
}

/** GET traceability: a row of the traceability matrix, in tree order. */
export interface TraceabilityRow {
  requirement: RequirementRef & { source: string | null };
  parent_id: string | null;
  /** 0 at the top of the tree. */
  depth: number;
  status: string;
  children: number;
  sub_requirements: RequirementRef[];
  tasks: { open: number; closed: number };
  applications: string[];
  source_controls: string[];
  coverage: number;
  gap: boolean;
  /** The evidence library's documents linked to the requirement (issue 23), by name; the API always sends it. */
  evidence?: Array<{ id: string; name: string }>;
}

export const REPORT_KINDS = ['status', 'progress', 'coverage', 'overdue', 'gaps', 'risks', 'owner', 'tag'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type ReportValue = string | number | null;

export interface ReportColumn {
  key: string;
  label: string;
}

/** GET reports/{kind}: a report's columns and rows. */
export interface Report {
  kind: ReportKind;
  title: string;
  columns: ReportColumn[];
  rows: Record<string, ReportValue>[];
}

/** The statuses of a gap, a risk and a conflict as reports name them. */
export const ANALYSIS_STATUS_LABELS: Record<'OPEN' | 'CLOSED' | 'RESOLVED', string> = { OPEN: 'Open', CLOSED: 'Closed', RESOLVED: 'Resolved' };

const REPORT_VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { ...REQUIREMENT_STATUS_LABELS, ...ANALYSIS_STATUS_LABELS },
  priority: REQUIREMENT_PRIORITY_LABELS,
};

/**
 * A report cell as people read it (the reports screen, CSV and PDF; spec 9): statuses and
 * priorities by their labels ('In review', not IN_REVIEW), days ('…_date' columns,
 * 'YYYY-MM-DD') as MM/DD/YYYY, null as ''. The JSON report keeps the API's values.
 */
export function reportCellText(key: string, value: ReportValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const labels = Object.hasOwn(REPORT_VALUE_LABELS, key) ? REPORT_VALUE_LABELS[key] : undefined;
  if (labels && Object.hasOwn(labels, value)) return labels[value];
  const day = key.endsWith('_date') ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return day ? `${day[2]}/${day[3]}/${day[1]}` : value;
}

/** GET statistics: the requirements dashboard. */
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

/** GET requirements/{id}/applications: an application that implements the requirement. */
export interface LinkedApplication {
  id: string;
  app_key: string;
  name: string;
}

/** GET tasks: the list's filters (query parameters). */
export interface TaskQuery {
  /** The signed-in user's tasks (or their workgroups'). */
  mine?: boolean;
  type?: TaskType;
  status?: TaskStatus;
  requirement?: string;
}

/** A requirement as the priority plane shows it. */
export type PlaneRequirement = RequirementRef & { status: RequirementStatus; priority: RequirementPriority };

/** A placed requirement (x importance, y urgency, 0..1); PUT requirements/{id}/plane answers one. */
export interface RequirementPlanePoint {
  requirement: PlaneRequirement;
  x: number;
  y: number;
}

/** GET requirements/planes: the placed requirements and those not placed. */
export interface RequirementPlanes {
  placed: RequirementPlanePoint[];
  unplaced: (RequirementRef & Partial<Pick<PlaneRequirement, 'status' | 'priority'>>)[];
}

/** PUT requirements/{id}/plane: the requirement's place (0..1 each), or both null to take it off the plane. */
export interface PlanePlacement {
  x: number | null;
  y: number | null;
}

/** POST requirements/{id}/gaps: a gap with its remediation plan (assignee: null nobody, absent the owner). */
export interface NewGap {
  description: string;
  remediation_plan: string;
  /** YYYY-MM-DD */
  target_date: string;
  assignee_id?: string | null;
}

/** POST requirements/{id}/risks: a risk, likelihood × impact (1–5 each). */
export interface NewRisk {
  likelihood: number;
  impact: number;
  description: string;
  assignee_id?: string | null;
}

/** POST conflicts: a conflict between two requirements (assignee absent: the first one's owner). */
export interface NewConflict {
  requirement_a_id: string;
  requirement_b_id: string;
  description: string;
  assignee_id?: string | null;
}

/** POST requirements/duplicates/dismiss: a candidate pair never to be proposed again. */
export interface DuplicatePair {
  a_id: string;
  b_id: string;
}

/** POST requirements/duplicates/link: link the pair, or merge b into a. */
export interface DuplicateLink extends DuplicatePair {
  action: 'link' | 'merge';
}

/** GET assessments/gaps: its filters (all optional; `requirement` is a requirement id). */
export interface GapQuery {
  status?: string;
  search?: string;
  requirement?: string;
}

/** GET assessments/risks: its filters (all optional; `requirement` is a requirement id). */
export interface RiskQuery {
  status?: string;
  requirement?: string;
}

/** GET conflicts: its filter. */
export interface ConflictQuery {
  status?: string;
}

/** GET reports/{kind} and GET requirements/traceability: `json` (the default) or `csv`. */
export interface ReportFormatQuery {
  format?: string;
}

/** GET requirements/duplicates and GET requirements/{id}/duplicates, as the API reads them (the schema supplies the defaults). */
export interface DuplicateQuery {
  threshold: number;
  limit: number;
}
