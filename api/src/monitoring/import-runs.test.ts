// The monitoring of imports (issue 27): every committed batch joins the import run still queued
// at once, and the run's job is sent once the imports pause — an import committed a batch at a
// time is one run; the next import, once that run was claimed, is a run of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { monitoringSuite } from '../testing/monitoring';
import { until } from '../testing/until';
import { importOsvBatch } from '../vulnerabilities/repository';
import { followImports, type ImportFollower } from './import-runs';
import type { MonitoringJobs } from './run-jobs';
import { findRun } from './runs.repository';

let follower: ImportFollower | undefined;

const { world } = monitoringSuite({
  setUp: async () => {
    // The world app's own follower sends its runs later than this test's (a quiet period of a minute).
    world.app.monitoring.imports.quietMs = 60_000;
    world.app.monitoring.imports.maxWaitMs = 60_000;
  },
  tearDown: async () => {
    await follower?.close();
  },
});

const osv = (id: string) => JSON.parse(readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', `${id}.json`), 'utf8')) as unknown;

test('the batches of an import are one run, sent once they pause; the next import after its claim is another', async () => {
  const started: Array<{ runId: string; at: number }> = [];
  const runs: MonitoringJobs = { start: async (runId) => void started.push({ runId, at: Date.now() }), resume: async () => undefined };
  follower = followImports(world.app.database, runs, world.app.log, { quietMs: 300, maxWaitMs: 10_000 });

  const batches = [['GHSA-p6mc-m468-83gw'], ['GHSA-29mw-wpgm-hmr9'], ['GHSA-3h5v-q93c-6h6q']];
  let last = 0;
  for (const ids of batches) {
    await importOsvBatch(world.app.database, ids.map(osv));
    last = Date.now();
    // Committed: its run is a row at once, before any job is sent.
    await until(async () => (await world.app.database.query("SELECT 1 FROM monitoring_runs WHERE status = 'QUEUED' AND $1 = ANY(advisories)", [ids[0]])).length > 0, 'the batch joined');
  }
  expect(started).toEqual([]);
  await follower.settled();
  expect(started).toHaveLength(1);
  expect(started[0]!.at - last).toBeGreaterThanOrEqual(250);
  const run = await findRun(world.app.database, started[0]!.runId);
  expect(run).toMatchObject({ status: 'QUEUED', source: 'advisory-import' });
  expect([...run!.advisories!].sort()).toEqual(batches.flat().sort());

  // Its job claimed it: the next import queues a run of its own.
  await world.app.database.query("UPDATE monitoring_runs SET status = 'RUNNING' WHERE id = $1", [run!.id]);
  await importOsvBatch(world.app.database, [osv('GHSA-4xc9-xhrj-v574')]);
  await follower.settled();
  expect(started).toHaveLength(2);
  expect(started[1]!.runId).not.toBe(run!.id);
  expect(await findRun(world.app.database, started[1]!.runId)).toMatchObject({ status: 'QUEUED', advisories: ['GHSA-4xc9-xhrj-v574'] });
});

test('a run whose imports go on is sent within its longest wait', async () => {
  await follower?.close();
  const started: string[] = [];
  follower = followImports(world.app.database, { start: async (runId) => void started.push(runId), resume: async () => undefined }, world.app.log, { quietMs: 400, maxWaitMs: 500 });
  await world.app.database.query('DELETE FROM monitoring_runs');
  const from = Date.now();
  // A batch every 150 ms: never a quiet 400 ms, yet the run is sent about 500 ms after the first.
  for (const id of ['GHSA-57j2-w4cx-62h2', 'GHSA-58pp-9c76-5625', 'GHSA-5955-9wpr-37jh', 'GHSA-599f-7c49-w659', 'GHSA-5mg8-w23w-74h3', 'GHSA-5mrr-rgp6-x4gr']) {
    await importOsvBatch(world.app.database, [osv(id)]);
    if (started.length > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await until(() => started.length > 0, 'the run sent');
  expect(Date.now() - from).toBeLessThan(2_000);
});
