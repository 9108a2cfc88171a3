// The job queue on the embedded database: in memory, in the one process that holds the data
// directory (docs/jobs.md says why not pg-boss there). The same rules as on Postgres: one waiting
// job per singleton key, a timeout per attempt, retries with backoff, dead letters kept; schedules
// fire from croner, one job per tick (a tick whose job still waits adds none).
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import { recentRuns } from './recent-runs';
import { errorText, retryDelaySeconds, runAttempt, unknownKinds, type DeadLetter, type JobKind, type Jobs, type SendOptions } from './types';

interface Job {
  id: string;
  name: string;
  payload: object;
  key: string | undefined;
  attempts: number;
}

const SCHEDULE_KEY = 'schedule';

export function createInProcessJobs(options: { log?: { warn(object: object, message: string): void } } = {}): Jobs {
  const kinds = new Map<string, JobKind>();
  const waiting: Job[] = [];
  const dead = new Map<string, DeadLetter[]>();
  const schedules = new Map<string, string>();
  const crons: Cron[] = [];
  /** The jobs pausing before a retry, by their timer. */
  const retries = new Map<NodeJS.Timeout, Job>();
  /** The job running per kind: kinds run side by side, the jobs of one kind one at a time. */
  const running = new Map<string, Promise<void>>();
  let started = false;
  /** The kinds this process works once started (undefined: every kind). */
  let worked: ReadonlySet<string> | undefined;
  const works = (name: string) => started && (worked === undefined || worked.has(name));
  const runs = recentRuns();

  const kindOf = (name: string): JobKind => {
    const kind = kinds.get(name);
    if (!kind) throw new Error(`no job kind '${name}' is defined`);
    return kind;
  };

  async function attempt(job: Job): Promise<void> {
    const kind = kindOf(job.name);
    job.attempts += 1;
    const startedAt = Date.now();
    try {
      await runAttempt(kind, job.payload, job.id);
      runs.record(job.name, startedAt, Date.now());
    } catch (error) {
      if (job.attempts > kind.retry.limit) {
        options.log?.warn({ err: error, job: job.id, kind: job.name }, 'job failed its last attempt');
        dead.set(job.name, [{ id: job.id, payload: job.payload, error: errorText(error), attempts: job.attempts, failedAt: new Date().toISOString() }, ...(dead.get(job.name) ?? [])]);
        await kind.onDead?.(job.payload, errorText(error)).catch((told: unknown) => options.log?.warn({ err: told, job: job.id, kind: job.name }, 'a dead letter was not told'));
        return;
      }
      const timer = setTimeout(() => {
        retries.delete(timer);
        enqueue(job);
      }, retryDelaySeconds(kind.retry, job.attempts) * 1000);
      retries.set(timer, job);
    }
  }

  /** Starts the first waiting job of each idle kind this process works, as long as the worker is started. */
  function drain(): void {
    if (!started) return;
    for (let index = 0; index < waiting.length; index += 1) {
      const job = waiting[index]!;
      if (running.has(job.name) || !works(job.name)) continue;
      waiting.splice(index, 1);
      index -= 1;
      const run = attempt(job).finally(() => {
        running.delete(job.name);
        drain();
      });
      running.set(job.name, run);
    }
  }

  function enqueue(job: Job): void {
    waiting.push(job);
    // Later than the sender's turn, like a job fetched by a worker.
    setImmediate(drain);
  }

  const jobs: Jobs = {
    backend: 'in-process',
    define(kind) {
      kinds.set(kind.name, kind as JobKind);
    },
    async send(name, payload = {}, sendOptions: SendOptions = {}) {
      kindOf(name);
      const key = sendOptions.singletonKey;
      if (key !== undefined && waiting.some((job) => job.name === name && job.key === key)) return null;
      const job = { id: randomUUID(), name, payload, key, attempts: 0 };
      enqueue(job);
      return job.id;
    },
    async schedule(name, cron) {
      kindOf(name);
      schedules.set(name, cron);
      if (works(name)) startCron(name, cron);
    },
    async failed(name) {
      return dead.get(name) ?? [];
    },
    async counts() {
      const pausing = [...retries.values()];
      return [...kinds.keys()].map((name) => ({
        name,
        queued: waiting.filter((job) => job.name === name).length + pausing.filter((job) => job.name === name).length,
        running: running.has(name) ? 1 : 0,
        failed: dead.get(name)?.length ?? 0,
      }));
    },
    async start(only) {
      if (started) return;
      started = true;
      worked = only ? new Set(only) : undefined;
      const unknown = unknownKinds(kinds, only);
      if (unknown.length > 0) options.log?.warn({ unknown, kinds: [...kinds.keys()] }, 'JOB_WORKERS names kinds of job that do not exist');
      for (const [name, cron] of schedules) if (works(name)) startCron(name, cron);
      drain();
    },
    works,
    async stop() {
      started = false;
      for (const cron of crons.splice(0)) cron.stop();
      for (const timer of retries.keys()) clearTimeout(timer);
      retries.clear();
      await Promise.allSettled(running.values());
    },
    async retry(name, id) {
      const letter = takeDeadLetter(name, id);
      if (!letter) return false;
      // Its attempts go on counting: the retry is one more attempt, as on pg-boss.
      enqueue({ id, name, payload: letter.payload, key: undefined, attempts: letter.attempts });
      return true;
    },
    async discard(name, id) {
      return takeDeadLetter(name, id) !== undefined;
    },
    async durations() {
      const now = Date.now();
      return [...kinds.keys()].map((name) => runs.of(name, now));
    },
  };

  /** Removes the kind's dead letter and answers it (undefined: none such). */
  function takeDeadLetter(name: string, id: string): DeadLetter | undefined {
    const letters = dead.get(name) ?? [];
    const letter = letters.find((candidate) => candidate.id === id);
    if (letter) dead.set(name, letters.filter((candidate) => candidate !== letter));
    return letter;
  }

  function startCron(name: string, cron: string): void {
    const send = () => {
      jobs.send(name, {}, { singletonKey: SCHEDULE_KEY }).catch((error: unknown) => options.log?.warn({ err: error, kind: name }, 'scheduled job not sent'));
    };
    crons.push(new Cron(cron, { timezone: 'UTC', unref: true }, send));
  }
  return jobs;
}
