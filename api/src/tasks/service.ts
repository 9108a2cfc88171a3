// Tasks (spec 3, 4.5, 6; issue 6): who acts on what. Opening, completing and failing a task raise
// its task events (task_events + outbox); the requirement workflow (requirements/workflow.ts) and
// the analyses (gaps, risks, conflicts) open and complete tasks through these functions.
import type { RequirementTask, TaskEventName, TaskType } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import type { Caller } from '../authorization/guard';
import type { Database } from '../db/database';
import type { EventActor } from '../realtime/recipients';
import { raiseTaskEvent } from './events';

/** A change in a process by a signed-in caller (requirements and tasks alike). */
export interface ChangeContext {
  db: Database;
  organizationId: string;
  process: { id: string; code_name: string };
  actor: EventActor;
  sessionId: string;
}

export function changeContext(db: Database, caller: Caller): ChangeContext {
  if (!caller.organization || !caller.process) throw new ApiProblem(404);
  return {
    db,
    organizationId: caller.organization.id,
    process: { id: caller.process.id, code_name: caller.process.code_name },
    actor: { id: caller.user.id, login_id: caller.user.login_id },
    sessionId: caller.session.record.id,
  };
}

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
}

export const TASK_RECORD_SELECT = `SELECT t.id, t.organization_id, t.process_id, p.code_name AS process_code, t.requirement_id,
  t.type, t.status, t.assigned_to_user, t.delegated_to, t.assigned_to_group, t.progress,
  to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.comment, t.related_id, t.created_by
  FROM tasks t JOIN processes p ON p.id = t.process_id`;

export async function findTaskRecord(db: Queryable, taskId: string, lock = false): Promise<TaskRecord | undefined> {
  const [row] = await db.query<TaskRecord>(`${TASK_RECORD_SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [taskId]);
  return row;
}

/** Raises a task event of `task` in `tx`. */
export async function raiseEventOf(
  tx: Queryable,
  task: TaskRecord,
  type: TaskEventName,
  actor: EventActor | null,
  data?: Record<string, unknown>,
  sessionId?: string,
): Promise<string> {
  return raiseTaskEvent(tx, {
    organizationId: task.organization_id,
    processId: task.process_id,
    processCode: task.process_code,
    taskId: task.id,
    requirementId: task.requirement_id,
    type,
    actor,
    sessionId,
    data,
  });
}

async function actorOf(tx: Queryable, userId: string | null): Promise<EventActor | null> {
  if (!userId) return null;
  const [user] = await tx.query<EventActor>('SELECT id, login_id FROM users WHERE id = $1', [userId]);
  return user ?? null;
}

/** Opens a task in `tx`; resolves to its id. Raises the task event New (+ outbox). */
export async function openTask(tx: Queryable, task: NewTask): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO tasks (organization_id, process_id, requirement_id, type, assigned_to_user, delegated_to,
       assigned_to_group, due_date, comment, related_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11) RETURNING id`,
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
    ],
  );
  await raiseTaskEvent(tx, {
    organizationId: task.organizationId,
    processId: task.processId,
    processCode: task.processCode,
    taskId: row.id,
    requirementId: task.requirementId,
    type: 'New',
    actor: await actorOf(tx, task.createdBy),
    sessionId: task.sessionId,
    data: { task_type: task.type },
  });
  return row.id;
}

/** Completes an open task (progress 100) in `tx`; raises Complete. 409 when it is no longer open. */
export async function completeTask(
  tx: Queryable,
  taskId: string,
  actor: EventActor | null,
  comment?: string,
  sessionId?: string,
): Promise<void> {
  const task = await findTaskRecord(tx, taskId, true);
  if (!task) throw new ApiProblem(404);
  if (task.status !== 'OPEN') throw new ApiProblem(409, 'The task is already closed.');
  await tx.query(`UPDATE tasks SET status = 'COMPLETED', progress = 100, updated_at = now() WHERE id = $1`, [taskId]);
  await raiseEventOf(tx, task, 'Complete', actor, comment ? { comment } : {}, sessionId);
}

/** Fails an open task in `tx`; raises Fail. */
export async function failTask(
  tx: Queryable,
  taskId: string,
  actor: EventActor | null,
  comment?: string,
  sessionId?: string,
): Promise<void> {
  const task = await findTaskRecord(tx, taskId, true);
  if (!task) throw new ApiProblem(404);
  if (task.status !== 'OPEN') throw new ApiProblem(409, 'The task is already closed.');
  await tx.query(`UPDATE tasks SET status = 'FAILED', updated_at = now() WHERE id = $1`, [taskId]);
  await raiseEventOf(tx, task, 'Fail', actor, comment ? { comment } : {}, sessionId);
}

const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'login_id', ${alias}.login_id, 'name', ${alias}.name) END`;

/** The SELECT of RequirementTask views (append WHERE / ORDER BY). */
export const TASK_VIEW_SELECT = `SELECT t.id, t.type, t.status,
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

export function toTaskView(row: TaskViewRow): RequirementTask {
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
