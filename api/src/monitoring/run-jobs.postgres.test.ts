// Continuous monitoring's runs with two processes on one Postgres server (issue 27 item 1), each
// with its own pool and its own pg-boss worker: one run's batches are shared — while process A is
// stuck in its batch, B rescans the others — and every build is rescanned once.
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import type { Jobs } from '../jobs/index';
import { createPgBossJobs } from '../jobs/pg-boss';
import { bossSchema } from '../jobs/repository';
import { gatedDatabase } from '../testing/builds';
import { importQuietly, LODASH_ADVISORY, monitoredApps, monitoringSuite, runOutcome } from '../testing/monitoring';
import { until } from '../testing/until';
import { defineMonitoringJobs } from './run-jobs';
import { findRun, queueImportRun } from './runs.repository';

const databases: Database[] = [];
const processes: Jobs[] = [];

const { environment, world } = monitoringSuite({
  tearDown: async () => {
    for (const jobs of processes.splice(0)) await jobs.stop();
    for (const database of databases.splice(0)) await database.close();
  },
});

/** A process of its own: a pool (gated: its calls can be held) and a pg-boss worker; `scanned` counts the builds it rescanned with news. */
async function startProcess(onScanned: (count: number) => void = () => undefined) {
  const database = await openDatabase(environment.config);
  databases.push(database);
  const gate = gatedDatabase(database);
  const jobs = createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 });
  processes.push(jobs);
  const counted = { scanned: 0 };
  const notify = () => onScanned((counted.scanned += 1));
  const runs = defineMonitoringJobs(jobs, { database: gate.database, log: world.app.log, batchSize: 1, notify });
  await jobs.start();
  return { jobs, runs, counted, gate };
}

test('two processes share one run: while A is stuck in its batch, B rescans the others, each build once', async () => {
  const builds = await monitoredApps(world, 'shared', 6);
  await world.app.database.query('DELETE FROM build_findings WHERE build_id = ANY($1::uuid[]) AND vulnerability_id = $2', [builds, LODASH_ADVISORY]);
  await importQuietly(world, LODASH_ADVISORY);

  // A stops reaching its database once its first build is rescanned: its worker (one job at a
  // time) is stuck in that batch.
  const a = await startProcess(() => a.gate.hold());
  const b = await startProcess();
  const runId = await queueImportRun(world.app.database, [LODASH_ADVISORY]);
  await a.runs.start(runId);
  await until(async () => (await findRun(world.app.database, runId))?.status === 'DONE', "the run done by B while A is stuck");
  expect([a.counted.scanned, b.counted.scanned]).toEqual([1, 5]);
  const outcome = await runOutcome(world.app.database, runId);
  expect(outcome).toMatchObject({ status: 'DONE', builds: 6, done: 6, scanned: 6, events: 6, distinct_events: 6, notifications: 6 });
  expect(outcome.findings).toBe(outcome.distinct_findings);

  // A comes back: its batch is done, nothing more is stored.
  await a.gate.release();
  await until(async () => (await a.jobs.counts()).every((kind) => kind.queued + kind.running === 0), "A's job ended");
  expect(await runOutcome(world.app.database, runId)).toEqual(outcome);
});
