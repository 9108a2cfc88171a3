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

/** The kinds of job a process works: every kind (true), none (false) or those named. */
export type JobWorkers = boolean | readonly string[];

const ALL = ['', 'on', 'all', '1', 'true', 'yes'];
const NONE = ['off', 'none', '0', 'false', 'no'];

/**
 * JOB_WORKERS: unset or `on`, every kind; `off`, none (an API behind workers of its own); a
 * comma-separated list of kinds, those only (a worker dedicated to SBOM processing, say; the test
 * suites work the on-demand kinds and leave the scheduled passes to their tests' tick()).
 */
export function jobWorkersFrom(env: Partial<Record<string, string | undefined>> = process.env): JobWorkers {
  const value = (env.JOB_WORKERS ?? '').trim();
  if (ALL.includes(value.toLowerCase())) return true;
  if (NONE.includes(value.toLowerCase())) return false;
  const kinds = value.split(',').map((kind) => kind.trim()).filter((kind) => kind !== '');
  return kinds.length > 0 ? kinds : false;
}

/** Whether a process with this JOB_WORKERS runs any job. */
export function jobWorkersOn(env: Partial<Record<string, string | undefined>> = process.env): boolean {
  return jobWorkersFrom(env) !== false;
}
