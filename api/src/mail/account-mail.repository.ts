// The account mail waiting for its job (migration 041): stored when queued, claimed by the run that
// sends it, deleted once it went out.
import type { Queryable } from '../db/database';
import type { MailMessage } from './outbox.repository';

export interface QueuedMail extends MailMessage {
  id: string;
  dated: Date | string;
  attempts: number;
  claimed_until: Date | string;
}

/** Dates travel as ISO texts: a Date of another realm (the tests' clock) is not one to PGlite. */
const ts = (date: Date): string => new Date(date.getTime()).toISOString();

/** Stores a message to send; resolves to its id (the job's payload). */
export async function insertAccountMail(db: Queryable, message: MailMessage, dated: Date): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO account_mail (recipient, subject, body, html, headers, dated) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [message.to, message.subject, message.text, message.html ?? null, message.headers ? JSON.stringify(message.headers) : null, ts(dated)],
  );
  return row!.id;
}

/**
 * Claims the message for `seconds` (to the millisecond: the claim is matched again as a JS date): the one run that moved claimed_until gets it; undefined when it
 * was sent already (gone) or another run holds it.
 */
export async function claimAccountMail(db: Queryable, id: string, seconds: number): Promise<QueuedMail | undefined> {
  const [row] = await db.query<QueuedMail>(
    `UPDATE account_mail SET attempts = attempts + 1, claimed_until = date_trunc('milliseconds', clock_timestamp() + $2 * interval '1 second')
      WHERE id = $1 AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
      RETURNING id, recipient AS "to", subject, body AS "text", html, headers, dated, attempts, claimed_until`,
    [id, seconds],
  );
  if (!row) return undefined;
  return { ...row, html: row.html ?? undefined, headers: row.headers ?? undefined };
}

/** The message sent: removed, under its claim only; false when the claim was taken over. */
export async function deleteAccountMail(db: Queryable, id: string, claimedUntil: Date | string): Promise<boolean> {
  const rows = await db.query('DELETE FROM account_mail WHERE id = $1 AND claimed_until = $2::timestamptz RETURNING id', [id, new Date(claimedUntil).toISOString()]);
  return rows.length > 0;
}

/** An attempt that failed lets go of the message: its retry claims it at once. */
export async function releaseAccountMail(db: Queryable, id: string, claimedUntil: Date | string): Promise<void> {
  await db.query('UPDATE account_mail SET claimed_until = NULL WHERE id = $1 AND claimed_until = $2::timestamptz', [id, new Date(claimedUntil).toISOString()]);
}

/** Of `ids`, those still waiting for a first attempt or being sent. */
export async function unsettledAccountMail(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM account_mail WHERE id = ANY($1::uuid[]) AND (attempts = 0 OR claimed_until > clock_timestamp())',
    [ids],
  );
  return rows.map((row) => row.id);
}

/**
 * The messages whose job may be lost, oldest first: on a shared server those never tried a minute
 * after they were stored (their process stopped between storing and queueing); on the embedded
 * database, whose one process lost its queue when it stopped, every one with attempts left.
 */
export async function orphanedAccountMail(db: Queryable, embedded: boolean, attemptsLeftBelow: number): Promise<string[]> {
  if (embedded) {
    const rows = await db.query<{ id: string }>(
      'UPDATE account_mail SET claimed_until = NULL WHERE attempts < $1 RETURNING id',
      [attemptsLeftBelow],
    );
    return rows.map((row) => row.id);
  }
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM account_mail WHERE attempts = 0 AND claimed_until IS NULL AND created_at < now() - interval '1 minute' ORDER BY created_at`,
  );
  return rows.map((row) => row.id);
}

/** Mail not sent within a day is dropped: its codes have expired (an invitation can be sent again). */
export async function purgeStaleAccountMail(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM account_mail WHERE created_at < now() - interval '1 day'`);
}
