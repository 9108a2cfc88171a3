// Tasks (spec 3, 4.5, 6; issue 6): who acts on what. Opening, completing and failing a task raise
// its task events (task_events + outbox); the requirement workflow (requirements/workflow.ts) and
// the analyses (gaps, risks, conflicts) open and complete tasks through these functions.
import type { PolicyContext, TaskEventName } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import type { Caller } from '../authorization/guard';
import type { Database } from '../db/database';
import type { EventActor } from '../realtime/recipients';
import { raiseTaskEvent } from './events';
import { notifyTask } from './notices';
import { nextOccurrence } from './recurrence';
import { actorRow, findTaskRecord, insertTask, setNextOccurrence, setTaskCompleted, setTaskFailed, taskView, type NewTask, type TaskRecord } from './repository';

export { findTaskRecord, taskView, type NewTask, type TaskRecord };

/** A change in a process by a signed-in caller (requirements and tasks alike). */
export interface ChangeContext {
  db: Database;
  organizationId: string;
  process: { id: string; code_name: string };
  actor: EventActor;
  sessionId: string;
  /** The caller's policy context in the process: whom a change may name (an owner, a reviewer) is judged in it. */
  policy: PolicyContext;
}

export function changeContext(db: Database, caller: Caller): ChangeContext {
  if (!caller.organization || !caller.process) throw new ApiProblem(404);
  return {
    db,
    organizationId: caller.organization.id,
    process: { id: caller.process.id, code_name: caller.process.code_name },
    actor: { id: caller.user.id, login_id: caller.user.login_id },
    sessionId: caller.session.record.id,
    policy: caller.context,
  };
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

/** Opens a task in `tx`; resolves to its id. Raises the task event New (+ outbox) and tells its assignees. */
export async function openTask(tx: Queryable, task: NewTask): Promise<string> {
  const id = await insertTask(tx, task);
  const actor = task.createdBy ? ((await actorRow(tx, task.createdBy)) ?? null) : null;
  await raiseTaskEvent(tx, {
    organizationId: task.organizationId,
    processId: task.processId,
    processCode: task.processCode,
    taskId: id,
    requirementId: task.requirementId,
    type: 'New',
    actor,
    sessionId: task.sessionId,
    data: { task_type: task.type },
  });
  await notifyTask(tx, (await findTaskRecord(tx, id))!, 'New', actor);
  return id;
}

/**
 * Completes an open task (progress 100) in `tx`; raises Complete and tells who assigned it, unless
 * `quiet` (the caller's own event tells the same people). 409 when it is no longer open.
 */
export async function completeTask(
  tx: Queryable,
  taskId: string,
  actor: EventActor | null,
  comment?: string,
  sessionId?: string,
  quiet = false,
): Promise<void> {
  const task = await findTaskRecord(tx, taskId, true);
  if (!task) throw new ApiProblem(404);
  if (task.status !== 'OPEN') throw new ApiProblem(409, 'The task is already closed.');
  await setTaskCompleted(tx, taskId);
  await raiseEventOf(tx, task, 'Complete', actor, comment ? { comment } : {}, sessionId);
  if (!quiet) await notifyTask(tx, task, 'Complete', actor);
  await openNextOccurrence(tx, task, sessionId);
}

/**
 * A recurring task completed or past due opens its next occurrence once (in `tx`, the task locked
 * or claimed): the same assignee, title, description and link, due on the rule's next day after
 * this one's. Nothing when the series ended, or the next one is open already. Resolves to its id.
 */
export async function openNextOccurrence(tx: Queryable, task: TaskRecord, sessionId?: string): Promise<string | null> {
  if (!task.recurrence || !task.recurrence_start || !task.due_date || task.next_id) return null;
  const due = nextOccurrence(task.recurrence, task.recurrence_start, task.due_date);
  if (!due) return null;
  const id = await openTask(tx, {
    organizationId: task.organization_id,
    processId: task.process_id,
    processCode: task.process_code,
    requirementId: task.requirement_id,
    type: task.type,
    assignedToUser: task.assigned_to_user,
    delegatedTo: task.delegated_to,
    assignedToGroup: task.assigned_to_group,
    dueDate: due,
    createdBy: task.created_by,
    sessionId,
    general: {
      title: task.title,
      description: task.description,
      linkKind: task.link_kind,
      linkId: task.link_id,
      linkLabel: task.link_label,
      recurrence: task.recurrence,
      recurrenceStart: task.recurrence_start,
      previousId: task.id,
    },
  });
  await setNextOccurrence(tx, task.id, id);
  return id;
}

/** Fails an open task in `tx`; raises Fail and tells who assigned it and the requirement's owner. */
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
  await setTaskFailed(tx, taskId);
  await raiseEventOf(tx, task, 'Fail', actor, comment ? { comment } : {}, sessionId);
  await notifyTask(tx, task, 'Fail', actor, { comment });
}

