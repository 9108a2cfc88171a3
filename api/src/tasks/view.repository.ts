// The InboxTask view (issue 23 item 3): every task as the inbox and /view-task show it — a
// workflow task's title derived from its kind and requirement ("Review RQ-12 Password length"), a
// general task's own; its link; overdue when open and past its due date (the API's clock's day).
import type { InboxTask, TaskType } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** How a workflow task's title begins (then the requirement's code and title). */
export const TITLE_PREFIXES: Readonly<Record<Exclude<TaskType, 'GENERAL'>, string>> = {
  REVIEW: 'Review',
  DELEGATE: 'Implement',
  HAS_GAP: 'Close the gap of',
  RESOLVE_REJECTED: 'Resolve the rejection of',
  RESOLVE_RISK: 'Resolve the risk of',
  RESOLVE_CONFLICT: 'Resolve the conflict of',
};

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The title as SQL over `t` (tasks) and `r` (its requirement): what the inbox sorts and searches. */
export const TITLE_SQL = `CASE t.type WHEN 'GENERAL' THEN t.title ELSE (CASE t.type ${Object.entries(TITLE_PREFIXES)
  .map(([type, prefix]) => `WHEN ${quoted(type)} THEN ${quoted(prefix)}`)
  .join(' ')} ELSE t.type END) || coalesce(' ' || r.code || ' ' || r.title, '') END`;

/** The requirement a task is about: the workflow's, or a general task's linked one. */
export const REQUIREMENT_JOIN = `LEFT JOIN requirements r ON r.id = coalesce(t.requirement_id, CASE WHEN t.link_kind = 'requirement' THEN t.link_id END)`;

/** A user as UserRef (null when none), read per row: fewer joins to plan on every page. */
const userOf = (column: string) => `(SELECT json_build_object('id', u.id, 'login_id', u.login_id, 'name', u.name) FROM users u WHERE u.id = ${column})`;

/**
 * A timestamp as the API answers it (`Date.prototype.toISOString`: UTC, milliseconds, truncated as
 * the driver truncates), written by the server: a page's 100 timestamps were parsed into dates and
 * formatted back one by one.
 */
const isoTime = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The fields of an InboxTask as SQL over `t` and `r`, in the contract's order; `today` is the
 * parameter holding today's date. Only the requirement is joined (the title, search and sort read
 * it); the people and the workgroup are read per row of the page (planning six joins cost more than
 * the page itself).
 */
function inboxFields(today: string): [string, string][] {
  return [
    ['id', 't.id'],
    ['type', 't.type'],
    ['status', 't.status'],
    ['requirement', `CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('id', r.id, 'code', r.code, 'title', r.title) END`],
    ['assigned_to_user', userOf('t.assigned_to_user')],
    ['delegated_to', userOf('t.delegated_to')],
    ['assigned_to_group', `(SELECT json_build_object('id', g.id, 'name', g.name) FROM workgroups g WHERE g.id = t.assigned_to_group)`],
    ['progress', 't.progress'],
    ['due_date', `to_char(t.due_date, 'YYYY-MM-DD')`],
    ['comment', 't.comment'],
    ['related_id', 't.related_id'],
    ['created_by', userOf('t.created_by')],
    ['created_at', isoTime('t.created_at')],
    ['updated_at', isoTime('t.updated_at')],
    ['title', TITLE_SQL],
    ['description', 't.description'],
    [
      'link',
      `CASE WHEN t.link_kind IS NULL THEN NULL ELSE json_build_object('kind', t.link_kind, 'id', t.link_id,
      'label', CASE WHEN t.link_kind = 'requirement' AND r.id IS NOT NULL THEN r.code || ' ' || r.title ELSE t.link_label END) END`,
    ],
    ['recurrence', 't.recurrence'],
    // Without a due date the comparison is NULL: not overdue.
    ['overdue', `coalesce(t.status = 'OPEN' AND t.due_date < ${today}::date, false)`],
  ];
}

/** The SELECT of InboxTask views, a column per field; `extra` more columns. */
export function inboxSelect(today: string, extra = ''): string {
  return `SELECT ${inboxFields(today)
    .map(([name, sql]) => `${sql} AS ${name}`)
    .join(',\n    ')}${extra}
  FROM tasks t
  ${REQUIREMENT_JOIN}`;
}

/**
 * The SELECT of InboxTask views as JSON text, a row each (`task`); `extra` more columns. The inbox's
 * page is written by Postgres: parsing twenty columns of 50 rows (five of them JSON) into objects
 * and serializing them back was most of the API's time per page.
 */
export function inboxJsonSelect(today: string, extra = ''): string {
  return `SELECT json_build_object(${inboxFields(today)
    .map(([name, sql]) => `'${name}', ${sql}`)
    .join(',\n    ')})::text AS task${extra}
  FROM tasks t
  ${REQUIREMENT_JOIN}`;
}

/** The process's task of that id as InboxTask, or undefined. */
export async function inboxTaskView(db: Queryable, processId: string, taskId: string, today: string): Promise<InboxTask | undefined> {
  const [row] = await db.query<InboxTask>(`${inboxSelect('$3')} WHERE t.process_id = $1 AND t.id = $2`, [processId, taskId, today]);
  return row;
}
