// SQL of a requirement's history (its events, migration 008) and its comments: each event row is
// the outbox event of its change (same id and time); comments are listed per requirement and per
// process, newest first, with the number matching.
import type { CommentPage, RequirementComment, RequirementEventRecord, RequirementRef } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { iso, likePattern, userRefSql } from './repository';

interface EventRow {
  id: string;
  type: string;
  requirement: RequirementRef;
  actor: RequirementEventRecord['actor'];
  time: Date | string;
  data: Record<string, unknown>;
}

const EVENT_SELECT = `SELECT e.id, e.type, json_build_object('id', r.id, 'code', r.code, 'title', r.title) AS requirement,
    ${userRefSql('a')} AS actor, e.time, e.data
  FROM requirement_events e JOIN requirements r ON r.id = e.requirement_id LEFT JOIN users a ON a.id = e.actor_id`;

const toEvent = (row: EventRow): RequirementEventRecord => ({
  eventId: row.id,
  type: row.type,
  requirement: row.requirement,
  actor: row.actor,
  time: iso(row.time),
  data: row.data ?? {},
});

/** The requirement's history, oldest first. */
export async function historyOf(db: Queryable, processId: string, id: string): Promise<RequirementEventRecord[]> {
  const rows = await db.query<EventRow>(`${EVENT_SELECT} WHERE e.process_id = $1 AND e.requirement_id = $2 ORDER BY e.time, e.id`, [
    processId,
    id,
  ]);
  return rows.map(toEvent);
}

/** The process's recent requirement events, newest first. */
export async function recentEvents(db: Queryable, processId: string, limit: number): Promise<RequirementEventRecord[]> {
  const rows = await db.query<EventRow>(`${EVENT_SELECT} WHERE e.process_id = $1 ORDER BY e.time DESC, e.id LIMIT $2`, [processId, limit]);
  return rows.map(toEvent);
}

interface CommentRow {
  id: string;
  requirement: RequirementRef;
  author: RequirementComment['author'];
  text: string;
  created_at: Date | string;
}

const COMMENT_SELECT = `SELECT c.id, json_build_object('id', r.id, 'code', r.code, 'title', r.title) AS requirement,
    ${userRefSql('a')} AS author, c.text, c.created_at
  FROM requirement_comments c JOIN requirements r ON r.id = c.requirement_id LEFT JOIN users a ON a.id = c.author_id`;

const toComment = (row: CommentRow): RequirementComment => ({ ...row, created_at: iso(row.created_at) });

export async function commentsOf(db: Queryable, processId: string, id: string): Promise<RequirementComment[]> {
  const rows = await db.query<CommentRow>(`${COMMENT_SELECT} WHERE c.process_id = $1 AND c.requirement_id = $2 ORDER BY c.created_at, c.id`, [
    processId,
    id,
  ]);
  return rows.map(toComment);
}

export async function findComment(db: Queryable, id: string): Promise<RequirementComment | undefined> {
  const [row] = await db.query<CommentRow>(`${COMMENT_SELECT} WHERE c.id = $1`, [id]);
  return row ? toComment(row) : undefined;
}

/** The process's comments, newest first, with the number matching. */
export async function listProcessComments(
  db: Queryable,
  processId: string,
  query: { search?: string; author?: string; offset: number; limit: number },
): Promise<CommentPage> {
  const params: unknown[] = [processId];
  const where = ['c.process_id = $1'];
  if (query.search) {
    params.push(likePattern(query.search));
    const p = `$${params.length}`;
    where.push(`(c.text ILIKE ${p} OR r.code ILIKE ${p} OR r.title ILIKE ${p})`);
  }
  if (query.author) {
    params.push(query.author);
    const p = `$${params.length}`;
    where.push(/^[0-9a-f-]{36}$/i.test(query.author) ? `c.author_id = ${p}::uuid` : `lower(a.login_id) = lower(${p})`);
  }
  params.push(query.limit, query.offset);
  const rows = await db.query<CommentRow & { total: number }>(
    `${COMMENT_SELECT.replace('SELECT c.id', 'SELECT count(*) OVER ()::int AS total, c.id')}
      WHERE ${where.join(' AND ')} ORDER BY c.created_at DESC, c.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && query.offset > 0) {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM requirement_comments c JOIN requirements r ON r.id = c.requirement_id
        LEFT JOIN users a ON a.id = c.author_id WHERE ${where.join(' AND ')}`,
      params.slice(0, -2),
    );
    total = Number(row.n);
  }
  return { items: rows.map(({ total: _total, ...row }) => toComment(row)), total };
}

export async function insertComment(tx: Queryable, comment: { processId: string; requirementId: string; authorId: string; text: string }): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'INSERT INTO requirement_comments (process_id, requirement_id, author_id, text) VALUES ($1, $2, $3, $4) RETURNING id',
    [comment.processId, comment.requirementId, comment.authorId, comment.text],
  );
  return row.id;
}

/** A row of the requirement's history; its id and time make the outbox event. */
export async function insertRequirementEvent(
  tx: Queryable,
  processId: string,
  requirementId: string,
  type: string,
  actorId: string | null,
  data: Record<string, unknown>,
): Promise<{ id: string; time: Date | string }> {
  const [row] = await tx.query<{ id: string; time: Date | string }>(
    `INSERT INTO requirement_events (process_id, requirement_id, type, actor_id, data, time)
     VALUES ($1, $2, $3, $4, $5::jsonb, clock_timestamp()) RETURNING id, time`,
    [processId, requirementId, type, actorId, JSON.stringify(data)],
  );
  return row;
}

