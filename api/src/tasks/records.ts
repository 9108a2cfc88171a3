// A task's records (issue 23 item 2's /view-task): its history (task_events, spec 4.5, oldest
// first) and its comments. Whoever may view the process's tasks reads and comments; a comment
// raises the live event 'Task Comment' so an open /view-task shows it at once.
import { GENERAL_TASK_LIMITS, type TaskCommentRecord, type TaskHistoryEntry } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { isUuid, refuse, textField } from '../http/input';
import { ApiProblem } from '../http/problem';
import { publishTaskRecordEvent } from './events';
import { findTaskRecord, type TaskRecord } from './repository';
import { commentRows, historyRows, insertTaskComment } from './records.repository';
import type { ChangeContext } from './service';

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
