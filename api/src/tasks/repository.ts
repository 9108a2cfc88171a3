// The tasks as stored (SQL of the tasks family): their rows, the RequirementTask views the routes
// answer, and the changes the task actions make.
import type { RequirementTask, TaskType } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { EventActor } from '../realtime/recipients';

export interface NewTask {
  organizationId: string;
  processId: string;
  processCode: string;
  requirementId: string | null;
  type: TaskType;
  assignedToUser?: string | null;
  delegatedTo?: string | null;
  assignedToGroup?: string | null;
  /** 'YYYY-MM-DD' */
  dueDate?: string | null;
  comment?: string;
  relatedId?: string | null;
  createdBy: string | null;
  sessionId?: string;
  /** A general task's (issue 23): see GeneralFields. */
  general?: GeneralFields;
}

/** What a general task has beside the workflow's columns. */
export interface GeneralFields {
  title: string;
  description: string;
  linkKind: string | null;
  linkId: string | null;
  linkLabel: string;
  recurrence: string | null;
  recurrenceStart: string | null;
  previousId?: string | null;
}

/** A task row with what its events need. */
export interface TaskRecord {
  id: string;
  organization_id: string;
  process_id: string;
  process_code: string;
  requirement_id: string | null;
  type: TaskType;
  status: 'OPEN' | 'COMPLETED' | 'FAILED';
  assigned_to_user: string | null;
  delegated_to: string | null;
  assigned_to_group: string | null;
  progress: number;
  due_date: string | null;
  comment: string;
  related_id: string | null;
  created_by: string | null;
  title: string;
  description: string;
  link_kind: string | null;
  link_id: string | null;
  link_label: string;
  recurrence: string | null;
  recurrence_start: string | null;
  next_id: string | null;
}

const TASK_RECORD_SELECT = `SELECT t.id, t.organization_id, t.process_id, p.code_name AS process_code, t.requirement_id,
  t.type, t.status, t.assigned_to_user, t.delegated_to, t.assigned_to_group, t.progress,
  to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.comment, t.related_id, t.created_by,
  t.title, t.description, t.link_kind, t.link_id, t.link_label, t.recurrence,
  to_char(t.recurrence_start, 'YYYY-MM-DD') AS recurrence_start, t.next_id
  FROM tasks t JOIN processes p ON p.id = t.process_id`;

export async function findTaskRecord(db: Queryable, taskId: string, lock = false): Promise<TaskRecord | undefined> {
  const [row] = await db.query<TaskRecord>(`${TASK_RECORD_SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [taskId]);
  return row;
}

/** The id and login of a user (the actor of an event), if there is one. */
export async function actorRow(tx: Queryable, userId: string): Promise<EventActor | undefined> {
  const [user] = await tx.query<EventActor>('SELECT id, login_id FROM users WHERE id = $1', [userId]);
  return user;
}

export async function insertTask(tx: Queryable, task: NewTask): Promise<string> {
  const general = task.general;
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO tasks (organization_id, process_id, requirement_id, type, assigned_to_user, delegated_to,
       assigned_to_group, due_date, comment, related_id, created_by,
       title, description, link_kind, link_id, link_label, recurrence, recurrence_start, previous_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15::uuid, $16, $17, $18::date, $19::uuid) RETURNING id`,
    [
      task.organizationId,
      task.processId,
      task.requirementId,
      task.type,
      task.assignedToUser ?? null,
      task.delegatedTo ?? null,
      task.assignedToGroup ?? null,
      task.dueDate ?? null,
      task.comment ?? '',
      task.relatedId ?? null,
      task.createdBy,
      general?.title ?? '',
      general?.description ?? '',
      general?.linkKind ?? null,
      general?.linkId ?? null,
      general?.linkLabel ?? '',
      general?.recurrence ?? null,
      general?.recurrenceStart ?? null,
      general?.previousId ?? null,
    ],
  );
  return row.id;
}

export async function setTaskCompleted(tx: Queryable, taskId: string): Promise<void> {
  await tx.query(`UPDATE tasks SET status = 'COMPLETED', progress = 100, updated_at = now() WHERE id = $1`, [taskId]);
}

/** Records the next occurrence a recurring task opened (once: a task has one next). */
export async function setNextOccurrence(tx: Queryable, taskId: string, nextId: string): Promise<void> {
  await tx.query('UPDATE tasks SET next_id = $2 WHERE id = $1 AND next_id IS NULL', [taskId, nextId]);
}

export async function setTaskFailed(tx: Queryable, taskId: string): Promise<void> {
  await tx.query(`UPDATE tasks SET status = 'FAILED', updated_at = now() WHERE id = $1`, [taskId]);
}

export async function setTaskProgress(tx: Queryable, taskId: string, progress: number): Promise<void> {
  await tx.query('UPDATE tasks SET progress = $2, updated_at = now() WHERE id = $1', [taskId, progress]);
}

