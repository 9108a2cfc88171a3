// The tasks inbox (issue 23 item 1): GET tasks/inbox and tasks/inbox/counts. Every query parameter
// is read here (a 400 naming it and what it must be); the cursor is opaque to the browser: the
// sort, the order and where the previous page ended, base64url JSON.
import { encodeKeysetCursor, readKeysetCursor } from '../http/keyset-cursor';
import {
  checkPermission,
  GENERAL_TASK_LIMITS,
  PERMISSIONS,
  TASK_DUE_FILTERS,
  TASK_INBOX_DEFAULT_LIMIT,
  TASK_INBOX_MAX_LIMIT,
  TASK_INBOX_TABS,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASK_TYPES,
  type InboxTask,
  type TaskDueFilter,
  type TaskInboxCounts,
  type TaskInboxTab,
  type TaskSortField,
} from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { workgroupsOfUser } from '../workgroups/service';
import { inboxCounts, inboxPage, type InboxFilter, type KeysetPosition } from './inbox.repository';
import { inboxTaskView } from './view.repository';

export const INBOX_MESSAGES = {
  oneOf: (name: string, values: readonly string[]) => `'${name}' must be one of ${values.join(', ')}.`,
  limit: `'limit' must be a whole number from 1 to ${TASK_INBOX_MAX_LIMIT}.`,
  id: (name: string) => `'${name}' must be the id of a ${name === 'assignee' ? 'user' : name}.`,
  q: `'q' must have no more than ${GENERAL_TASK_LIMITS.q} characters.`,
  cursor: "'cursor' is not the next_cursor of this list (its sort and order).",
  unknown: (name: string) => `'${name}' is not a parameter of the tasks inbox.`,
  repeated: (name: string) => `'${name}' is given more than once.`,
  listNeeded: "The 'all' tab needs the permission to list tasks.",
} as const;

/** Today as the API's clock says ('YYYY-MM-DD', UTC): what overdue and the due filters compare with. */
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

const PARAMETERS = new Set(['graph', 'tab', 'type', 'status', 'due', 'requirement', 'assignee', 'q', 'sort', 'order', 'limit', 'cursor']);

export interface InboxQuery {
  tab: TaskInboxTab;
  type?: string;
  status?: string;
  due?: TaskDueFilter;
  requirement?: string;
  assignee?: string;
  q?: string;
  sort: TaskSortField;
  order: 'asc' | 'desc';
  limit: number;
  after?: KeysetPosition;
}

function refuse(field: string, message: string): never {
  throw new ApiProblem(400, message, {}, { [field]: message });
}

function oneOf<T extends string>(name: string, value: string | undefined, values: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) refuse(name, INBOX_MESSAGES.oneOf(name, values));
  return value as T;
}

function decodeCursor(text: string, sort: TaskSortField, order: 'asc' | 'desc'): KeysetPosition {
  const cursor = readKeysetCursor(text, sort, order);
  if (!cursor || (cursor.k !== null && cursor.k.length > 1000)) refuse('cursor', INBOX_MESSAGES.cursor);
  return { key: cursor.k!, id: cursor.i };
}

/** GET tasks/inbox's query (also counts', which ignores the paging), checked parameter by parameter. */
export function parseInboxQuery(raw: unknown): InboxQuery {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (!PARAMETERS.has(name)) refuse(name, INBOX_MESSAGES.unknown(name));
    if (typeof value !== 'string') refuse(name, INBOX_MESSAGES.repeated(name));
    values[name] = value;
  }
  const tab = oneOf('tab', values.tab, TASK_INBOX_TABS) ?? 'assigned';
  const sort = oneOf('sort', values.sort, TASK_SORT_FIELDS) ?? 'due_date';
  const order = oneOf('order', values.order, ['asc', 'desc'] as const) ?? 'asc';
  let limit = TASK_INBOX_DEFAULT_LIMIT;
  if (values.limit !== undefined) {
    if (!/^\d{1,3}$/.test(values.limit) || Number(values.limit) < 1 || Number(values.limit) > TASK_INBOX_MAX_LIMIT) refuse('limit', INBOX_MESSAGES.limit);
    limit = Number(values.limit);
  }
  for (const name of ['requirement', 'assignee'] as const) {
    if (values[name] !== undefined && !isUuid(values[name])) refuse(name, INBOX_MESSAGES.id(name));
  }
  const q = values.q?.trim();
  if (q !== undefined && [...q].length > GENERAL_TASK_LIMITS.q) refuse('q', INBOX_MESSAGES.q);
  return {
    tab,
    type: oneOf('type', values.type, TASK_TYPES),
    status: oneOf('status', values.status, TASK_STATUSES),
    due: oneOf('due', values.due, TASK_DUE_FILTERS),
    requirement: values.requirement?.toLowerCase(),
    assignee: values.assignee?.toLowerCase(),
    q: q || undefined,
    sort,
    order,
    limit,
    after: values.cursor !== undefined ? decodeCursor(values.cursor, sort, order) : undefined,
  };
}

const mayList = (caller: Caller) => checkPermission(caller.access, PERMISSIONS.requirements.TASK.LIST, caller.context);

/** The query's filter; the caller's workgroups are read only when `withGroups` (only the workgroups tab reads them). */
async function filterOf(db: Queryable, caller: Caller, processId: string, today: string, query: InboxQuery, withGroups = true): Promise<InboxFilter> {
  const organizationId = caller.organization?.id;
  const groups = organizationId && withGroups ? (await workgroupsOfUser(db, organizationId, caller.user.id)).map((group) => group.id) : [];
  const { type, status, due, requirement, assignee, q } = query;
  return { processId, today, me: caller.user.id, groups, type, status, due, requirement, assignee, q };
}

/**
 * GET tasks/inbox: a page of the tab as TaskInboxPage's JSON text (its tasks written by Postgres,
 * inboxPage); 'all' needs list=>Task (403).
 */
export async function inbox(db: Queryable, caller: Caller, processId: string, today: string, query: InboxQuery): Promise<string> {
  if (query.tab === 'all' && !mayList(caller)) throw new ApiProblem(403, INBOX_MESSAGES.listNeeded);
  const filter = await filterOf(db, caller, processId, today, query, query.tab === 'workgroups');
  const page = await inboxPage(db, filter, query);
  const next = page.hasMore && page.last ? encodeKeysetCursor({ s: query.sort, o: query.order, k: page.last.key, i: page.last.id }) : null;
  return `{"items":[${page.items.join(',')}],"next_cursor":${JSON.stringify(next)}}`;
}

/** GET tasks/inbox/counts: per tab with the same filters; `all` null without list=>Task. */
export async function inboxTabCounts(db: Queryable, caller: Caller, processId: string, today: string, query: InboxQuery): Promise<TaskInboxCounts> {
  return inboxCounts(db, await filterOf(db, caller, processId, today, query), mayList(caller));
}

/** GET tasks/:id: the process's task as InboxTask; 404 when it is another process's or none. */
export async function inboxTaskOf(db: Queryable, processId: string, taskId: string, today: string): Promise<InboxTask> {
  const task = isUuid(taskId) ? await inboxTaskView(db, processId, taskId, today) : undefined;
  if (!task) throw new ApiProblem(404);
  return task;
}
