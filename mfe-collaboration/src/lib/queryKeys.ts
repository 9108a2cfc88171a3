// The react-query keys of this remote's tasks. Everything of a process's tasks starts with
// ['tasks', graph]: a decision on a task invalidates the inbox pages, the tab counts and that task
// with one prefix each, and the live rules (app/liveRules.ts) name the same keys.
import type { TaskInboxQuery } from '@portal/shared/collaboration';

/** The inbox's filters without paging: one cached list per tab and filter set. */
export type InboxFilters = Omit<TaskInboxQuery, 'cursor' | 'limit'>;
/** The counts' filters: the inbox's without the tab (the counts are per tab). */
export type CountFilters = Omit<InboxFilters, 'tab'>;

export const TASK_KEYS = {
  process: (graph: string) => ['tasks', graph] as const,
  inboxes: (graph: string) => ['tasks', graph, 'inbox'] as const,
  inbox: (graph: string, filters: InboxFilters) => ['tasks', graph, 'inbox', filters] as const,
  allCounts: (graph: string) => ['tasks', graph, 'counts'] as const,
  counts: (graph: string, filters: CountFilters) => ['tasks', graph, 'counts', filters] as const,
  /** Every open task view of the process (a requirement's event may close any of them). */
  tasks: (graph: string) => ['tasks', graph, 'task'] as const,
  task: (graph: string, id: string) => ['tasks', graph, 'task', id] as const,
  events: (graph: string, id: string) => ['tasks', graph, 'task', id, 'events'] as const,
  comments: (graph: string, id: string) => ['tasks', graph, 'task', id, 'comments'] as const,
  attachments: (graph: string, id: string) => ['tasks', graph, 'task', id, 'attachments'] as const,
  /** The library's documents a task's "Link from the library" finds. */
  library: (graph: string, search: string) => ['documents', graph, 'list', { q: search, limit: 20, origin: 'task' }] as const,
};

/** The /workflow diagram's requirements per state (statistics/dashboard's by_status). */
export const WORKFLOW_KEYS = {
  statusCounts: (graph: string) => ['workflow', graph, 'status-counts'] as const,
};

/** What the pickers read: who may be assigned, the workgroups, the caller's own workgroups. */
export const PEOPLE_KEYS = {
  assignees: (graph: string, permission: string) => ['assignees', graph, permission] as const,
  workgroups: () => ['workgroups'] as const,
  myWorkgroups: () => ['workgroups', 'mine'] as const,
};

/** What a task's link pickers search. */
export const LINK_KEYS = {
  requirement: (graph: string, id: string) => ['requirements', graph, 'requirement', id] as const,
  requirements: (graph: string, search: string) => ['requirements', graph, 'search', search] as const,
  applications: (graph: string) => ['applications', graph, 'list'] as const,
  findings: (graph: string, search: string) => ['applications', graph, 'search', 'vulnerabilities', search] as const,
};
