// A run of continuous monitoring whose batch failed its last attempt (a dead letter) ends FAILED
// with the error, as GET apps/monitoring/runs/{id} reads it — instead of RUNNING for ever — and a
// retry of the dead job (the Background Jobs screen's) finishes it: DONE, what it found stored once.
// On both back ends of the job queue: in process always, pg-boss when DATABASE_URL names a server.
import type { Database, QueryOptions } from '../db/database';
import type { Jobs } from '../jobs/index';
import { withCookie } from '../testing/identity';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { LODASH_ADVISORY, monitoredApps, monitoringSuite, runOutcome } from '../testing/monitoring';
import { until } from '../testing/until';
import { defineMonitoringJobs, RUN_JOB, SCAN_JOB } from './run-jobs';
import { findRun, insertRescanRun, queueImportRun } from './runs.repository';

const { world, olga, scope } = monitoringSuite({ olga: true, advisories: [LODASH_ADVISORY] });

describe.each(JOB_BACKENDS)('a dead batch of a monitoring run %s', (name, create) => {
  let jobs: Jobs;
  /** While set, every read of a batch's components fails: the batch's attempts all fail. */
  let failing = false;
  /** The app's database, whose reads of a batch's components fail while `failing` is set. */
  const failingDatabase = (): Database => ({
    ...world.app.database,
    query: <T extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
      if (failing && sql.includes('FROM sbom_components')) return Promise.reject(new Error('the components could not be read'));
      return world.app.database.query<T>(sql, params, options);
    },
  });

  beforeEach(async () => {
    jobs = await create(world.app.database);
  });

  afterEach(async () => {
    failing = false;
    await jobs.stop();
  });

  const read = async (runId: string) => (await world.app.inject({ method: 'GET', url: `/api/apps/monitoring/runs/${runId}?graph=alpha`, headers: withCookie(olga) })).json();
  const idle = async () => (await kindIdle(jobs, RUN_JOB)) && (await kindIdle(jobs, SCAN_JOB));

  test('ends the run FAILED with its error; a retry of the dead job finishes it, DONE', async () => {
    const builds = await monitoredApps(world, `dead-${name.replace(/\W/g, '')}`, 2);
    await world.app.database.query('DELETE FROM build_findings WHERE build_id = ANY($1::uuid[]) AND vulnerability_id = $2', [builds, LODASH_ADVISORY]);
    // Short retries: a claim's timeout of a second, retries a second apart.
    const runs = defineMonitoringJobs(jobs, { database: failingDatabase(), log: world.app.log, notify: () => undefined, batchSize: 100, scanTimeoutSeconds: 1 });
    await jobs.start();
    failing = true;
    const runId = await insertRescanRun(world.app.database, scope, null);
    await runs.start(runId);

    await until(async () => (await findRun(world.app.database, runId))?.status === 'FAILED', 'the run failed');
    const failed = await read(runId);
    expect(failed).toMatchObject({
      id: runId,
      status: 'FAILED',
      error: 'A batch of builds could not be rescanned (batch 1 of the run): the components could not be read',
      new_vulnerabilities: 0,
      events: [],
    });
    expect(failed.pending).toBeGreaterThanOrEqual(2);
    const [letter] = await jobs.failed(SCAN_JOB);
    expect(letter).toMatchObject({ payload: { runId, batch: 0 }, attempts: 3 });
    await until(idle, 'its jobs ended');
    // Still failed: no job is left to finish it.
    expect((await read(runId)).status).toBe('FAILED');

    // Retried (the Background Jobs screen's Retry), the batch goes through and the run ends.
    failing = false;
    expect(await jobs.retry(SCAN_JOB, letter!.id)).toBe(true);
    await until(async () => (await findRun(world.app.database, runId))?.status === 'DONE', 'the run done by the retry');
    expect(await read(runId)).toMatchObject({ status: 'DONE', error: null, pending: 0, new_vulnerabilities: 2 });
    const outcome = await runOutcome(world.app.database, runId);
    expect(outcome).toMatchObject({ status: 'DONE', events: 2, distinct_events: 2 });
    expect(outcome.findings).toBe(outcome.distinct_findings);
  });

  test('a failed import run holds back no other: the import run queued meanwhile runs', async () => {
    const runs = defineMonitoringJobs(jobs, { database: failingDatabase(), log: world.app.log, notify: () => undefined, batchSize: 100, scanTimeoutSeconds: 1 });
    await jobs.start();
    failing = true;
    const first = await queueImportRun(world.app.database, [LODASH_ADVISORY]);
    await runs.start(first);
    await until(async () => (await findRun(world.app.database, first))?.status === 'RUNNING', 'the first import run planned');
    const next = await queueImportRun(world.app.database, ['GHSA-35jh-r3h4-6jhm']);
    expect(next).not.toBe(first);
    await until(async () => (await findRun(world.app.database, first))?.status === 'FAILED', 'the first import run failed');
    failing = false;
    await until(async () => (await findRun(world.app.database, next))?.status === 'DONE', 'the next import run done');
    await until(idle, 'the jobs ended');
  });
});
