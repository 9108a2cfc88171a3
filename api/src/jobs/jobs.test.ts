// The job queue's rules on both back ends: in process (always) and pg-boss when DATABASE_URL names
// a Postgres server. Schedules across several workers: jobs.postgres.test.ts.
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { jobWorkersFrom, jobWorkersOn } from './create';
import { createInProcessJobs } from './in-process';
import { createPgBossJobs } from './pg-boss';
import { bossSchema } from './repository';
import { cronEvery, retryDelaySeconds, type JobKind, type Jobs } from './types';

const backends: Array<[string, (database: Database) => Promise<Jobs>]> = [
  ['in process', async () => createInProcessJobs()],
  ...(process.env.DATABASE_URL
    ? [['pg-boss', async (database: Database) => createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 })] as [string, (database: Database) => Promise<Jobs>]]
    : []),
];

const kind = (name: string, handler: JobKind['handler'], more: Partial<JobKind> = {}): JobKind => ({
  name,
  handler,
  timeoutSeconds: 30,
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  ...more,
});

describe.each(backends)('jobs %s', (_name, create) => {
  let environment: TestEnvironment;
  let database: Database;
  let jobs: Jobs;

  beforeEach(async () => {
    environment = await createTestEnvironment();
    database = await openDatabase(environment.config);
    jobs = await create(database);
  });

  afterEach(async () => {
    await jobs.stop();
    await database.close();
    await environment.cleanup();
  });

  test('a failing job is retried with backoff, then kept as a dead letter with its error', async () => {
    let attempts = 0;
    jobs.define(
      kind(
        'always-fails',
        async () => {
          attempts += 1;
          throw new Error(`attempt ${attempts} refused`);
        },
        { retry: { limit: 2, delaySeconds: 1, backoff: true } },
      ),
    );
    await jobs.start();
    await jobs.send('always-fails', { application: 'a1' });
    await until(async () => (await jobs.failed('always-fails')).length > 0, 'the dead letter');
    expect(attempts).toBe(3);
    expect(await jobs.failed('always-fails')).toEqual([expect.objectContaining({ payload: { application: 'a1' }, error: 'attempt 3 refused', attempts: 3 })]);
  });

  test('a job over its timeout fails, its handler is told to stop', async () => {
    let aborted = false;
    jobs.define(
      kind(
        'too-slow',
        (_payload, { signal }) =>
          new Promise<void>((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            });
          }),
        { timeoutSeconds: 1 },
      ),
    );
    await jobs.start();
    await jobs.send('too-slow');
    await until(async () => (await jobs.failed('too-slow')).length > 0, 'the timed-out job');
    expect(aborted).toBe(true);
    expect((await jobs.failed('too-slow'))[0]!.error).toBe('the too-slow job did not finish within 1 s');
  });

  test('an idempotent handler run twice (it failed after storing) stores once', async () => {
    await database.exec('CREATE TABLE job_test_marks (key text PRIMARY KEY, runs int NOT NULL DEFAULT 1)');
    let runs = 0;
    jobs.define(
      kind(
        'store-once',
        async (payload) => {
          runs += 1;
          await database.query('INSERT INTO job_test_marks (key) VALUES ($1) ON CONFLICT (key) DO NOTHING', [(payload as { key: string }).key]);
          if (runs === 1) throw new Error('the worker died after storing');
        },
        { retry: { limit: 1, delaySeconds: 1, backoff: false } },
      ),
    );
    await jobs.start();
    await jobs.send('store-once', { key: 'build-7' });
    await until(() => runs === 2, 'the second run');
    await until(async () => (await database.query('SELECT 1 FROM job_test_marks')).length > 0, 'the mark');
    expect(await database.query('SELECT key FROM job_test_marks')).toEqual([{ key: 'build-7' }]);
    expect(await jobs.failed('store-once')).toEqual([]);
  });

  test('a singleton key lets one job wait: a second send is absorbed', async () => {
    const seen: string[] = [];
    jobs.define(kind('snapshot', async (payload) => void seen.push((payload as { process: string }).process)));
    expect(await jobs.send('snapshot', { process: 'p1' }, { singletonKey: 'p1' })).toEqual(expect.any(String));
    expect(await jobs.send('snapshot', { process: 'p1' }, { singletonKey: 'p1' })).toBeNull();
    expect(await jobs.send('snapshot', { process: 'p2' }, { singletonKey: 'p2' })).toEqual(expect.any(String));
    await jobs.start();
    await until(() => seen.length === 2, 'both processes');
    expect(seen.sort()).toEqual(['p1', 'p2']);
  });

  test('counts queued, running and failed jobs per kind', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    jobs.define(
      kind('held', async () => {
        started += 1;
        await held;
      }),
    );
    jobs.define(kind('refused', async () => Promise.reject(new Error('no'))));
    jobs.define(kind('idle', async () => undefined));
    const byName = async () => Object.fromEntries((await jobs.counts()).map(({ name, ...counts }) => [name, counts]));
    await jobs.send('held', { n: 1 });
    await jobs.send('held', { n: 2 });
    expect((await byName()).held).toEqual({ queued: 2, running: 0, failed: 0 });
    await jobs.start();
    await jobs.send('refused');
    await until(async () => started === 1 && (await jobs.failed('refused')).length === 1, 'one held job running and the refused one dead');
    // One job of a kind at a time per worker: the second waits for the first.
    expect(await byName()).toEqual({
      held: { queued: 1, running: 1, failed: 0 },
      refused: { queued: 0, running: 0, failed: 1 },
      idle: { queued: 0, running: 0, failed: 0 },
    });
    release();
    await until(async () => (await byName()).held!.running + (await byName()).held!.queued === 0, 'both held jobs done');
  });

  test('a process started for some kinds works those only: the others wait for a process that works them', async () => {
    const seen: string[] = [];
    jobs.define(kind('on-demand', async () => void seen.push('on-demand')));
    jobs.define(kind('pass', async () => void seen.push('pass')));
    expect(jobs.works('on-demand')).toBe(false);
    await jobs.start(['on-demand']);
    expect([jobs.works('on-demand'), jobs.works('pass')]).toEqual([true, false]);
    await jobs.send('pass');
    await jobs.send('on-demand');
    await until(() => seen.length > 0, 'the on-demand job');
    expect(seen).toEqual(['on-demand']);
    expect((await jobs.counts()).find((counts) => counts.name === 'pass')).toEqual({ name: 'pass', queued: 1, running: 0, failed: 0 });
  });

  test('a job of a kind nobody defined is refused', async () => {
    await expect(jobs.send('unknown')).rejects.toThrow("no job kind 'unknown' is defined");
  });
});

