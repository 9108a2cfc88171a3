// SQL of the tasks inbox (issue 23 item 1): a tab and filters over the process's tasks, a page in
// keyset order (the sort key, then the id as the tie-breaker: no task twice or missed across pages,
// whatever ties), the total, and the counts per tab. A missing due date sorts after every date
// (ascending: last; descending: first), as Postgres orders NULLs, so the indexes
// (process_id, <key>, id) of migration 025 serve both directions. A page carries no total: counting
// a tab's 50,000 tasks cost ten times the page (GET tasks/inbox/counts answers it, once per filter).
import type { TaskDueFilter, TaskInboxCounts, TaskInboxTab, TaskSortField } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { inboxJsonSelect, TITLE_SQL } from './view.repository';

export interface InboxFilter {
  processId: string;
  /** 'YYYY-MM-DD' */
  today: string;
  me: string;
  groups: readonly string[];
  type?: string;
  status?: string;
  due?: TaskDueFilter;
  requirement?: string;
  assignee?: string;
  /** Search text as typed (escaped here for ILIKE). */
  q?: string;
}

/** Where the previous page ended: its last task's sort key (as text; null for no due date) and id. */
export interface KeysetPosition {
  key: string | null;
  id: string;
}

export interface InboxPageQuery {
  tab: TaskInboxTab;
  sort: TaskSortField;
  order: 'asc' | 'desc';
  limit: number;
  after?: KeysetPosition;
}

/** Each sort field's SQL and type (the cast of a cursor's key); only due_date may be NULL. */
const SORT_KEYS: Readonly<Record<TaskSortField, { sql: string; type: string; nullable: boolean }>> = {
  due_date: { sql: 't.due_date', type: 'date', nullable: true },
  created_at: { sql: 't.created_at', type: 'timestamptz', nullable: false },
  updated_at: { sql: 't.updated_at', type: 'timestamptz', nullable: false },
  type: { sql: 't.type', type: 'text', nullable: false },
  status: { sql: 't.status', type: 'text', nullable: false },
  title: { sql: `(${TITLE_SQL})`, type: 'text', nullable: false },
};

/** `%`, `_` and `\` stand for themselves in the search. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The tab's condition (SQL over `t`); only its own parameters are added (Postgres refuses unused ones). */
function tabCondition(params: Params, filter: InboxFilter, tab: TaskInboxTab): string {
  switch (tab) {
    case 'assigned': {
      const me = params.add(filter.me);
      return `(t.assigned_to_user = ${me} OR t.delegated_to = ${me})`;
    }
    case 'workgroups':
      return `t.assigned_to_group = ANY(${params.add(filter.groups)}::uuid[])`;
    case 'created':
      return `t.created_by = ${params.add(filter.me)}`;
    default:
      return 'true';
  }
}

/**
 * The search: the task's own text (title, comment, description: `search_text`, lower-cased) or its
 * requirement's code or title (the workflow's requirement, else a general task's linked one), each
 * a condition an index answers (migration 029's trigram indexes; the requirements' ids found first,
 * once), so Postgres reads only the matching tasks.
 */
function searchCondition(params: Params, processId: string, q: string): string {
  const pattern = `lower(${params.add(likePattern(q))})`;
  const requirements = `ARRAY(SELECT sr.id FROM requirements sr
      WHERE sr.process_id = ${processId} AND lower(sr.code || chr(31) || sr.title) LIKE ${pattern})`;
  return `(t.search_text LIKE ${pattern} OR t.requirement_id = ANY(${requirements})
      OR (t.requirement_id IS NULL AND t.link_kind = 'requirement' AND t.link_id = ANY(${requirements})))`;
}

