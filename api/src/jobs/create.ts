// Which back end the job queue runs on: pg-boss on Postgres, in process on the embedded database
// — chosen by the database the app opened, as db/open.ts chooses it.
import type { Database } from '../db/database';
import { createInProcessJobs } from './in-process';
import { createPgBossJobs, type PgBossSettings } from './pg-boss';
import { bossSchema } from './repository';
import type { Jobs } from './types';

export interface JobsOptions extends PgBossSettings {
  log?: { warn(object: object, message: string): void };
}

export async function createJobs(database: Database, options: JobsOptions = {}): Promise<Jobs> {
  if (database.kind === 'pglite') return createInProcessJobs({ log: options.log });
  return createPgBossJobs(database, await bossSchema(database), options, options.log);
}

/** JOB_WORKERS=off: a process that sends jobs and runs none (an API behind workers of its own; the test suites). */
export function jobWorkersOn(env: Partial<Record<string, string | undefined>> = process.env): boolean {
  return !['off', '0', 'false', 'no'].includes((env.JOB_WORKERS ?? '').trim().toLowerCase());
}
