// The outbox (issue 4 item 12): domain code records the events a change raises in the change's
// own transaction; the outbox relay publishes them to the broker with confirmation afterwards.
import type { Queryable } from '../db/database';

export interface OutboxEvent {
  /** A spec 7 destination: 'events#<userId>', 'notifications#<userId>' or a fanout exchange. */
  destination: string;
  /** The JSON body browsers receive; must carry a unique `eventId` (browsers de-duplicate by it). */
  body: { eventId: string } & Record<string, unknown>;
}

/** The channel recordEvents notifies (on commit) and the outbox relay listens to. */
export const OUTBOX_CHANNEL = 'portal_outbox';

/**
 * Records events in `tx` — the transaction of the change that raised them. The relay publishes
 * them after the commit, which wakes it (a NOTIFY is delivered on commit, with PGlite as with a
 * Postgres server; a rolled-back change notifies nobody).
 */
export async function recordEvents(tx: Queryable, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO outbox (destination, body)
     SELECT destination, body FROM unnest($1::text[], $2::jsonb[]) AS e(destination, body)`,
    [events.map((event) => event.destination), events.map((event) => JSON.stringify(event.body))],
  );
  // Delivered to the relay when (and only if) the change commits: it then finds the rows.
  await tx.query(`SELECT pg_notify('${OUTBOX_CHANNEL}', '')`);
}

/** An event of the outbox as the relay publishes it. */
export interface OutboxRow {
  seq: string;
  destination: string;
  body: unknown;
}

/**
 * The oldest unpublished events, at most `limit`; `lock` (a Postgres server, in a transaction)
 * locks them and skips those another relay holds.
 */
export async function unpublishedEvents(tx: Queryable, limit: number, lock: boolean): Promise<OutboxRow[]> {
  const select = `SELECT seq::text AS seq, destination, body FROM outbox WHERE published_at IS NULL ORDER BY seq LIMIT $1`;
  return tx.query<OutboxRow>(lock ? `${select} FOR UPDATE SKIP LOCKED` : select, [limit]);
}

/** One more failed attempt to publish the event `seq`. */
export async function countFailedAttempt(tx: Queryable, seq: string): Promise<void> {
  await tx.query('UPDATE outbox SET attempts = attempts + 1 WHERE seq = $1', [seq]);
}

/** The events `seqs` are published now. */
export async function markPublished(tx: Queryable, seqs: readonly string[]): Promise<void> {
  await tx.query('UPDATE outbox SET published_at = now() WHERE seq = ANY($1::bigint[])', [seqs]);
}

/** Forgets the events published more than `retentionMs` ago. */
export async function pruneOutbox(db: Queryable, retentionMs: number): Promise<void> {
  await db.query(`DELETE FROM outbox WHERE published_at IS NOT NULL AND published_at < now() - $1::integer * interval '1 millisecond'`, [
    retentionMs,
  ]);
}
