// The tasks inbox of mfe-collaboration (issue 23): every task kind of a process in one list, with
// tabs, filters, search, sort and server paging; general tasks a user creates (optionally
// recurring, an RFC 5545 rule); a task's history and comments. The API (api/src/tasks) answers
// these shapes; the browser (mfe-collaboration/src/features/tasks) reads them.
import type { TaskEventName } from './notification';
import type { RequirementTask, TaskStatus, TaskType, UserRef } from './requirement';

/** "assigned to me" (user or delegate), "my workgroups", "created by me", "all" (needs list=>Task). */
export const TASK_INBOX_TABS = ['assigned', 'workgroups', 'created', 'all'] as const;
export type TaskInboxTab = (typeof TASK_INBOX_TABS)[number];

/** Due filters: past the due date and still open; due in the next 7 days. */
export const TASK_DUE_FILTERS = ['overdue', 'week'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];

export const TASK_SORT_FIELDS = ['due_date', 'created_at', 'updated_at', 'type', 'status', 'title'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/** Query of GET tasks/inbox (with `graph`). */
export interface TaskInboxQuery {
  tab: TaskInboxTab;
  type?: TaskType;
  status?: TaskStatus;
  due?: TaskDueFilter;
  /** A requirement id. */
  requirement?: string;
  /** A user id: assigned to or delegated to that user. */
  assignee?: string;
  /** Search in the title, the comment and the requirement's code and title. */
  q?: string;
  sort?: TaskSortField;
  order?: 'asc' | 'desc';
  /** 1–100, default 50. */
  limit?: number;
  /** The `next_cursor` of the previous page. */
  cursor?: string;
}

/** What a general task links to (any requirement, application or finding of the process). */
export const TASK_LINK_KINDS = ['requirement', 'application', 'finding'] as const;
export type TaskLinkKind = (typeof TASK_LINK_KINDS)[number];

export interface TaskLink {
  kind: TaskLinkKind;
  id: string;
  /** What the link shows: a requirement's code and title, an app key, a finding's vulnerability id. */
  label: string;
}

/** A task as the inbox and /view-task show it: the requirement task with what general tasks add. */
export interface InboxTask extends RequirementTask {
  /** A general task's title; for the workflow's kinds, a title derived from the kind and requirement. */
  title: string;
  description: string;
  link: TaskLink | null;
  /** An RFC 5545 RRULE (e.g. "FREQ=MONTHLY;INTERVAL=3"), or null. */
  recurrence: string | null;
  /** Open and past its due date. */
  overdue: boolean;
}

/** GET tasks/inbox: a page. No total: how many match is TaskInboxCounts' (counted once per filter, not per page). */
export interface TaskInboxPage {
  items: InboxTask[];
  next_cursor: string | null;
}

/** GET tasks/inbox/counts: tasks per tab with the same filters; `all` is null without list=>Task. */
export type TaskInboxCounts = Record<TaskInboxTab, number | null>;

/** One entry of a task's history (spec 4.5 task events). */
export interface TaskHistoryEntry {
  id: string;
  type: TaskEventName;
  actor: UserRef | null;
  time: string;
  data: Record<string, unknown>;
}

export interface TaskCommentRecord {
  id: string;
  author: UserRef | null;
  text: string;
  created_at: string;
}

/** Body of POST tasks (create a general task) and PUT tasks/{id} (edit one). */
export interface GeneralTaskInput {
  /** Required, 1–200 characters. */
  title: string;
  /** At most 10,000 characters. */
  description?: string;
  /** YYYY-MM-DD */
  due_date?: string | null;
  assigned_to_user_id?: string | null;
  assigned_to_group_id?: string | null;
  /**
   * null or '' links to nothing. An edit clears the link with '' (the API client leaves null
   * fields out, and an edit keeps what is left out), as it clears the other fields.
   */
  link?: { kind: TaskLinkKind; id: string } | null | '';
  /** An RFC 5545 RRULE; the next occurrence opens when one is completed or falls due. */
  recurrence?: string | null;
}

/** Bounds of the inbox's page size (GET tasks/inbox `limit`). */
export const TASK_INBOX_DEFAULT_LIMIT = 50;
export const TASK_INBOX_MAX_LIMIT = 100;

/** Bounds of a general task's texts and of a task comment. */
export const GENERAL_TASK_LIMITS = { title: 200, description: 10000, recurrence: 500, comment: 10000, q: 200 } as const;

/**
 * The portal's own live events of a task's records (not spec 4.5 events, not in its history):
 * 'Task Comment' — a comment was added to a task (`data.task_id`; `data.id` the comment's,
 * `data.kind` 'comment'); 'Task Update' — a general task's title, description, due date, link or
 * recurrence was edited (`data.kind` 'task'; a new assignee is the task event Assign); 'Task
 * Attachment' — a document was attached to or detached from a task (`data.task_id`; `data.id` the
 * document's, `data.kind` 'attachment').
 */
export const TASK_RECORD_EVENTS = ['Task Comment', 'Task Update', 'Task Attachment'] as const;
export type TaskRecordEventName = (typeof TASK_RECORD_EVENTS)[number];
