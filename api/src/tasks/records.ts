// A task's records (issue 23 item 2's /view-task): its history (task_events, spec 4.5, oldest
// first) and its comments. Whoever may view the process's tasks reads and comments; a comment
// raises the live event 'Task Comment' so an open /view-task shows it at once.
import { GENERAL_TASK_LIMITS, type TaskCommentRecord, type TaskHistoryEntry } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { isUuid, refuse, textField } from '../http/input';
import { ApiProblem } from '../http/problem';
import { publishTaskRecordEvent } from './events';
import { findTaskRecord, userRef, type TaskRecord } from './repository';
import type { ChangeContext } from './service';

/** The process's task (404 when it is another process's or organization's, or no task). */
export async function taskOfProcess(db: Queryable, processId: string, taskId: string): Promise<TaskRecord> {
  if (!isUuid(taskId)) throw new ApiProblem(404);
  const task = await findTaskRecord(db, taskId);
  if (!task || task.process_id !== processId) throw new ApiProblem(404);
  return task;
}

const iso = (time: Date | string) => new Date(time).toISOString();

/** GET tasks/:id/events */
export async function taskHistory(db: Queryable, processId: string, taskId: string): Promise<TaskHistoryEntry[]> {
  const task = await taskOfProcess(db, processId, taskId);
  const rows = await db.query<Omit<TaskHistoryEntry, 'time'> & { time: Date | string }>(
    `SELECT e.id, e.type, ${userRef('u')} AS actor, e.time, e.data FROM task_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.task_id = $1 ORDER BY e.time, e.id`,
    [task.id],
  );
  return rows.map((row) => ({ ...row, time: iso(row.time) }));
}

const COMMENT_SELECT = `SELECT c.id, ${userRef('u')} AS author, c.text, c.created_at FROM task_comments c LEFT JOIN users u ON u.id = c.author_id`;

type CommentRow = Omit<TaskCommentRecord, 'created_at'> & { created_at: Date | string };
const toComment = (row: CommentRow): TaskCommentRecord => ({ ...row, created_at: iso(row.created_at) });

/** GET tasks/:id/comments: oldest first. */
export async function taskComments(db: Queryable, processId: string, taskId: string): Promise<TaskCommentRecord[]> {
  const task = await taskOfProcess(db, processId, taskId);
  const rows = await db.query<CommentRow>(`${COMMENT_SELECT} WHERE c.task_id = $1 ORDER BY c.created_at, c.id`, [task.id]);
  return rows.map(toComment);
}

/** POST tasks/:id/comments: `{ text }` 1–10,000 characters without injection markers. */
export async function addTaskComment(context: ChangeContext, taskId: string, body: unknown): Promise<TaskCommentRecord> {
  return context.db.transaction(async (tx) => {
    const task = await taskOfProcess(tx, context.process.id, taskId);
    const errors: Record<string, string> = {};
    const text = textField(errors, 'text', (body as { text?: unknown } | null)?.text, { required: true, max: GENERAL_TASK_LIMITS.comment });
    refuse(errors);
    const [row] = await tx.query<{ id: string }>('INSERT INTO task_comments (task_id, author_id, text) VALUES ($1, $2, $3) RETURNING id', [
      task.id,
      context.actor.id,
      text,
    ]);
    const [comment] = await tx.query<CommentRow>(`${COMMENT_SELECT} WHERE c.id = $1`, [row.id]);
    await publishTaskRecordEvent(tx, task, {
      type: 'Task Comment',
      id: comment.id,
      kind: 'comment',
      time: comment.created_at,
      actor: context.actor,
      sessionId: context.sessionId,
    });
    return toComment(comment);
  });
}
