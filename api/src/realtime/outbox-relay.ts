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
import { startRelayLoop, withoutUndefined, type RelayLoop, type RelayOutcome } from '../db/relay-loop';
import type { Broker } from './broker';
import { countFailedAttempt, markPublished, OUTBOX_CHANNEL, pruneOutbox, unpublishedEvents, type OutboxRow } from './outbox.repository';

export { retryDelay } from '../db/relay-loop';

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

/** `notify()` after a commit that recorded events; `idle()` for tests; `failures`: consecutive failed passes. */
export type OutboxRelay = RelayLoop;

export const OUTBOX_DEFAULTS = {
  pollMs: 500,
  batchSize: 100,
  retryBaseMs: 250,
  retryMaxMs: 5_000,
  publishTimeoutMs: 10_000,
  retentionMs: 24 * 60 * 60_000,
  pruneEveryMs: 10 * 60_000,
} as const;

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
  let lastPrune = 0;

  async function publishAll(rows: OutboxRow[], tx: Queryable, stopped: () => boolean): Promise<RelayOutcome> {
    const published: string[] = [];
    let outcome: RelayOutcome = rows.length === settings.batchSize ? 'more' : 'drained';
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
      if (stopped()) {
        outcome = 'drained';
        break;
      }
    }
    if (published.length > 0) await markPublished(tx, published);
    return outcome;
  }

  return startRelayLoop({
    ...settings,
    db,
    log,
    name: 'outbox relay',
    channel: OUTBOX_CHANNEL,
    async pass(stopped) {
      if (db.kind === 'postgres') {
        return db.transaction(async (tx) => publishAll(await unpublishedEvents(tx, settings.batchSize, true), tx, stopped));
      }
      return publishAll(await unpublishedEvents(db, settings.batchSize, false), db, stopped);
    },
    async afterPass() {
      if (Date.now() - lastPrune < settings.pruneEveryMs) return;
      lastPrune = Date.now();
      await pruneOutbox(db, settings.retentionMs);
    },
  });
}
