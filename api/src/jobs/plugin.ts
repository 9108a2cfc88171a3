// The job queue on the app (docs/jobs.md): `app.jobs`, whose workers run from ready until close
// unless the process runs none (JOB_WORKERS=off) — of every kind, or of the kinds JOB_WORKERS
// lists — and the periodic passes of the families as scheduled jobs.
import type { FastifyInstance } from 'fastify';
import { createJobs, type JobWorkers } from './create';
import type { PgBossSettings } from './pg-boss';
import { cronEvery, type Jobs } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue: `define`, `send`, `schedule` (docs/jobs.md). */
    jobs: Jobs;
  }
}

/** A pass over the database may take this long before its job fails; the next tick runs it again. */
export const PASS_TIMEOUT_SECONDS = 15 * 60;

/** Before the families that define jobs: its close (waiting for running jobs) comes before theirs. */
export async function registerJobs(app: FastifyInstance, options: { workers: JobWorkers; settings?: PgBossSettings }): Promise<Jobs> {
  const jobs = await createJobs(app.database, { ...options.settings, log: app.log });
  app.decorate('jobs', jobs);
  const { workers } = options;
  if (workers === true) app.addHook('onReady', async () => jobs.start());
  // Every family has defined its kinds by ready: a name of JOB_WORKERS that is none of them is a
  // typo, which start() warns of (without reading the queue: a process that sends no job may never
  // open pg-boss, pg-boss.ts).
  else if (workers !== false && workers.length > 0) app.addHook('onReady', async () => jobs.start(workers));
  app.addHook('preClose', async () => jobs.stop());
  return jobs;
}

/**
 * A family's periodic pass (`tick()`) as a scheduled job, every `intervalMs` rounded to the
 * queue's minutes (0: not scheduled; tests call `tick()`). No retries: the next tick is one.
 */
export function schedulePass(app: FastifyInstance, name: string, intervalMs: number, tick: () => Promise<unknown>): void {
  app.jobs.define({
    name,
    handler: async () => {
      await tick();
    },
    timeoutSeconds: PASS_TIMEOUT_SECONDS,
    retry: { limit: 0, delaySeconds: 60, backoff: false },
  });
  if (intervalMs <= 0) return;
  app.jobs.schedule(name, cronEvery(intervalMs)).catch((error: unknown) => app.log.warn({ err: error, kind: name }, 'schedule not recorded'));
}