/** The login of each of these users (by id). */
export async function loginsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; login_id: string }>('SELECT id, login_id FROM users WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((row) => [row.id, row.login_id] as const));
}

/** Sets the task's user column (assigned_to_user or delegated_to) and/or its workgroup, as given. */
export async function assignTaskRow(
  tx: Queryable,
  taskId: string,
  userColumn: 'assigned_to_user' | 'delegated_to',
  change: { userId?: unknown; groupId?: unknown },
): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [taskId];
  if ('userId' in change) {
    params.push(change.userId);
    sets.push(`${userColumn} = $${params.length}::uuid`);
  }
  if ('groupId' in change) {
    params.push(change.groupId);
    sets.push(`assigned_to_group = $${params.length}::uuid`);
  }
  await tx.query(`UPDATE tasks SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

export const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'login_id', ${alias}.login_id, 'name', ${alias}.name) END`;

/** The SELECT of RequirementTask views (append WHERE / ORDER BY). */
const TASK_VIEW_SELECT = `SELECT t.id, t.type, t.status,
    CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('id', r.id, 'code', r.code, 'title', r.title) END AS requirement,
    ${userRef('au')} AS assigned_to_user,
    ${userRef('du')} AS delegated_to,
    CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object('id', g.id, 'name', g.name) END AS assigned_to_group,
    t.progress, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.comment, t.related_id,
    ${userRef('cu')} AS created_by, t.created_at, t.updated_at
  FROM tasks t
  LEFT JOIN requirements r ON r.id = t.requirement_id
  LEFT JOIN users au ON au.id = t.assigned_to_user
  LEFT JOIN users du ON du.id = t.delegated_to
  LEFT JOIN workgroups g ON g.id = t.assigned_to_group
  LEFT JOIN users cu ON cu.id = t.created_by`;

interface TaskViewRow extends Omit<RequirementTask, 'created_at' | 'updated_at'> {
  created_at: Date | string;
  updated_at: Date | string;
}

function toTaskView(row: TaskViewRow): RequirementTask {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function taskView(db: Queryable, taskId: string): Promise<RequirementTask | undefined> {
  const [row] = await db.query<TaskViewRow>(`${TASK_VIEW_SELECT} WHERE t.id = $1`, [taskId]);
  return row ? toTaskView(row) : undefined;
}

export interface TaskFilter {
  /** Assigned to, delegated to, or to a workgroup of: this user and these groups. */
  mine?: { userId: string; groups: string[] };
  type?: string;
  status?: string;
  requirement?: string;
  limit: number;
}

/** The process's tasks, open first, then by due date and newest. */
export async function listTaskViews(db: Queryable, processId: string, filter: TaskFilter): Promise<RequirementTask[]> {
  const params: unknown[] = [processId];
  const where = ['t.process_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.mine) {
    const me = add(filter.mine.userId);
    where.push(`(t.assigned_to_user = ${me} OR t.delegated_to = ${me} OR t.assigned_to_group = ANY(${add(filter.mine.groups)}::uuid[]))`);
  }
  // General tasks (issue 23) are the inbox's: this list (mfe-requirements') shows them only when asked for.
  where.push(filter.type ? `t.type = ${add(filter.type)}` : "t.type <> 'GENERAL'");
  if (filter.status) where.push(`t.status = ${add(filter.status)}`);
  if (filter.requirement) where.push(`t.requirement_id = ${add(filter.requirement)}::uuid`);
  const rows = await db.query<TaskViewRow>(
    `${TASK_VIEW_SELECT} WHERE ${where.join(' AND ')}
      ORDER BY (t.status = 'OPEN') DESC, t.due_date NULLS LAST, t.created_at DESC, t.id LIMIT ${add(filter.limit)}`,
    params,
  );
  return rows.map(toTaskView);
}

/** The ids of the requirement's open tasks (of one type, and but one task, when given). */
export async function openTaskIdsOf(tx: Queryable, requirementId: string, filter: { type?: TaskType; except?: string | null } = {}): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM tasks WHERE requirement_id = $1 AND status = 'OPEN' AND ($2::text IS NULL OR type = $2)
        AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [requirementId, filter.type ?? null, filter.except ?? null],
  );
  return rows.map((row) => row.id);
}

/** A row of the task's history; its id and time make the outbox event. */
export async function insertTaskEvent(
  tx: Queryable,
  taskId: string,
  type: string,
  actorId: string | null,
  data: Record<string, unknown>,
): Promise<{ id: string; time: Date | string }> {
  const [row] = await tx.query<{ id: string; time: Date | string }>(
    `INSERT INTO task_events (task_id, type, actor_id, data, time)
     VALUES ($1, $2, $3, $4::jsonb, clock_timestamp()) RETURNING id, time`,
    [taskId, type, actorId, JSON.stringify(data)],
  );
  return row;
}
