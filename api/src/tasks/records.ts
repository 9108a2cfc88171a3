// A task's records (issue 23 item 2's /view-task): its history (task_events, spec 4.5, oldest
// first) and its comments. Whoever may view the process's tasks reads and comments; a comment
// raises the live event 'Task Comment' so an open /view-task shows it at once.
import { checkPermission, GENERAL_TASK_LIMITS, messageForStatus, PERMISSIONS, type TaskCommentRecord, type TaskHistoryEntry } from '@portal/shared/server';
import type { Caller } from '../authorization/guard';
import type { Queryable } from '../db/database';
import type { EventActor } from '../realtime/recipients';
import { isUuid, refuse, textField } from '../http/input';
import { ApiProblem } from '../http/problem';
import { publishTaskRecordEvent } from './events';
import { findTaskRecord, type TaskRecord } from './repository';
import { commentRows, historyRows, insertTaskComment } from './records.repository';
import type { ChangeContext } from './service';
import { authorizeCaller } from './workflow';

/** The process's task (404 when it is another process's or organization's, or no task). */
export async function taskOfProcess(db: Queryable, processId: string, taskId: string): Promise<TaskRecord> {
  if (!isUuid(taskId)) throw new ApiProblem(404);
  const task = await findTaskRecord(db, taskId);
  if (!task || task.process_id !== processId) throw new ApiProblem(404);
  return task;
}

/** GET tasks/:id/events */
export async function taskHistory(db: Queryable, processId: string, taskId: string): Promise<TaskHistoryEntry[]> {
  return historyRows(db, (await taskOfProcess(db, processId, taskId)).id);
}

/** GET tasks/:id/comments: oldest first. */
export async function taskComments(db: Queryable, processId: string, taskId: string): Promise<TaskCommentRecord[]> {
  return commentRows(db, (await taskOfProcess(db, processId, taskId)).id);
}

/** POST tasks/:id/comments: `{ text }` 1–10,000 characters without injection markers. */
export async function addTaskComment(context: ChangeContext, taskId: string, body: unknown): Promise<TaskCommentRecord> {
  return context.db.transaction(async (tx) => {
    const task = await taskOfProcess(tx, context.process.id, taskId);
    const errors: Record<string, string> = {};
    const text = textField(errors, 'text', (body as { text?: unknown } | null)?.text, { required: true, max: GENERAL_TASK_LIMITS.comment });
    refuse(errors);
    const comment = await insertTaskComment(tx, task.id, context.actor.id, text!);
    await publishTaskRecordEvent(tx, task, {
      type: 'Task Comment',
      id: comment.id,
      kind: 'comment',
      time: comment.created_at,
      actor: context.actor,
      sessionId: context.sessionId,
    });
    return comment;
  });
}

/**
 * The process's task whose attachments (documents of the library, linked by the documents family)
 * the caller reads (`acting` false: whoever may view the process's tasks, view=>Task) or changes
 * (`acting` true: also whom spec 6's task authorization lets act on it, or — a general task — its
 * creator or who may assign tasks, who edit it). 404 when it is another process's or
 * organization's, 403 when the caller may not.
 */
export async function taskForAttachments(db: Queryable, caller: Caller, processId: string, taskId: string, acting: boolean): Promise<TaskRecord> {
  const task = await taskOfProcess(db, processId, taskId);
  const holds = (permission: Parameters<typeof checkPermission>[1]) => checkPermission(caller.access, permission, caller.context);
  if (!holds(PERMISSIONS.requirements.TASK.VIEW)) throw new ApiProblem(403, messageForStatus(403));
  if (!acting) return task;
  const editsIt = task.type === 'GENERAL' && (task.created_by === caller.user.id || holds(PERMISSIONS.requirements.TASK.ASSIGN));
  if (!editsIt) await authorizeCaller(db, caller, task);
  return task;
}

/** The live 'Task Attachment' event: a document (`documentId`) attached to or detached from the task, in `tx`. */
export async function publishTaskAttachment(tx: Queryable, task: TaskRecord, documentId: string, actor: EventActor, sessionId: string): Promise<void> {
  await publishTaskRecordEvent(tx, task, { type: 'Task Attachment', id: documentId, kind: 'attachment', time: new Date(), actor, sessionId });
}
