import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database';
import type { Clock } from '../identity/clock';
import { defineAccountMail, type AccountMailTiming, type MailJobs } from './account-mail';
import { listOutbox, storeAllInOutbox, storeInOutbox, type MailMessage, type OutboxEntry } from './outbox.repository';

export type { MailMessage, OutboxEntry };

/** What sends a message over SMTP: nodemailer's transport, or a test's stand-in. */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string }): Promise<unknown>;
}

export interface MailLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Sends now: resolves once SMTP accepted the message or the outbox stored it. */
  sendMail(message: MailMessage): Promise<void>;
  /**
   * Sends in the background, so that the caller's answer does not take the time of a delivery
   * (forgot password must not tell known addresses from unknown ones): the message is stored and
   * an 'account-mail' job queued (account-mail.ts), resolving once both are done — the mail then
   * survives the process. Failures are logged, never thrown.
   */
  sendMailLater(message: MailMessage): Promise<void>;
  /** Resolves when every message this process sent later has been sent or has failed an attempt (tests). */
  idle(): Promise<void>;
  /** On ready: queues again the account mail whose job may have been lost. */
  resume(): Promise<void>;
  /**
   * Without SMTP only: stores `messages` in the outbox in `tx`, in one statement — the mail relay
   * stores a batch and marks it sent in one transaction (each message exactly once, and fast).
   */
  readonly storeAll?: (tx: Queryable, messages: readonly MailMessage[]) => Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  db: Database;
  /** The job queue (app.jobs): the mailer defines the 'account-mail' kind on it. */
  jobs: MailJobs;
  /** The account mail jobs' timeout and retries (tests shorten them). */
  accountMail?: AccountMailTiming;
  log: MailLog;
  now: Clock;
  /** Replaces the SMTP transport built from `smtpUrl` (tests). */
  transport?: MailTransport;
}

const DEFAULT_FROM = 'Portal <no-reply@localhost>';

/**
 * SMTP_URL may carry the sender as `?from=`: the environment has no variable of its own for it,
 * and nodemailer reads its other settings (`secure`, `tls...`) from the same query string.
 */
export function senderOf(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).searchParams.get('from') ?? DEFAULT_FROM;
  } catch {
    return DEFAULT_FROM;
  }
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise the database outbox, each message also
 * written to the log so that a developer finds one-time codes there. Over SMTP nothing is stored:
 * the messages carry codes and links that must not outlive their delivery.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { db, log, now } = options;
  const smtp = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const from = options.smtpUrl ? senderOf(options.smtpUrl) : DEFAULT_FROM;

  const sendMail = async (message: MailMessage): Promise<void> => {
    if (smtp) {
      await smtp.sendMail({ ...message, from });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    await storeInOutbox(db, message, now());
    log.info({ to: message.to, subject: message.subject, text: message.text }, `mail to ${message.to}: ${message.subject}`);
  };

  const storeAll = async (tx: Queryable, messages: readonly MailMessage[], dated = now()): Promise<void> => {
    await storeAllInOutbox(tx, messages, dated);
    for (const message of messages) log.info({ to: message.to, subject: message.subject, text: message.text }, `mail to ${message.to}: ${message.subject}`);
  };

  const accountMail = defineAccountMail({
    jobs: options.jobs,
    db,
    now,
    log,
    domain: from.replace(/^.*@/, '').replace(/>.*$/, '') || 'localhost',
    delivery: smtp ? { kind: 'smtp', send: sendMail } : { kind: 'outbox', store: (tx, message, dated) => storeAll(tx, [message], dated) },
    timing: options.accountMail,
  });

  return {
    kind: smtp ? 'smtp' : 'outbox',
    sendMail,
    ...(smtp ? {} : { storeAll: (tx: Queryable, messages: readonly MailMessage[]) => storeAll(tx, messages) }),
    sendMailLater: (message) => accountMail.queue(message),
    idle: () => accountMail.idle(),
    resume: () => accountMail.resume(),
  };
}

export { listOutbox, storeAllInOutbox, storeInOutbox };
