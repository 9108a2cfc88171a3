// What the tests of job kinds share (sbom/build-jobs.test.ts, deployment-profiles/
// configuration-jobs.test.ts): the job queue's back ends to run them on — in process always,
// pg-boss when DATABASE_URL names a Postgres server — and whether a kind's jobs have all ended.
import type { Database } from '../db/database';
import { createInProcessJobs } from '../jobs/in-process';
import type { Jobs } from '../jobs/index';
import { createPgBossJobs } from '../jobs/pg-boss';
import { bossSchema } from '../jobs/repository';

export const JOB_BACKENDS: Array<[string, (database: Database) => Promise<Jobs>]> = [
  ['in process', async () => createInProcessJobs()],
  ...(process.env.DATABASE_URL
    ? [['pg-boss', async (database: Database) => createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 })] as [string, (database: Database) => Promise<Jobs>]]
    : []),
];

/** Every job of the kind has ended (none queued, none running). */
export async function kindIdle(jobs: Jobs, name: string): Promise<boolean> {
  const counts = (await jobs.counts()).find((kind) => kind.name === name)!;
  return counts.queued + counts.running === 0;
}