/** The filters' conditions. */
function filterConditions(params: Params, filter: InboxFilter): string[] {
  const processId = params.add(filter.processId);
  const where = [`t.process_id = ${processId}`];
  if (filter.type) where.push(`t.type = ${params.add(filter.type)}`);
  if (filter.status) where.push(`t.status = ${params.add(filter.status)}`);
  if (filter.due === 'overdue') where.push(`t.status = 'OPEN' AND t.due_date < ${params.add(filter.today)}::date`);
  if (filter.due === 'week') {
    const today = params.add(filter.today);
    where.push(`t.due_date >= ${today}::date AND t.due_date <= ${today}::date + 7`);
  }
  if (filter.requirement) {
    const requirement = params.add(filter.requirement);
    where.push(`(t.requirement_id = ${requirement}::uuid OR (t.link_kind = 'requirement' AND t.link_id = ${requirement}::uuid))`);
  }
  if (filter.assignee) {
    const assignee = params.add(filter.assignee);
    where.push(`(t.assigned_to_user = ${assignee}::uuid OR t.delegated_to = ${assignee}::uuid)`);
  }
  if (filter.q) where.push(searchCondition(params, processId, filter.q));
  return where;
}

/** After `position` in the order of `sort`/`order` (NULL keys greatest). */
function keysetCondition(params: Params, query: InboxPageQuery): string | undefined {
  const { after } = query;
  if (!after) return undefined;
  const key = SORT_KEYS[query.sort];
  const id = `${params.add(after.id)}::uuid`;
  const ascending = query.order === 'asc';
  if (after.key === null) {
    return ascending ? `(${key.sql} IS NULL AND t.id > ${id})` : `((${key.sql} IS NULL AND t.id < ${id}) OR ${key.sql} IS NOT NULL)`;
  }
  const value = `${params.add(after.key)}::${key.type}`;
  const beyond = `(${key.sql}, t.id) ${ascending ? '>' : '<'} (${value}, ${id})`;
  return ascending && key.nullable ? `(${beyond} OR ${key.sql} IS NULL)` : beyond;
}

export interface InboxRows {
  /** Each task of the page as InboxTask's JSON text, in order. */
  items: string[];
  /** The sort key (as text) and id of the page's last task, for the next cursor. */
  last?: { key: string | null; id: string };
  hasMore: boolean;
}

/** A page of the tab (limit + 1 read to know whether more follow), as JSON text per task. */
export async function inboxPage(db: Queryable, filter: InboxFilter, query: InboxPageQuery): Promise<InboxRows> {
  const params = new Params();
  const today = params.add(filter.today);
  const tab = tabCondition(params, filter, query.tab);
  const where = filterConditions(params, filter);
  const keyset = keysetCondition(params, query);
  const key = SORT_KEYS[query.sort];
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const rows = await db.query<{ task: string; sort_key: string | null; id: string }>(
    `${inboxJsonSelect(today, `, (${key.sql})::text AS sort_key, t.id`)}
      WHERE ${[...where, tab, ...(keyset ? [keyset] : [])].join(' AND ')}
      ORDER BY ${key.sql} ${direction}, t.id ${direction} LIMIT ${params.add(query.limit + 1)}`,
    params.values,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => row.task),
    ...(last ? { last: { key: last.sort_key, id: last.id } } : {}),
    hasMore: rows.length > query.limit,
  };
}

/**
 * How many matching tasks each of `tabs` has, in one scan narrowed to the tasks of any of them
 * (one tab: an index of its column; 'all': the process's).
 */
async function countTabs(db: Queryable, filter: InboxFilter, tabs: readonly TaskInboxTab[]): Promise<number[]> {
  const params = new Params();
  const where = filterConditions(params, filter);
  const conditions = tabs.map((tab) => tabCondition(params, filter, tab));
  const any = tabs.includes('all') ? 'true' : `(${conditions.join(' OR ')})`;
  const columns = conditions.map((condition, index) => `count(*) FILTER (WHERE ${tabs.length === 1 ? 'true' : condition})::int AS c${index}`);
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${columns.join(', ')} FROM tasks t WHERE ${[...where, any].join(' AND ')}`,
    params.values,
  );
  return tabs.map((_, index) => row[`c${index}`] ?? 0);
}

/** Tasks per tab with the filters; `all` only when `withAll` (list=>Task), else null. */
export async function inboxCounts(db: Queryable, filter: InboxFilter, withAll: boolean): Promise<TaskInboxCounts> {
  const [assigned, workgroups, created, all] = await countTabs(db, filter, ['assigned', 'workgroups', 'created', ...(withAll ? (['all'] as const) : [])]);
  return { assigned, workgroups, created, all: withAll ? all : null };
}
