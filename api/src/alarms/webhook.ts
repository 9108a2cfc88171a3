// The alarms' outgoing webhook (docs/alarms.md): one POST per state change, signed
// (X-Portal-Signature: sha256=<hex HMAC-SHA256 of the raw body with the alarm's secret>),
// retried with exponential backoff on network errors, 5xx and 429, never sent twice: each attempt
// first claims the delivery with a conditional UPDATE (pending, not held by anyone), and a
// delivered one is never claimed again.
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { SecretBox } from '../identity/secret-box';
import { claimDelivery, dueDeliveries, markAttemptFailed, markDelivered } from './repository';

export const SIGNATURE_HEADER = 'x-portal-signature';
export const EVENT_ID_HEADER = 'x-portal-event-id';
export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
export const DEFAULT_TIMEOUT_MS = 10_000;

export function signature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export interface WebhookOptions {
  db: Database;
  box: SecretBox;
  log?: FastifyBaseLogger;
  /** Attempts in all (default 5). */
  attempts?: number;
  /** The first retry's wait; each next one doubles it (default 1 s: 1, 2, 4, 8 s). */
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface WebhookSender {
  /** Sends the delivery until delivered or out of attempts; resolves to its final status seen by this caller. */
  deliver(id: string): Promise<'delivered' | 'failed' | 'pending' | 'skipped'>;
  /** Sends the pending deliveries that are due (the timer: what a stopped process left). */
  resume(): Promise<number>;
  /** Waits for the deliveries under way (tests, close). */
  settle(): Promise<void>;
  stop(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createWebhookSender(options: WebhookOptions): WebhookSender {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  const backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const send = options.fetch ?? fetch;
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  /** One attempt; answers null when sent, else why not and whether to retry. */
  async function attempt(url: string, body: string, secret: string, eventId: string): Promise<{ error: string; retry: boolean } | null> {
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(secret, body), [EVENT_ID_HEADER]: eventId, 'user-agent': 'portal-alarms/1' },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      if (response.status >= 200 && response.status < 300) return null;
      return { error: `HTTP ${response.status}`, retry: response.status >= 500 || response.status === 429 };
    } catch (error) {
      return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), retry: true };
    }
  }

  async function run(id: string): Promise<'delivered' | 'failed' | 'pending' | 'skipped'> {
    for (;;) {
      if (stopped) return 'pending';
      const claimed = await claimDelivery(options.db, id, new Date(), timeoutMs + 5_000);
      if (!claimed) return 'skipped';
      let secret: string;
      try {
        secret = options.box.open(claimed.webhook_secret ?? '');
      } catch {
        await markAttemptFailed(options.db, id, 'The webhook secret cannot be read (the secret key changed?).', null);
        return 'failed';
      }
      const eventId = (JSON.parse(claimed.body) as { event_id: string }).event_id;
      const failure = await attempt(claimed.url, claimed.body, secret, eventId);
      if (!failure) {
        await markDelivered(options.db, id, new Date());
        return 'delivered';
      }
      options.log?.warn({ delivery: id, attempt: claimed.attempts, error: failure.error }, 'alarm webhook attempt failed');
      if (!failure.retry || claimed.attempts >= attempts) {
        await markAttemptFailed(options.db, id, failure.error, null);
        return 'failed';
      }
      const wait = backoffMs * 2 ** (claimed.attempts - 1);
      await markAttemptFailed(options.db, id, failure.error, new Date(Date.now() + wait));
      await sleep(wait);
    }
  }

  const sender: WebhookSender = {
    deliver(id) {
      const work = run(id).catch((error: unknown) => {
        options.log?.warn({ err: error, delivery: id }, 'alarm webhook delivery failed');
        return 'pending' as const;
      });
      running.add(work);
      void work.finally(() => running.delete(work));
      return work;
    },
    async resume() {
      const due = await dueDeliveries(options.db, new Date());
      await Promise.all(due.map((id) => sender.deliver(id)));
      return due.length;
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
    stop() {
      stopped = true;
    },
  };
  return sender;
}
