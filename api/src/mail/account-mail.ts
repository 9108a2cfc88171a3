// Account mail — one-time codes, invitations, shared links — as a durable job (issue 27,
// docs/jobs.md): the request stores the message (account_mail) and queues an 'account-mail' job
// naming it before it answers; whichever process works the kind sends it, with retries and backoff.
// The job is idempotent by the row: a run claims it, and deletes it once the message went out —
// in the outbox's own transaction without SMTP (stored exactly once), right after SMTP accepted it
// otherwise (a worker killed between the two sends it again, under the same Message-ID). A second
// run finds the row gone, or held by the run sending it, and sends nothing.
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../identity/clock';
import {
  claimAccountMail,
  deleteAccountMail,
  insertAccountMail,
  orphanedAccountMail,
  purgeStaleAccountMail,
  releaseAccountMail,
  unsettledAccountMail,
} from './account-mail.repository';
import type { MailMessage } from './outbox.repository';

export const ACCOUNT_MAIL_JOB = 'account-mail';

export interface AccountMailTiming {
  timeoutSeconds: number;
  /** Retries after the first attempt, the pause before the first, doubling or not. */
  retry: { limit: number; delaySeconds: number; backoff: boolean };
}

/**
 * The job queue as the mailer uses it — a port (mail/ is a base layer): app.ts hands it the
 * app's queue (jobs/types.ts `Jobs`).
 */
export interface MailJobs {
  readonly backend: 'pg-boss' | 'in-process';
  define<P extends object>(kind: { name: string; handler(payload: P): Promise<void>; timeoutSeconds: number; retry: AccountMailTiming['retry'] }): void;
  send(name: string, payload?: object, options?: { singletonKey?: string }): Promise<string | null>;
}

/**
 * A minute per attempt; five retries a minute apart and doubling (about half an hour in all, a
 * reset code's life twice over). A retry waits at least as long as an attempt may hold the message.
 */
export const ACCOUNT_MAIL_TIMING: AccountMailTiming = { timeoutSeconds: 60, retry: { limit: 5, delaySeconds: 60, backoff: true } };

/** How long idle() waits for the mail of this process before it says which kind nobody works. */
const IDLE_LIMIT_MS = 30_000;

/** How a message goes out: over SMTP, or stored in the outbox in the caller's transaction. */
export type AccountMailDelivery =
  | { kind: 'smtp'; send(message: MailMessage): Promise<void> }
  | { kind: 'outbox'; store(tx: Queryable, message: MailMessage, dated: Date): Promise<void> };

export interface AccountMailOptions {
  jobs: MailJobs;
  db: Database;
  now: Clock;
  delivery: AccountMailDelivery;
  log: { error(fields: object, message: string): void };
  /** The domain of the Message-IDs (the sender's). */
  domain: string;
  timing?: AccountMailTiming;
}

export interface AccountMail {
  /** Stores the message and queues its job; resolves once both are done. A failure is logged, never thrown. */
  queue(message: MailMessage): Promise<void>;
  /** Resolves when every message queued here has been sent or has failed an attempt (tests). */
  idle(): Promise<void>;
  /** On ready: drops the mail a day old, and queues again the messages whose job may be lost. */
  resume(): Promise<void>;
}

export function defineAccountMail(options: AccountMailOptions): AccountMail {
  const { jobs, db, delivery, log } = options;
  const timing = options.timing ?? ACCOUNT_MAIL_TIMING;
  /** Messages queued by this process and not yet settled; queue() calls under way. */
  const queued = new Set<string>();
  const queueing = new Set<Promise<void>>();

  jobs.define<{ id: string }>({
    name: ACCOUNT_MAIL_JOB,
    timeoutSeconds: timing.timeoutSeconds,
    retry: timing.retry,
    async handler({ id }) {
      const mail = await claimAccountMail(db, id, timing.timeoutSeconds);
      // Sent already, or another run is sending it.
      if (!mail) return;
      const message: MailMessage = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        messageId: `<account-mail-${id}@${options.domain}>`,
      };
      try {
        if (delivery.kind === 'outbox') {
          await db.transaction(async (tx) => {
            // Stored under the claim only: a run whose claim was taken over stores nothing.
            if (await deleteAccountMail(tx, id, mail.claimed_until)) await delivery.store(tx, message, new Date(mail.dated));
          });
        } else {
          await delivery.send(message);
        }
      } catch (error) {
        log.error({ err: error, to: mail.to, subject: mail.subject, attempt: mail.attempts }, 'mail delivery failed');
        await releaseAccountMail(db, id, mail.claimed_until).catch(() => undefined);
        throw error;
      }
      // Sent: not retried whatever comes next (a row left behind stays claimed, and is dropped after a day).
      if (delivery.kind === 'smtp') await deleteAccountMail(db, id, mail.claimed_until).catch((error: unknown) => log.error({ err: error, id }, 'sent mail not cleared'));
    },
  });

  const sendJob = (id: string) => jobs.send(ACCOUNT_MAIL_JOB, { id }, { singletonKey: id });

  return {
    queue(message) {
      const queueingOne = (async () => {
        let id: string | undefined;
        try {
          id = await insertAccountMail(db, message, options.now());
          queued.add(id);
          await sendJob(id);
        } catch (error) {
          // Stored but not queued: the next process's ready queues it (resume).
          if (id) queued.delete(id);
          log.error({ err: error, to: message.to, subject: message.subject }, 'mail not queued');
        }
      })();
      queueing.add(queueingOne);
      void queueingOne.finally(() => queueing.delete(queueingOne));
      return queueingOne;
    },
    async idle() {
      const limit = Date.now() + IDLE_LIMIT_MS;
      while (queueing.size > 0) await Promise.allSettled(queueing);
      while (queued.size > 0) {
        const open = new Set(await unsettledAccountMail(db, [...queued]));
        for (const id of queued) if (!open.has(id)) queued.delete(id);
        if (queued.size === 0) return;
        if (Date.now() > limit) throw new Error(`account mail not sent within ${IDLE_LIMIT_MS / 1000} s: does a process work the '${ACCOUNT_MAIL_JOB}' jobs?`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async resume() {
      await purgeStaleAccountMail(db);
      for (const id of await orphanedAccountMail(db, jobs.backend === 'in-process', timing.retry.limit + 1)) await sendJob(id);
    },
  };
}
