// The job queue on Postgres: pg-boss 10 (docs/jobs.md says why), in a schema of its own, through
// the API's own connection pool. A kind is a pg-boss queue of policy 'short' (one waiting job per
// singleton key; a send without a key gets a key of its own, so it never collides); its timeout,
// retries and backoff are the queue's. A job over its timeout fails here (runAttempt) before
// pg-boss's expiry, which is left a margin for a worker that died in the middle: pg-boss's
// supervisor then hands the job to another worker once the expiry has passed.
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { bossInstalled, createBossQueue, deleteFailedJob, failedJobs, jobCounts, jobDurations, type FailedJobRow } from './repository';
import { isUuid } from '../http/input';
import { EXPIRY_MARGIN_SECONDS, runAttempt, unknownKinds, type DeadLetter, type JobKind, type Jobs } from './types';

const SCHEDULE_KEY = 'schedule';
/** How long stop() waits for the jobs running (pg-boss's graceful stop), and then for those a fetch under way brought. */
const STOP_WAIT_MS = 30_000;

/** The pg-boss queue a kind's dead letters are copied into (JobKind.onDead). */
export const deadLetterQueue = (name: string): string => `${name}-dead`;

/** Telling of a dead letter is a short write: retried like a kind's job, a few times. */
const DEAD_LETTER_QUEUE_OPTIONS = (name: string) => ({
  name: deadLetterQueue(name),
  policy: 'standard' as const,
  retryLimit: 3,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 60 + EXPIRY_MARGIN_SECONDS,
});

export interface PgBossSettings {
  /** How often an idle worker looks for jobs (pg-boss: at least 0.5 s). */
  pollingSeconds?: number;
  /** How often the schedules' clock looks at the cron table. */
  cronSeconds?: number;
  /**
   * How often pg-boss's maintenance fails the jobs past their expiry — those of a worker that died —
   * so that their retries run elsewhere (JOB_EXPIRY_CHECK_SECONDS; pg-boss's default 120 s).
   */
  maintenanceSeconds?: number;
}