test('an interval becomes the cron of the queue, by the minute', () => {
  expect(cronEvery(60_000)).toBe('* * * * *');
  expect(cronEvery(10_000)).toBe('* * * * *');
  expect(cronEvery(5 * 60_000)).toBe('*/5 * * * *');
  expect(cronEvery(3_600_000)).toBe('0 * * * *');
  expect(cronEvery(86_400_000)).toBe('0 0 * * *');
});

test('JOB_WORKERS names every kind, none, or the kinds a process works', () => {
  expect([jobWorkersFrom({}), jobWorkersFrom({ JOB_WORKERS: 'on' }), jobWorkersFrom({ JOB_WORKERS: 'off' }), jobWorkersFrom({ JOB_WORKERS: 'OFF' })]).toEqual([true, true, false, false]);
  expect(jobWorkersFrom({ JOB_WORKERS: ' sbom-builds, rbom-configurations ' })).toEqual(['sbom-builds', 'rbom-configurations']);
  expect(jobWorkersOn({ JOB_WORKERS: 'sbom-builds' })).toBe(true);
});

test('the pause before a retry doubles with backoff', () => {
  const policy = { limit: 3, delaySeconds: 2, backoff: true };
  expect([1, 2, 3].map((retry) => retryDelaySeconds(policy, retry))).toEqual([2, 4, 8]);
  expect(retryDelaySeconds({ ...policy, backoff: false }, 3)).toBe(2);
});

test('in process, a schedule sends its job at each tick once started', async () => {
  const jobs = createInProcessJobs();
  let runs = 0;
  jobs.define(kind('every-second', async () => void (runs += 1)));
  // croner takes a seconds field: a tick each second instead of each minute.
  await jobs.schedule('every-second', '* * * * * *');
  await jobs.start();
  try {
    await until(() => runs >= 2, 'two ticks');
  } finally {
    await jobs.stop();
  }
  expect(runs).toBeGreaterThanOrEqual(2);
});
