// The SQL of the mail relay and the daily digest: claiming queued mail under a lease, marking it
// sent or failed, and gathering a user's digest items into one mail.
import type { Queryable } from '../db/database';
import type { MailItem } from './mail-content';

export interface ClaimedMail {
  seq: string;
  recipient: string;
  event: string;
  subject: string;
  message: string;
  link: string | null;
  items: MailItem[] | null;
  created_at: string;
  attempts: number;
}

/**
 * Takes up to `limit` mails due now, oldest first, and holds them for `leaseMs`: until then no
 * other relay (nor this one after a crash) takes them. SKIP LOCKED lets relays of several API
 * processes claim side by side; the claim commits at once, so no transaction stays open while the
 * mail server answers.
 */
export async function claimMails(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
  const rows = await db.query<ClaimedMail & { seq: string }>(
    `UPDATE mail_queue SET next_attempt_at = now() + $2::integer * interval '1 millisecond'
     WHERE seq IN (
       SELECT seq FROM mail_queue WHERE sent_at IS NULL AND NOT digest AND next_attempt_at <= now()
       ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING seq::text AS seq, recipient, event, subject, message, link, items, created_at, attempts`,
    [limit, leaseMs],
  );
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
}

/** The mail `seq` was accepted by the mail server (or stored in the outbox). */
export async function markMailSent(db: Queryable, seq: string): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE seq = $1', [seq]);
}

/** The mails `seqs` were stored in the outbox (in the transaction that stored them). */
export async function markMailsSent(db: Queryable, seqs: readonly string[]): Promise<void> {
  await db.query('UPDATE mail_queue SET sent_at = now(), last_error = NULL WHERE seq = ANY($1::bigint[])', [seqs]);
}

/** The mail `seq` failed: try again after `delayMs`. */
export async function markMailFailed(db: Queryable, seq: string, error: string, delayMs: number): Promise<void> {
  await db.query(
    `UPDATE mail_queue SET attempts = attempts + 1, last_error = $2,
       next_attempt_at = now() + $3::integer * interval '1 millisecond' WHERE seq = $1`,
    [seq, error.slice(0, 2000), Math.round(delayMs)],
  );
}

/** Gives the claimed, unsent mails `seqs` back at once (a relay that stops cleanly). */
export async function releaseMails(db: Queryable, seqs: readonly string[]): Promise<void> {
  if (seqs.length === 0) return;
  await db.query('UPDATE mail_queue SET next_attempt_at = now() WHERE seq = ANY($1::bigint[]) AND sent_at IS NULL', [seqs]);
}

export interface DigestItem extends MailItem {
  seq: string;
  user_id: string;
  recipient: string;
}

/** The unsent digest items queued before `before`, per user then oldest first (locked in `tx`). */
export async function digestItems(tx: Queryable, before: Date, lock: boolean): Promise<DigestItem[]> {
  return tx.query<DigestItem>(
    `SELECT seq::text AS seq, user_id, recipient, event, subject, message, link FROM mail_queue
     WHERE digest AND sent_at IS NULL AND created_at < $1
     ORDER BY user_id, seq${lock ? ' FOR UPDATE SKIP LOCKED' : ''}`,
    [before.toISOString()],
  );
}

/** Queues one user's digest mail and marks its items as carried by it, in `tx`. */
export async function queueDigest(
  tx: Queryable,
  digest: { user_id: string; recipient: string; subject: string; items: MailItem[] },
  itemSeqs: readonly string[],
): Promise<void> {
  const [row] = await tx.query<{ seq: string }>(
    `INSERT INTO mail_queue (user_id, recipient, event, subject, message, items)
     VALUES ($1, $2, 'Daily digest', $3, '', $4::jsonb) RETURNING seq::text AS seq`,
    [digest.user_id, digest.recipient, digest.subject, JSON.stringify(digest.items)],
  );
  await tx.query('UPDATE mail_queue SET sent_at = now(), digested_into = $2 WHERE seq = ANY($1::bigint[])', [itemSeqs, row?.seq]);
}
