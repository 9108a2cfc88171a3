// The SQL of notify(): who the recipients are (address, preferences), the process's settings and
// the mail queue rows.
import type { Queryable } from '../db/database';

export interface NotifiedUser {
  id: string;
  login_id: string;
  email: string;
  muted: string[];
  mail_digest: boolean;
}

/** The active users among `ids`, with their notification preferences. */
export async function activeRecipients(tx: Queryable, ids: readonly string[]): Promise<NotifiedUser[]> {
  if (ids.length === 0) return [];
  return tx.query<NotifiedUser>(
    `SELECT u.id, u.login_id, u.email, COALESCE(p.muted, '{}') AS muted, COALESCE(p.mail_digest, false) AS mail_digest
     FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
     WHERE u.id = ANY($1::uuid[]) AND NOT u.inactive`,
    [[...new Set(ids)]],
  );
}

export async function storedSettingsOf(tx: Queryable, processId: string): Promise<Record<string, { mail: boolean; portal: boolean }>> {
  // The process's own settings over its organization's (migration 039) for the events it has not set.
  const [row] = await tx.query<{ notification_settings: Record<string, { mail: boolean; portal: boolean }> | null }>(
    `SELECT o.notification_settings || p.notification_settings AS notification_settings
       FROM processes p JOIN organizations o ON o.id = p.organization_id WHERE p.id = $1`,
    [processId],
  );
  return row?.notification_settings ?? {};
}

export interface QueuedMail {
  user_id: string;
  recipient: string;
  event: string;
  subject: string;
  message: string;
  link: string | null;
  digest: boolean;
}

/** The channel the mail relay listens to; notified (on commit) when mail is queued. */
export const MAIL_CHANNEL = 'portal_mail_queue';

/** Queues mails in `tx`; the relay sends them once the transaction commits. */
export async function queueMails(tx: Queryable, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.query(
    `INSERT INTO mail_queue (user_id, recipient, event, subject, message, link, digest)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])`,
    [
      mails.map((mail) => mail.user_id),
      mails.map((mail) => mail.recipient),
      mails.map((mail) => mail.event),
      mails.map((mail) => mail.subject),
      mails.map((mail) => mail.message),
      mails.map((mail) => mail.link),
      mails.map((mail) => mail.digest),
    ],
  );
  await tx.query(`SELECT pg_notify('${MAIL_CHANNEL}', '')`);
}