export function createPgBossJobs(database: Database, schema: string, settings: PgBossSettings = {}, log?: { warn(object: object, message: string): void }): Jobs {
  const kinds = new Map<string, JobKind>();
  const schedules = new Map<string, string>();
  /** pg-boss's statements under way and this process's attempts: stop() lets them end before the pool may close. */
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    work.then(
      () => inFlight.delete(work),
      () => inFlight.delete(work),
    );
    return work;
  };
  const newBoss = (): PgBoss => {
    const made = new PgBoss({
      schema,
      // The API's pool: no connections of pg-boss's own. A multi-statement script (its install)
      // returns no rows of interest.
      db: {
        async executeSql(text: string, values: unknown[] = []) {
          const rows = await tracked(database.query(text, values));
          return { rows: Array.isArray(rows) ? rows : [] };
        },
      },
      cronMonitorIntervalSeconds: settings.cronSeconds ?? 30,
      maintenanceIntervalSeconds: settings.maintenanceSeconds ?? 120,
      // Completed jobs are archived after a day (pg-boss's schedules need at least a minute).
      archiveCompletedAfterSeconds: 86_400,
    });
    made.on('error', (error: unknown) => log?.warn({ err: error }, 'job queue error'));
    return made;
  };
  let boss = newBoss();
  let opened: Promise<void> | undefined;
  let working = false;
  /** The kinds this process works once started (undefined: every kind). */
  let worked: ReadonlySet<string> | undefined;
  const works = (name: string) => working && (worked === undefined || worked.has(name));
  /**
   * Workers waiting for pg-boss's schema: a process with no schedule of its own, started on a
   * database where pg-boss was never installed (a new installation, each test's schema), has no
   * job to work until one is sent. Its workers start at its own first send (or retry, or schedule),
   * or once another process installed pg-boss — looked for every polling interval — instead of
   * installing it at every start (~0.1–0.7 s, and a queue per kind, for processes that may send nothing).
   */
  let deferred = false;
  let watcher: NodeJS.Timeout | undefined;
  let startingWorkers: Promise<void> | undefined;

  /** Installs or migrates pg-boss's schema, once. */
  function open(): Promise<void> {
    opened ??= (async () => {
      try {
        await boss.start();
      } catch (error) {
        // Two processes installing pg-boss's schema at once (workers scaled up on a new
        // database): the one whose CREATE SCHEMA lost the race (23505) starts again, on a new
        // instance since a failed start cannot be resumed, and finds the schema installed.
        const lostRace = (error as { code?: string }).code === '23505' || /duplicate key value/.test(error instanceof Error ? error.message : '');
        if (!lostRace) throw error;
        log?.warn({ err: error }, 'pg-boss was being installed by another process: starting again');
        boss = newBoss();
        await boss.start();
      }
    })();
    return opened;
  }

  /**
   * The kind's queue, created (or updated) once per process when first used — sent to, scheduled
   * or worked: creating one is a partition of pg-boss's job table, ~35 ms each, which a process
   * that works and sends a few kinds does not pay for every kind.
   */
  const queues = new Map<string, Promise<void>>();
  function queueOf(name: string): Promise<void> {
    let queue = queues.get(name);
    if (!queue) {
      const kind = kinds.get(name);
      if (!kind) return Promise.reject(new Error(`no job kind '${name}' is defined`));
      queue = open().then(() => createQueue(kind));
      queues.set(name, queue);
      // A failure is not kept: the next use tries again.
      queue.catch(() => queues.delete(name));
    }
    return queue;
  }

  async function createQueue(kind: JobKind): Promise<void> {
    // A kind told of its dead letters: pg-boss copies a job that failed its last attempt — by its
    // error or by its expiry, its worker gone — into the kind's dead-letter queue, in the statement
    // that fails it; a worker of the kind takes it from there (work()).
    if (kind.onDead) await createBossQueue(database, schema, deadLetterQueue(kind.name), DEAD_LETTER_QUEUE_OPTIONS(kind.name));
    const options = {
      name: kind.name,
      policy: 'short' as const,
      retryLimit: kind.retry.limit,
      retryDelay: kind.retry.delaySeconds,
      retryBackoff: kind.retry.backoff,
      expireInSeconds: kind.timeoutSeconds + EXPIRY_MARGIN_SECONDS,
      ...(kind.onDead ? { deadLetter: deadLetterQueue(kind.name) } : {}),
    };
    await createBossQueue(database, schema, kind.name, options);
    // A queue made by an older version keeps its options until updated.
    await boss.updateQueue(kind.name, options);
  }

  /** The workers of the kinds this process works, and their schedules. */
  async function startWorkers(): Promise<void> {
    await open();
    const mine = [...kinds.values()].filter((kind) => works(kind.name));
    // The schedules are the workers' (their configuration): a kind this process works and
    // schedules no longer (an interval set to 0) stops firing; the schedules of kinds it does not
    // work are the business of the processes that do.
    for (const { name } of mine) {
      await queueOf(name);
      const cron = schedules.get(name);
      if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC', singletonKey: SCHEDULE_KEY });
      else await boss.unschedule(name);
    }
    for (const kind of mine) await work(kind);
  }

  /** Defers the workers until pg-boss's schema is there, looked for every polling interval. */
  function defer(): void {
    deferred = true;
    watcher = setInterval(() => {
      bossInstalled(database, schema)
        .then((installed) => (installed && working ? undefer() : undefined))
        .catch((error: unknown) => log?.warn({ err: error }, 'job workers not started'));
    }, (settings.pollingSeconds ?? 2) * 1000);
    watcher.unref();
  }

  /** A deferred start goes on (once): pg-boss's schema is there, or this process uses the queue. */
  function undefer(): Promise<void> {
    if (deferred) {
      deferred = false;
      clearInterval(watcher);
      watcher = undefined;
      startingWorkers = startWorkers().catch((error: unknown) => {
        // Deferred again: the next use (or look) tries again.
        if (working) defer();
        throw error;
      });
    }
    return startingWorkers ?? Promise.resolve();
  }

  /** This process's worker of each kind, by pg-boss's worker id. */
  const workers = new Map<string, string>();
  /** Wakes the kind's worker here: pg-boss's loop otherwise waits its polling interval after every fetch, even one that found a job. */
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id) boss.notifyWorker(id);
  };

  async function work(kind: JobKind): Promise<void> {
    const id = await boss.work<object>(kind.name, { batchSize: 1, pollingIntervalSeconds: settings.pollingSeconds ?? 2 }, async ([job]) => {
      if (!job) return;
      try {
        await tracked(runAttempt(kind, job.data, job.id));
      } catch (error) {
        // Its last attempt, maybe: a dead letter to tell of once pg-boss has failed it.
        setImmediate(() => wake(deadLetterQueue(kind.name)));
        throw error;
      } finally {
        // A job found: look for the next at once.
        wake(kind.name);
      }
    });
    workers.set(kind.name, id);
    const { onDead } = kind;
    if (!onDead) return;
    const dead = deadLetterQueue(kind.name);
    const deadId = await boss.work<object>(dead, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollingSeconds ?? 2 }, async ([job]) => {
      if (!job) return;
      const output = job.output as FailedJobRow['output'];
      await tracked(onDead(job.data, output?.message ?? output?.value?.message ?? 'failed'));
    });
    workers.set(dead, deadId);
  }

  const jobs: Jobs = {
    backend: 'pg-boss',
    define(kind) {
      kinds.set(kind.name, kind as JobKind);
      // Defined anew: its queue's options are updated at its next use.
      queues.delete(kind.name);
    },
    async send(name, payload = {}, options = {}) {
      await queueOf(name);
      if (deferred) await undefer();
      const id = await boss.send(name, payload, { singletonKey: options.singletonKey ?? randomUUID() });
      wake(name);
      return id;
    },
    async schedule(name, cron) {
      if (!kinds.has(name)) throw new Error(`no job kind '${name}' is defined`);
      schedules.set(name, cron);
      if (!works(name)) return;
      await queueOf(name);
      // A deferred start schedules it with the others.
      if (deferred) return undefer();
      await boss.schedule(name, cron, {}, { tz: 'UTC', singletonKey: SCHEDULE_KEY });
    },
    async failed(name) {
      await open();
      const rows = await failedJobs(database, schema, name);
      return rows.map(
        (row): DeadLetter => ({ id: row.id, payload: row.data, error: row.output?.message ?? row.output?.value?.message ?? 'failed', attempts: row.retry_count + 1, failedAt: new Date(row.completed_on).toISOString() }),
      );
    },
    async counts() {
      await open();
      const rows = await jobCounts(database, schema);
      const of = new Map(rows.map((row) => [row.name, row]));
      return [...kinds.keys()].map((name) => ({ name, queued: of.get(name)?.queued ?? 0, running: of.get(name)?.running ?? 0, failed: of.get(name)?.failed ?? 0 }));
    },
    async start(only) {
      if (working) return;
      worked = only ? new Set(only) : undefined;
      working = true;
      const unknown = unknownKinds(kinds, only);
      if (unknown.length > 0) log?.warn({ unknown, kinds: [...kinds.keys()] }, 'JOB_WORKERS names kinds of job that do not exist');
      const scheduled = [...kinds.keys()].some((name) => works(name) && schedules.has(name));
      try {
        if (!opened && !scheduled && !(await bossInstalled(database, schema))) return defer();
        startingWorkers = startWorkers();
        await startingWorkers;
      } catch (error) {
        working = false;
        throw error;
      }
    },
    works,
    async stop() {
      working = false;
      deferred = false;
      clearInterval(watcher);
      watcher = undefined;
      await startingWorkers?.catch(() => undefined);
      workers.clear();
      if (!opened) return;
      await opened.catch(() => undefined);
      // Waits for the jobs running; pg-boss closes nothing of ours (its db is the API's pool).
      await boss.stop({ graceful: true, wait: true, close: false, timeout: STOP_WAIT_MS });
      // pg-boss's stop does not wait for a worker's fetch under way: the job it brings back runs
      // (the worker stops after it), and its outcome is stored, before the caller closes the pool
      // (else that outcome's statement meets a closed pool, an unhandled rejection in pg-boss) —
      // for 30 s more at most, as pg-boss waits for the jobs it knows of.
      const deadline = Date.now() + STOP_WAIT_MS;
      while (inFlight.size > 0 && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
        clearTimeout(timer);
        // What a settled call leads to (the job's outcome) is under way by the next turn.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async retry(name, id) {
      if (!kinds.has(name) || !isUuid(id)) return false;
      await open();
      if (deferred) await undefer();
      // pg-boss's retry: the failed job back to state 'retry' with one attempt more (a dead letter
      // archived after a week is not retried: it has left the job table).
      // Its typings say void; manager.js answers { jobs, requested, affected }.
      const { affected } = (await boss.retry(name, id)) as unknown as { affected: number };
      if (affected > 0) wake(name);
      return affected > 0;
    },
    async discard(name, id) {
      if (!kinds.has(name) || !isUuid(id)) return false;
      await open();
      // Not boss.deleteJob: it deletes a job in any state, and only from the job table.
      return deleteFailedJob(database, schema, name, id);
    },
    async durations() {
      await open();
      const of = new Map((await jobDurations(database, schema)).map((row) => [row.name, row]));
      return [...kinds.keys()].map((name) => {
        const row = of.get(name);
        return { name, completed: row?.completed ?? 0, averageSeconds: row?.average_seconds ?? 0, maxSeconds: row?.max_seconds ?? 0 };
      });
    },
  };
  return jobs;
}
