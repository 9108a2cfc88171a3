// SQL of a task's records (records.ts): its history rows and its comments.
import type { TaskCommentRecord, TaskHistoryEntry } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { userRef } from './repository';

const iso = (time: Date | string) => new Date(time).toISOString();

/** The task's events, oldest first, with their actors. */
export async function historyRows(db: Queryable, taskId: string): Promise<TaskHistoryEntry[]> {
  const rows = await db.query<Omit<TaskHistoryEntry, 'time'> & { time: Date | string }>(
    `SELECT e.id, e.type, ${userRef('u')} AS actor, e.time, e.data FROM task_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.task_id = $1 ORDER BY e.time, e.id`,
    [taskId],
  );
  return rows.map((row) => ({ ...row, time: iso(row.time) }));
}

const COMMENT_SELECT = `SELECT c.id, ${userRef('u')} AS author, c.text, c.created_at FROM task_comments c LEFT JOIN users u ON u.id = c.author_id`;

type CommentRow = Omit<TaskCommentRecord, 'created_at'> & { created_at: Date | string };
const toComment = (row: CommentRow): TaskCommentRecord => ({ ...row, created_at: iso(row.created_at) });

/** The task's comments, oldest first. */
export async function commentRows(db: Queryable, taskId: string): Promise<TaskCommentRecord[]> {
  const rows = await db.query<CommentRow>(`${COMMENT_SELECT} WHERE c.task_id = $1 ORDER BY c.created_at, c.id`, [taskId]);
  return rows.map(toComment);
}

/** Stores a comment; resolves to it as answered. */
export async function insertTaskComment(tx: Queryable, taskId: string, authorId: string, text: string): Promise<TaskCommentRecord> {
  const [row] = await tx.query<{ id: string }>('INSERT INTO task_comments (task_id, author_id, text) VALUES ($1, $2, $3) RETURNING id', [taskId, authorId, text]);
  const [comment] = await tx.query<CommentRow>(`${COMMENT_SELECT} WHERE c.id = $1`, [row.id]);
  return toComment(comment);
}
