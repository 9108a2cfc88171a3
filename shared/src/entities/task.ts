// Tasks (spec 3, 4.5, 6).

export interface TaskAssignee {
  /** Task authorization matches this against the user's login id (spec 6). */
  id: string;
}

/** The task type whose handling needs the gap-analysis update permission. */
export const HAS_GAP = 'HAS_GAP';

export interface Task {
  id: string;
  type: string;
  assigned_to_user?: TaskAssignee | null;
  delegated_to?: TaskAssignee | null;
  assigned_to_group?: string | null;
}

export const TASK_KINDS = [
  'review',
  'delegate',
  'close gap',
  'resolve rejected',
  'resolve risk',
  'resolve conflict',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
