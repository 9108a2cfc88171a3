// The mail relay (issue 22 item 2): sends the mail notify() queued in `mail_queue` (in the change's
// own transaction) through the mail port — SMTP when SMTP_URL is set, the mail outbox otherwise —
// one message per recipient, and marks a row sent only once the server accepted it. It drains the
// queue like the realtime outbox relay (db/relay-loop.ts): woken by the NOTIFY of the committing
// transaction, polling otherwise.
//
// Exactly once, as far as SMTP allows: a relay claims a batch under a lease (other relays skip
// it; after a crash the lease ends and the rows are taken again), sends each, and marks each sent
// right after the server's acceptance. A failed mail is retried after a growing pause (its
// attempts, next_attempt_at, last_error) without holding back the others; it is never dropped.
// Only a crash between an acceptance and its mark sends one mail again — with the same
// Message-ID, derived from its seq, so that the receiving side recognises it. Without SMTP the
// mail outbox is a table of the same database: a batch is stored and marked in one transaction.
import type { Database } from '../db/database';
import { retryDelay, startRelayLoop, withoutUndefined, yieldToIo, type RelayLoop, type RelayOutcome } from '../db/relay-loop';
import type { MailMessage, Mailer } from '../mail/mailer';
import { digestMail, PREFERENCES_PATH, singleMail } from './mail-content';
import { claimMails, markMailFailed, markMailSent, markMailsSent, releaseMails, type ClaimedMail } from './mail-queue.repository';
import { MAIL_CHANNEL } from './notify.repository';

export interface MailRelayOptions {
  db: Database;
  /** The mail port (app.mailer): resolves once SMTP accepted the message or the outbox stored it. */
  mailer: Pick<Mailer, 'sendMail' | 'storeAll'>;
  /** The portal's public address (PUBLIC_URL): links in mail are absolute. */
  publicUrl: string;
  log?: { warn(object: object, message: string): void; info?(object: object, message: string): void };
  pollMs?: number;
  batchSize?: number;
  /** A failed mail waits retryBaseMs, then twice as long per further failure, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claim holds its rows: a relay that crashed gives them back after this. */
  leaseMs?: number;
  /** After each pass that did not fail (the daily digest's catch-up). */
  afterPass?(): Promise<void>;
}

/** `notify()` after a commit that queued mail; `idle()` for tests; `failures`: consecutive failed passes. */
export type MailRelay = RelayLoop;

export const MAIL_RELAY_DEFAULTS = {
  pollMs: 1_000,
  batchSize: 50,
  retryBaseMs: 1_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 5 * 60_000,
} as const;

/** The stable Message-ID of the queued mail `seq`. */
export function messageIdOf(seq: string, publicUrl: string): string {
  return `<notification-${seq}@${new URL(publicUrl).hostname}>`;
}

export function startMailRelay(options: MailRelayOptions): MailRelay {
  const settings = { ...MAIL_RELAY_DEFAULTS, ...withoutUndefined(options) };
  const { db, log, publicUrl } = options;

  function messageOf(mail: ClaimedMail): MailMessage {
    const content = mail.items
      ? digestMail(publicUrl, new Date(mail.created_at).toISOString().slice(0, 10), mail.items)
      : singleMail(publicUrl, mail);
    return {
      to: mail.recipient,
      ...content,
      messageId: messageIdOf(mail.seq, publicUrl),
      headers: { 'List-Unsubscribe': `<${publicUrl}${PREFERENCES_PATH}>` },
    };
  }

  return startRelayLoop({
    ...settings,
    db,
    log,
    name: 'mail relay',
    channel: MAIL_CHANNEL,
    async pass(stopped): Promise<RelayOutcome> {
      const mails = await claimMails(db, settings.batchSize, settings.leaseMs);
      const { storeAll } = options.mailer;
      if (storeAll && mails.length > 0) {
        // No SMTP: the batch is stored in the mail outbox and marked sent in one transaction —
        // exactly once, and a 1,000-recipient fan-out in a few statements instead of 3,000.
        try {
          await db.transaction(async (tx) => {
            await storeAll(tx, mails.map(messageOf));
            await markMailsSent(tx, mails.map((mail) => mail.seq));
          });
        } catch (error) {
          // Rolled back: none is stored, none marked; each is tried again after its pause.
          for (const mail of mails) {
            await markMailFailed(db, mail.seq, error instanceof Error ? error.message : String(error), retryDelay(mail.attempts + 1, settings.retryBaseMs, settings.retryMaxMs));
          }
          log?.warn({ err: error, mails: mails.length }, 'notification mail not stored; retrying');
          return 'failed';
        }
        return mails.length === settings.batchSize ? 'more' : 'drained';
      }
      let sent = 0;
      for (const [index, mail] of mails.entries()) {
        if (stopped()) {
          await releaseMails(db, mails.slice(index).map((rest) => rest.seq));
          return 'drained';
        }
        try {
          await options.mailer.sendMail(messageOf(mail));
        } catch (error) {
          const delay = retryDelay(mail.attempts + 1, settings.retryBaseMs, settings.retryMaxMs);
          await markMailFailed(db, mail.seq, error instanceof Error ? error.message : String(error), delay);
          log?.warn({ err: error, seq: mail.seq, to: mail.recipient, retryInMs: delay }, 'notification mail not sent; retrying');
          continue;
        }
        await markMailSent(db, mail.seq);
        sent += 1;
        await yieldToIo();
      }
      // Nothing went through: the server is likely down; the loop pauses before the next pass.
      if (mails.length > 0 && sent === 0) return 'failed';
      return mails.length === settings.batchSize ? 'more' : 'drained';
    },
  });
}
