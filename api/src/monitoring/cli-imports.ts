// Continuous monitoring after the command line's advisory and KEV imports (`npm run portal --
// import-advisories`, `import-kev`): the same path as an import through the API (import-runs.ts) —
// each committed batch joins the import run still queued, and the run's `monitoring-runs` job is
// sent once the import has ended. The command's process works no job: on Postgres the job waits in
// pg-boss's queue for a worker (an API process or `npm run portal -- worker`); on the embedded
// database (whose one process is this command while it runs) the run stays queued, a row, which
// the API's next start runs (its ready starts the runs left).
import type { Database } from '../db/database';
import { createJobs } from '../jobs/index';
import { followImports, IMPORT_MAX_WAIT_MS, IMPORT_QUIET_MS } from './import-runs';
import { defineMonitoringJobs, type MonitoringLog } from './run-jobs';

/** Runs `work` (an import on `database`) with the monitoring of what it imports queued, as through the API. */
export async function withImportMonitoring<T>(database: Database, work: () => Promise<T>, log: MonitoringLog = quietLog): Promise<T> {
  const jobs = await createJobs(database, { log });
  // Defined, not worked: this process only sends the run's job.
  const runs = defineMonitoringJobs(jobs, { database, log, notify: () => undefined });
  const follower = followImports(database, runs, log, { quietMs: IMPORT_QUIET_MS, maxWaitMs: IMPORT_MAX_WAIT_MS });
  try {
    const result = await work();
    await follower.flush();
    return result;
  } finally {
    await follower.close();
    await jobs.stop();
  }
}

/** The command line prints what went wrong on stderr; the rest is the API's business. */
const quietLog: MonitoringLog = {
  info: () => undefined,
  warn: (object, message) => console.error(`${message}: ${describe(object)}`),
  error: (object, message) => console.error(`${message}: ${describe(object)}`),
};

function describe(object: object): string {
  const error = (object as { err?: unknown }).err;
  return error instanceof Error ? error.message : JSON.stringify(object);
}
