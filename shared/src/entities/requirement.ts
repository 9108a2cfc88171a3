// Requirements (spec 3, 4.5; issue 6): the shapes the API answers and the requirements remote
// shows. The routes are listed in docs/requirements-api.md.

export const REQUIREMENT_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type RequirementPriority = (typeof REQUIREMENT_PRIORITIES)[number];
/** How screens and reports (CSV, PDF) name a priority. */
export const REQUIREMENT_PRIORITY_LABELS: Record<RequirementPriority, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', CRITICAL: 'Critical' };

/** The workflow states: authored, in review, rejected back, accepted, delegated (in progress), done or failed. */
export const REQUIREMENT_STATUSES = ['DRAFT', 'IN_REVIEW', 'REJECTED', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
/** How screens and reports (CSV, PDF) name a status: 'In review', not IN_REVIEW. */
export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, string> = {
  DRAFT: 'Draft',
  IN_REVIEW: 'In review',
  REJECTED: 'Rejected',
  ACCEPTED: 'Accepted',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
};

/**
 * Who may own a requirement (the Owner of Add and Modify, the delegate of an accepted review): a
 * member of the process who may update its progress. GET requirements/owners lists them.
 */
export const REQUIREMENT_OWNER_PERMISSION = 'updateProgress=>Requirement' as const;

/** Task types as stored; HAS_GAP is the spec's name of the 'close gap' kind; GENERAL a task a user creates (issue 23). */
export const TASK_TYPES = ['REVIEW', 'DELEGATE', 'HAS_GAP', 'RESOLVE_REJECTED', 'RESOLVE_RISK', 'RESOLVE_CONFLICT', 'GENERAL'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ['OPEN', 'COMPLETED', 'FAILED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A user as other objects name them. */
export interface UserRef {
  id: string;
  login_id: string;
  name: string;
}

export interface RequirementRef {
  id: string;
  code: string;
  title: string;
}

export interface Requirement extends RequirementRef {
  description: string;
  parent_id: string | null;
  position: number;
  priority: RequirementPriority;
  status: RequirementStatus;
  progress: number;
  owner: UserRef | null;
  /** 'YYYY-MM-DD' */
  due_date: string | null;
  tags: string[];
  source: string | null;
  /** Live (not deleted) direct sub-requirements. */
  children_count: number;
  has_gap: boolean;
  has_risk: boolean;
  plane: { x: number; y: number } | null;
  created_by: UserRef | null;
  created_at: string;
  updated_at: string;
  /** ISO time; set on a deleted requirement (kept under a deleted label). */
  deleted_at: string | null;
  version: number;
}

/** GET /api/requirements/:id adds the path from the root. */
export interface RequirementDetail extends Requirement {
  ancestors: RequirementRef[];
}

export interface RequirementPage {
  items: Requirement[];
  total: number;
}

/**
 * The orders of GET requirements (`sort`). `position` is the tree's order: within one level
 * (`parent`) the siblings' order, over the whole process depth first (each requirement followed
 * by its sub-requirements). Codes sort naturally everywhere (AC-2 before AC-14, as `compareCodes`).
 */
export type RequirementSortField = 'position' | 'code' | 'title' | 'priority' | 'status' | 'progress' | 'due_date' | 'updated_at';
/** Whether GET requirements leaves deleted requirements out, takes them in, or lists only them. */
export type RequirementDeletedFilter = 'exclude' | 'include' | 'only';

/** GET requirements: the query of a page of the process's requirements. */
export interface RequirementListQuery {
  /** 'root' for the top level, an id for its children; absent: the whole process. */
  parent?: string;
  search?: string;
  /** One status, or several separated by commas. */
  status?: string;
  /** One priority, or several separated by commas. */
  priority?: string;
  tag?: string;
  /** A user id. */
  owner?: string;
  deleted?: RequirementDeletedFilter;
  /** Absent: code for the whole process, position under a parent. */
  sort?: RequirementSortField;
  order?: 'asc' | 'desc';
  offset?: number;
  limit?: number;
}

/** The input of Add and Modify (PUT adds `version`). */
export interface RequirementInput {
  code?: string;
  title: string;
  description?: string;
  /** The parent (Modify: moving it there, refused under itself or one of its sub-requirements); '' or null: the top level. */
  parent_id?: string | null;
  priority?: RequirementPriority;
  owner_id?: string | null;
  due_date?: string | null;
  tags?: string[];
  source?: string | null;
}

/** The `data.moved` of an Update event that gave the requirement another parent (null: the top level). */
export interface RequirementMove {
  from: RequirementRef | null;
  to: RequirementRef | null;
}

const CODE_COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Codes in natural order: the numbers in them compare as numbers (AC-2 before AC-14, IA-2 before
 * IA-2(1) before IA-2(10)), letters whatever their case; the API's `natural_sort_key` orders the same way.
 */
export function compareCodes(a: string, b: string): number {
  return CODE_COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** One entry of a requirement's history (a spec 4.5 requirement event). */
export interface RequirementEventRecord {
  eventId: string;
  type: string;
  requirement: RequirementRef;
  actor: UserRef | null;
  time: string;
  data: Record<string, unknown>;
}

export interface RequirementTask {
  id: string;
  type: TaskType;
  status: TaskStatus;
  requirement: RequirementRef | null;
  assigned_to_user: UserRef | null;
  delegated_to: UserRef | null;
  assigned_to_group: { id: string; name: string } | null;
  progress: number;
  due_date: string | null;
  comment: string;
  related_id: string | null;
  created_by: UserRef | null;
  created_at: string;
  updated_at: string;
}

export interface RequirementComment {
  id: string;
  requirement: RequirementRef;
  author: UserRef | null;
  text: string;
  created_at: string;
}

/** POST requirements/{id}/submit: who reviews (a reviewer or a workgroup), by when, and why. */
export interface ReviewSubmission {
  reviewer_id?: string;
  workgroup_id?: string;
  /** YYYY-MM-DD; absent: the requirement's. */
  due_date?: string;
  comment?: string;
}

/** POST tasks/{id}/accept: the implementer the accepted requirement is delegated to. */
export interface ReviewAcceptance {
  delegate_to_id: string;
  /** YYYY-MM-DD; absent: the requirement's. */
  due_date?: string;
  comment?: string;
}

/** GET requirements/comments: the query (text in the comment or its requirement's code or title; author by id or login id). */
export interface CommentQuery {
  search?: string;
  author?: string;
  offset?: number;
  limit?: number;
}

/** GET requirements/comments: a page of the process's comments, newest first, and how many match. */
export interface CommentPage {
  items: RequirementComment[];
  total: number;
}

/**
 * What the API publishes on `events#<userId>` to every member of the process when a requirement
 * or a task changes (type: a requirement or task event name of spec 4.5).
 */
export interface RequirementChangeEvent {
  type: string;
  eventId: string;
  session_id: string;
  time: string;
  /** `kind` 'comment': a REQUIREMENT_RECORD_EVENTS event, `id` the comment's; 'attachment': 'Task Attachment', `id` the document's. */
  data: { graph: string; id: string; login_id?: string; requirement_id?: string; task_id?: string; kind: 'requirement' | 'task' | 'comment' | 'attachment' };
}

/** GET requirements/events: how many of the latest events (the API's default is 50). */
export interface RequirementEventQuery {
  limit?: number;
}
