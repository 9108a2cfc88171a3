// The loop of a relay that drains a table written in domain transactions (the realtime outbox, the
// mail queue): it wakes when a committed transaction notifies its channel (Postgres delivers a
// NOTIFY on commit only), or on `notify()`, and otherwise polls; after a failed pass it pauses
// with a growing delay that only stop() cuts short, so a busy domain does not hammer a dead
// broker or mail server. What a pass does is the relay's own.
import type { Database } from './database';

/** What one pass of a relay found: nothing left, a full batch (go on at once), or a failure. */
export type RelayOutcome = 'drained' | 'more' | 'failed';

export interface RelayLoopOptions {
  db: Database;
  /** The channel the writers notify on commit. */
  channel: string;
  /** One pass; `stopped()` tells it to end early (what it has not done stays for the next start). */
  pass(stopped: () => boolean): Promise<RelayOutcome>;
  /** After a pass that did not fail (housekeeping such as pruning). */
  afterPass?(): Promise<void>;
  log?: { warn(object: object, message: string): void; info?(object: object, message: string): void };
  /** Names the relay in its log lines. */
  name: string;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export interface RelayLoop {
  /** Work soon: call after a transaction that wrote rows has committed. */
  notify(): void;
  /** Resolves once a pass found nothing left (tests). */
  idle(): Promise<void>;
  /** Consecutive failed passes. */
  readonly failures: number;
  stop(): Promise<void>;
}

/** The pause after `failures` consecutive failed passes: base, 2×base, 4×base … up to max. */
export function retryDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

/**
 * Lets the event loop read sockets before going on. PGlite answers in the same turn (its queries
 * resolve as microtasks), so a relay's loop of awaited queries would hold off every HTTP request
 * until it ends: a relay yields between passes and, in a long pass, between items.
 */
export const yieldToIo = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

export function startRelayLoop(options: RelayLoopOptions): RelayLoop {
  const { db, log, name } = options;
  let stopped = false;
  let failures = 0;
  let wake: (() => void) | undefined;
  let notified = false;
  const idleWaiters: Array<() => void> = [];
  let stopping: Promise<void> | undefined;

  const notify = () => {
    notified = true;
    wake?.();
  };
  // If listening fails, the poll still finds the rows.
  const unlisten = db.listen(options.channel, notify).catch((error: unknown) => {
    log?.warn({ err: error }, `${name}: not listening for commits; polling only`);
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
      wake = interruptible ? done : () => (stopped ? done() : undefined);
    });

  const loop = (async () => {
    // A commit before the LISTEN is in place notifies nobody, but the first pass, after it, finds it.
    await unlisten;
    while (!stopped) {
      notified = false;
      // Those who asked before this pass started are answered once a pass ends with nothing left.
      const waiting = idleWaiters.splice(0);
      let outcome: RelayOutcome;
      try {
        outcome = await options.pass(() => stopped);
        if (outcome !== 'failed') await options.afterPass?.();
      } catch (error) {
        if (stopped) break;
        log?.warn({ err: error }, `${name} pass failed; retrying`);
        outcome = 'failed';
      }
      if (outcome !== 'drained') idleWaiters.unshift(...waiting);
      if (outcome === 'failed') {
        failures += 1;
        await sleep(retryDelay(failures, options.retryBaseMs, options.retryMaxMs), false);
        continue;
      }
      if (failures > 0) log?.info?.({ failures }, `${name}: working again`);
      failures = 0;
      if (outcome === 'more') {
        await yieldToIo();
        continue;
      }
      for (const resolve of waiting) resolve();
      await sleep(options.pollMs, true);
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
    stop() {
      stopped = true;
      wake?.();
      stopping ??= loop.then(async () => (await unlisten)());
      return stopping;
    },
  };
}
