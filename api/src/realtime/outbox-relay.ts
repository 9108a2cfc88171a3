// The outbox relay (issue 4 item 12): publishes the events domain code recorded in the `outbox`
// table (./outbox.ts, in the change's own transaction) to the broker, in seq order, and marks a row
// published only once the broker has confirmed it (RabbitMQ: publisher confirms; the embedded
// broker: queued). While the broker is down it retries with a growing pause (attempts++), so an
// event raised then is delivered when the broker returns. Delivery is at least once: a crash
// between the broker's confirmation and the mark publishes a row again, and browsers de-duplicate
// by eventId.
//
// It wakes when a transaction that recorded events commits (recordEvents notifies OUTBOX_CHANNEL;
// Postgres delivers a NOTIFY on commit only) or on `notify()`, and otherwise polls. With a
// Postgres server several API instances may relay: each claims its batch with FOR UPDATE SKIP
// LOCKED. PGlite is one connection in one process: no lock, and no transaction held while the
// broker answers (it would stall every other query).
import type { Database, Queryable } from '../db/database';
import type { Broker } from './broker';
import { countFailedAttempt, markPublished, OUTBOX_CHANNEL, pruneOutbox, unpublishedEvents, type OutboxRow } from './outbox.repository';

export interface OutboxRelayOptions {
  db: Database;
  /** Read at each publish, so a test may replace `broker.publish`. */
  broker: Pick<Broker, 'publish'>;
  log?: { warn(object: object, message: string): void; info?(object: object, message: string): void };
  /** Fallback poll when nobody notifies (ms). */
  pollMs?: number;
  batchSize?: number;
  /** Pause after the first failure; doubled per further failure up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A broker that neither confirms nor refuses within this counts as a failure. */
  publishTimeoutMs?: number;
  /** Published rows older than this are deleted (checked every `pruneEveryMs`). */
  retentionMs?: number;
  pruneEveryMs?: number;
}

export interface OutboxRelay {
  /** Publish soon: call after the transaction that recorded events has committed. */
  notify(): void;
  /** Resolves once a pass found nothing left to publish (tests). */
  idle(): Promise<void>;
  /** Consecutive failed passes (0 while the broker confirms). */
  readonly failures: number;
  stop(): Promise<void>;
}

type Outcome = 'drained' | 'more' | 'failed';

export const OUTBOX_DEFAULTS = {
  pollMs: 500,
  batchSize: 100,
  retryBaseMs: 250,
  retryMaxMs: 5_000,
  publishTimeoutMs: 10_000,
  retentionMs: 24 * 60 * 60_000,
  pruneEveryMs: 10 * 60_000,
} as const;

/** The pause after `failures` consecutive failed passes: base, 2×base, 4×base … up to max. */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the broker did not confirm within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const settings = { ...OUTBOX_DEFAULTS, ...withoutUndefined(options) };
  const { db, log } = options;
  let stopped = false;
  let failures = 0;
  let wake: (() => void) | undefined;
  let notified = false;
  let lastPrune = 0;
  const idleWaiters: Array<() => void> = [];

  const notify = () => {
    notified = true;
    wake?.();
  };
  // If listening fails, the poll still finds the rows.
  const unlisten = db.listen(OUTBOX_CHANNEL, notify).catch((error: unknown) => {
    log?.warn({ err: error }, 'outbox relay: not listening for commits; polling only');
    return async () => undefined;
  });

  const sleep = (ms: number, interruptible: boolean) =>
    new Promise<void>((resolve) => {
      if (stopped || (interruptible && notified)) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      // During a retry pause only stop() cuts it short: a busy domain must not hammer a dead broker.
      wake = interruptible ? done : () => (stopped ? done() : undefined);
    });

  async function publishAll(rows: OutboxRow[], mark: (seqs: string[]) => Promise<void>, tx: Queryable): Promise<Outcome> {
    const published: string[] = [];
    let outcome: Outcome = rows.length === settings.batchSize ? 'more' : 'drained';
    for (const row of rows) {
      try {
        await withTimeout(options.broker.publish(row.destination, row.body), settings.publishTimeoutMs);
        published.push(row.seq);
      } catch (error) {
        // Later rows wait: events reach a queue in the order they were recorded.
        await countFailedAttempt(tx, row.seq);
        log?.warn({ err: error, seq: row.seq, destination: row.destination }, 'outbox event not published; retrying');
        outcome = 'failed';
        break;
      }
      if (stopped) {
        outcome = 'drained';
        break;
      }
    }
    await mark(published);
    return outcome;
  }

  const markIn = (tx: Queryable) => async (seqs: string[]) => {
    if (seqs.length > 0) await markPublished(tx, seqs);
  };

  async function pass(): Promise<Outcome> {
    if (db.kind === 'postgres') {
      return db.transaction(async (tx) => {
        const rows = await unpublishedEvents(tx, settings.batchSize, true);
        return publishAll(rows, markIn(tx), tx);
      });
    }
    const rows = await unpublishedEvents(db, settings.batchSize, false);
    return publishAll(rows, markIn(db), db);
  }

  async function prune(): Promise<void> {
    if (Date.now() - lastPrune < settings.pruneEveryMs) return;
    lastPrune = Date.now();
    await pruneOutbox(db, settings.retentionMs);
  }

  const loop = (async () => {
    // A commit before the LISTEN is in place notifies nobody, but the first pass, after it, finds it.
    await unlisten;
    while (!stopped) {
      notified = false;
      // Those who asked before this pass started are answered once a pass ends with nothing left.
      const waiting = idleWaiters.splice(0);
      let outcome: Outcome;
      try {
        outcome = await pass();
        if (outcome !== 'failed') await prune();
      } catch (error) {
        if (stopped) break;
        log?.warn({ err: error }, 'outbox relay pass failed; retrying');
        outcome = 'failed';
      }
      if (outcome !== 'drained') idleWaiters.unshift(...waiting);
      if (outcome === 'failed') {
        failures += 1;
        await sleep(retryDelay(failures, settings.retryBaseMs, settings.retryMaxMs), false);
        continue;
      }
      if (failures > 0) log?.info?.({ failures }, 'outbox relay: the broker confirms again');
      failures = 0;
      if (outcome === 'more') continue;
      for (const resolve of waiting) resolve();
      await sleep(settings.pollMs, true);
    }
    for (const resolve of idleWaiters.splice(0)) resolve();
  })();

  return {
    notify,
    get failures() {
      return failures;
    },
    idle() {
      if (stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        notify();
      });
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await (await unlisten)();
    },
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
