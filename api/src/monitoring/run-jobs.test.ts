// Continuous monitoring's runs as jobs (issue 27), on both back ends of the job queue: in process
// (always) and pg-boss when DATABASE_URL names a Postgres server. A run fans out into batches of
// builds; a batch run twice stores its findings, events and notifications once; a batch left by a
// process stopped in the middle is finished by the retried job; imports arriving while an import
// run runs join the one queued, which starts when it ends. Two processes share one run:
// run-jobs.postgres.test.ts.
import type { Jobs } from '../jobs/index';
import type { Database, Queryable, QueryOptions } from '../db/database';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { importQuietly, LODASH_ADVISORY, monitoredApps, monitoringSuite, runOutcome } from '../testing/monitoring';
import { until } from '../testing/until';
import { defineMonitoringJobs, RUN_JOB, SCAN_JOB, type MonitoringContext } from './run-jobs';
import { findRun, insertRescanRun, queueImportRun } from './runs.repository';

const { world, scope } = monitoringSuite();

describe.each(JOB_BACKENDS)('continuous monitoring jobs %s', (name, create) => {
  let jobs: Jobs;
  /** Each case's apps and advisory of its own: the findings of one are not the news of the next. */
  const prefix = (label: string) => `${label}-${name.replace(/\W/g, '')}`;

  beforeEach(async () => {
    jobs = await create(world.app.database);
  });

  afterEach(async () => {
    await jobs.stop();
  });

  const context = (more: Partial<MonitoringContext> = {}): MonitoringContext => ({ database: world.app.database, log: world.app.log, notify: () => undefined, ...more });
  const idle = async () => (await kindIdle(jobs, RUN_JOB)) && (await kindIdle(jobs, SCAN_JOB));
  const done = (runId: string) => async () => (await findRun(world.app.database, runId))?.status === 'DONE';

  test('an import run rescans the builds holding its packages a batch at a time; run twice, it stores once', async () => {
    const runs = defineMonitoringJobs(jobs, context({ batchSize: 2 }));
    await jobs.start();
    const builds = await monitoredApps(world, prefix('fan'), 3);
    // Every monitored app of alpha is planned (those of the other cases too); the advisory is new
    // to the three builds of this case only.
    await world.app.database.query('DELETE FROM build_findings WHERE build_id = ANY($1::uuid[]) AND vulnerability_id = $2', [builds, LODASH_ADVISORY]);
    await importQuietly(world, LODASH_ADVISORY);
    const runId = await queueImportRun(world.app.database, [LODASH_ADVISORY]);
    await runs.start(runId);
    await until(done(runId), 'the run done');
    await until(idle, 'its jobs ended');

    const first = await runOutcome(world.app.database, runId);
    expect(first).toMatchObject({ status: 'DONE', events: 3, distinct_events: 3, notifications: 3 });
    expect(first.builds).toBeGreaterThanOrEqual(3);
    expect(first.done).toBe(first.builds);
    expect(first.findings).toBe(first.distinct_findings);
    const batches = await world.app.database.query<{ batch: number; n: number }>(
      'SELECT batch, count(*)::int AS n FROM monitoring_run_builds WHERE run_id = $1 GROUP BY batch ORDER BY batch',
      [runId],
    );
    expect(batches.every((batch) => batch.n <= 2)).toBe(true);
    expect(batches.length).toBe(Math.ceil(first.builds / 2));

    // Sent again, every job of the run (a duplicate send, a worker that died after its commit): nothing more is stored.
    await jobs.send(RUN_JOB, { runId });
    for (const { batch } of batches) await jobs.send(SCAN_JOB, { runId, batch });
    await until(idle, 'the jobs sent again');
    // Its builds' claims and "done" undone, as if the batches had never ended: the findings are keyed, nothing is news.
    await world.app.database.query("UPDATE monitoring_run_builds SET done = false, claimed_at = NULL WHERE run_id = $1", [runId]);
    await world.app.database.query("UPDATE monitoring_runs SET status = 'RUNNING' WHERE id = $1", [runId]);
    await jobs.send(RUN_JOB, { runId });
    await until(done(runId), 'the run done again');
    await until(idle, 'its jobs ended again');
    expect(await runOutcome(world.app.database, runId)).toEqual(first);
    expect(await jobs.failed(SCAN_JOB)).toEqual([]);

    // A rescan of the process afterwards finds nothing new either.
    const rescan = await insertRescanRun(world.app.database, scope, null);
    await runs.start(rescan);
    await until(done(rescan), 'the rescan done');
    expect(await runOutcome(world.app.database, rescan)).toMatchObject({ events: 0, notifications: 0 });
  });

  test('a batch left by a process stopped in the middle is finished by the retried job, each build once', async () => {
    // The first attempt claims its batch, then stops before its transaction (its process stalls);
    // the retry's goes through.
    let claimed = false;
    let stalled: (() => void) | undefined;
    let late: Promise<unknown> | undefined;
    const database: Database = {
      ...world.app.database,
      query: async <T extends object>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
        const rows = await world.app.database.query<T>(sql, params, options);
        if (sql.includes('SET claimed_at = now()') && rows.length > 0) claimed = true;
        return rows;
      },
      transaction: async <T>(fn: (tx: Queryable) => Promise<T>) => {
        if (!claimed || stalled) return world.app.database.transaction(fn);
        await new Promise<void>((resolve) => (stalled = resolve));
        const going = world.app.database.transaction(fn);
        late = going;
        return going;
      },
    };
    let committed = 0;
    const runs = defineMonitoringJobs(
      jobs,
      context({
        database,
        batchSize: 50,
        // A claim older than a second is taken again by the retry, a second later.
        scanTimeoutSeconds: 1,
        notify: () => (committed += 1),
      }),
    );
    await jobs.start();
    const builds = await monitoredApps(world, prefix('stop'), 2);
    await world.app.database.query('DELETE FROM build_findings WHERE build_id = ANY($1::uuid[]) AND vulnerability_id = $2', [builds, LODASH_ADVISORY]);
    const runId = await queueImportRun(world.app.database, [LODASH_ADVISORY]);
    await runs.start(runId);
    // The attempt fails at its timeout; its retry claims the batch again and finishes the run.
    await until(done(runId), 'the run done by the retry');
    expect(committed).toBe(1);
    const outcome = await runOutcome(world.app.database, runId);
    expect(outcome).toMatchObject({ status: 'DONE', events: 2, distinct_events: 2, notifications: 2 });
    expect(outcome.findings).toBe(outcome.distinct_findings);

    // The stalled process comes back: its transaction finds the batch's builds done, and stores nothing.
    stalled!();
    await until(() => late !== undefined, 'the stalled transaction to go on');
    await late;
    await until(idle, 'the jobs ended');
    expect(await runOutcome(world.app.database, runId)).toEqual(outcome);
    expect(committed).toBe(1);
  });

  test('imports arriving while an import run runs join the one queued, which starts when it ends', async () => {
    const runs = defineMonitoringJobs(jobs, context());
    await jobs.start();
    // An import run running (planned, its batch not yet scanned).
    const running = await queueImportRun(world.app.database, ['GHSA-0000-0000-0000']);
    await world.app.database.query("UPDATE monitoring_runs SET status = 'RUNNING', started_at = now(), progressed_at = now(), packages = '{}' WHERE id = $1", [running]);
    const queued = await queueImportRun(world.app.database, ['GHSA-35jh-r3h4-6jhm']);
    expect(await queueImportRun(world.app.database, [LODASH_ADVISORY, 'GHSA-35jh-r3h4-6jhm'])).toBe(queued);
    expect(queued).not.toBe(running);
    await runs.start(queued);
    await until(idle, 'the queued run looked at');
    expect(await findRun(world.app.database, queued)).toMatchObject({ status: 'QUEUED', advisories: expect.arrayContaining(['GHSA-35jh-r3h4-6jhm', LODASH_ADVISORY]) });
    expect((await findRun(world.app.database, queued))!.advisories).toHaveLength(2);

    // The running run ends (no build was left): the queued one is planned and run.
    await runs.start(running);
    await until(done(queued), 'the queued run done');
    expect((await findRun(world.app.database, queued))!.packages!.sort()).toEqual(['npm\u001flodash', 'npm\u001flodash-es']);
  });
});
