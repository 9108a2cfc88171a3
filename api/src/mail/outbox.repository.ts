// The mail outbox as stored (without SMTP_URL, mail is kept here and printed to the log).
import type { Queryable } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative (SMTP only: the outbox keeps the text). */
  html?: string;
  /** A stable '<id@host>' so that a message sent again after a crash is recognisable. */
  messageId?: string;
  headers?: Record<string, string>;
}

/** A message as the outbox keeps it; `GET /api/testing/outbox` answers these. */
export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

export async function storeInOutbox(db: Queryable, message: MailMessage, now: Date): Promise<void> {
  await db.query('INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES ($1, $2, $3, $4)', [
    message.to,
    message.subject,
    message.text,
    now.toISOString(),
  ]);
}

/** Stores `messages` in one statement (in the caller's transaction: the mail relay marks them sent in it). */
export async function storeAllInOutbox(db: Queryable, messages: readonly MailMessage[], now: Date): Promise<void> {
  if (messages.length === 0) return;
  await db.query(
    `INSERT INTO mail_outbox (recipient, subject, body, created_at)
     SELECT recipient, subject, body, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS m(recipient, subject, body)`,
    [messages.map((message) => message.to), messages.map((message) => message.subject), messages.map((message) => message.text), now.toISOString()],
  );
}

/** The outbox, newest first; only the messages to `to` (any case) when given. */
export async function listOutbox(db: Queryable, to?: string, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db.query<{ to: string; subject: string; text: string; created_at: Date | string }>(
    `SELECT recipient AS "to", subject, body AS "text", created_at FROM mail_outbox
     WHERE $1::text IS NULL OR lower(recipient) = lower($1)
     ORDER BY created_at DESC, seq DESC LIMIT $2`,
    [to ?? null, limit],
  );
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
