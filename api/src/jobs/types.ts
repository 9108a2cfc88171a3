// The job queue's one interface (issue 27, docs/jobs.md): kinds of job defined by the families
// that run them, sent or scheduled, run by a worker with a timeout and retries, and kept as dead
// letters once their last retry failed. Two back ends implement it: pg-boss on Postgres
// (pg-boss.ts) and an in-process queue on the embedded database (in-process.ts).

export interface RetryPolicy {
  /** Retries after the first attempt (0: none). */
  limit: number;
  /** The pause before the first retry. */
  delaySeconds: number;
  /** Doubles the pause after each further failure (with pg-boss's jitter of up to as much again). */
  backoff: boolean;
}

export interface JobContext {
  /** Aborted once the job's timeout has passed: the job has failed by then, a handler should stop. */
  signal: AbortSignal;
  /** The job's id (as the back end names it). */
  id: string;
}

export interface JobKind<P extends object = object> {
  /** Letters, digits and hyphens: the queue's name. */
  name: string;
  handler(payload: P, context: JobContext): Promise<void>;
  timeoutSeconds: number;
  retry: RetryPolicy;
  /**
   * Told once a job of the kind failed its last attempt — its error thrown, or its timeout passed
   * with its worker gone — and became a dead letter, by a process that works the kind (on pg-boss
   * through a dead-letter queue of its own, so a worker killed in its last attempt is told too).
   * What the job left unfinished can be marked failed here; a retry of the dead letter runs the
   * handler again. Must be idempotent (a dead letter retried and failing again is told again).
   */
  onDead?(payload: P, error: string): Promise<void>;
}

export interface SendOptions {
  /** At most one waiting job of the kind per key: a send while one waits is absorbed (resolves to null). */
  singletonKey?: string;
}

/** A job that failed its last attempt: it stays until someone looks (issue 27 item 5 lists them). */
export interface DeadLetter {
  id: string;
  payload: object;
  error: string;
  /** Attempts made: 1 + the retries. */
  attempts: number;
  /** When its last attempt failed (ISO). */
  failedAt: string;
}

/** What a kind's queue holds now (the Prometheus endpoint serves it, issue 27 item 5). */
export interface JobCounts {
  name: string;
  /** Waiting to run, a retry's pause included. */
  queued: number;
  running: number;
  /** Dead letters: jobs that failed their last retry (on pg-boss, those of the last week: older ones are archived). */
  failed: number;
}

/** The kind's jobs completed over the last hour and how long they ran (issue 27 item 5). */
export interface JobDurations {
  name: string;
  /** Jobs completed (successfully) over the last hour. */
  completed: number;
  /** Their average and longest run, in seconds (0 when none completed). */
  averageSeconds: number;
  maxSeconds: number;
}

/** Durations are those of the last hour. */
export const DURATION_WINDOW_MS = 60 * 60 * 1000;

export interface Jobs {
  readonly backend: 'pg-boss' | 'in-process';
  define<P extends object>(kind: JobKind<P>): void;
  /** Queues a job; resolves to its id, or null when a waiting job with the same singleton key absorbed it. */
  send(name: string, payload?: object, options?: SendOptions): Promise<string | null>;
  /** A five-field cron (UTC) whose every tick sends one job of the kind, once across all processes; the workers must be started for it to fire. */
  schedule(name: string, cron: string): Promise<void>;
  /** The kind's dead letters, the latest first. */
  failed(name: string): Promise<DeadLetter[]>;
  /** Every defined kind's counts, by name (a read: it runs nothing). */
  counts(): Promise<JobCounts[]>;
  /**
   * Starts this process's workers (and its schedules' clock): of every defined kind, or of the
   * kinds named only (JOB_WORKERS lists them: dedicated workers per kind). A kind this process does
   * not work is neither run nor scheduled here; its jobs wait for a process that works it.
   */
  start(kinds?: readonly string[]): Promise<void>;
  /** Whether this process's started workers run the kind (what a sender may keep for a job run here). */
  works(name: string): boolean;
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>;
  /** Queues a dead letter of the kind again as a new attempt; false when the kind has no such dead letter. */
  retry(name: string, id: string): Promise<boolean>;
  /** Removes a dead letter of the kind; false when the kind has no such dead letter. */
  discard(name: string, id: string): Promise<boolean>;
  /** Every defined kind's completed jobs and their durations over the last hour, by name. */
  durations(): Promise<JobDurations[]>;
}

export class JobTimeoutError extends Error {
  constructor(name: string, seconds: number) {
    super(`the ${name} job did not finish within ${seconds} s`);
    this.name = 'JobTimeoutError';
  }
}

/** Runs one attempt of a job: its handler, failed with JobTimeoutError (and the signal aborted) at the timeout. */
export async function runAttempt<P extends object>(kind: JobKind<P>, payload: P, id: string): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(kind.name, kind.timeoutSeconds);
      // Failed first: a handler that ends at once on the abort has still run out of time.
      reject(error);
      controller.abort(error);
    }, kind.timeoutSeconds * 1000);
  });
  try {
    await Promise.race([kind.handler(payload, { signal: controller.signal, id }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The pause before retry number `retry` (1-based), as pg-boss computes it (its jitter left out). */
export function retryDelaySeconds(policy: RetryPolicy, retry: number): number {
  return policy.backoff ? policy.delaySeconds * 2 ** (retry - 1) : policy.delaySeconds;
}

/** What a worker killed in the middle costs on pg-boss: its job is taken again this long after its timeout (pg-boss's expiry). */
export const EXPIRY_MARGIN_SECONDS = 30;

/**
 * The longest a job of this timing lives once it started, when every attempt runs to its timeout
 * or its worker dies: each attempt's timeout, pg-boss's expiry margin and the maintenance interval
 * that notices it (JOB_EXPIRY_CHECK_SECONDS, 120 s by default), and each retry's pause with its
 * jitter (up to as much again). A row its job left unfinished longer than this (plus what the job
 * may have waited in its queue) has no attempt left to finish it.
 */
export function jobLifetimeSeconds(kind: Pick<JobKind, 'timeoutSeconds' | 'retry'>, expiryCheckSeconds = 120): number {
  let pauses = 0;
  for (let retry = 1; retry <= kind.retry.limit; retry += 1) pauses += 2 * retryDelaySeconds(kind.retry, retry);
  return (kind.retry.limit + 1) * (kind.timeoutSeconds + EXPIRY_MARGIN_SECONDS + expiryCheckSeconds) + pauses;
}

/**
 * A periodic pass's interval as a cron: the queue's schedules tick by the minute, so an interval
 * is rounded to whole minutes (at least one), hours or, from a day on, midnight UTC.
 */
export function cronEvery(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 0 * * *';
}

/** A kind's durations from the run times (in ms) of its jobs completed over the last hour. */
export function durationsOf(name: string, runsMs: readonly number[]): JobDurations {
  const total = runsMs.reduce((sum, ms) => sum + ms, 0);
  return {
    name,
    completed: runsMs.length,
    averageSeconds: runsMs.length ? total / runsMs.length / 1000 : 0,
    maxSeconds: runsMs.length ? Math.max(...runsMs) / 1000 : 0,
  };
}

/** The names of `only` (JOB_WORKERS) that are no defined kind: a typo, which the back ends warn of as they start. */
export function unknownKinds(kinds: ReadonlyMap<string, unknown>, only: readonly string[] | undefined): string[] {
  return (only ?? []).filter((name) => !kinds.has(name));
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
