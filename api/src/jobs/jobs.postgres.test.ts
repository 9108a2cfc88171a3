// Schedules across processes (issue 27 item 1): two workers on one Postgres database — each with
// its own pool, as two processes would have — and a per-minute schedule whose tick runs once.
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { createPgBossJobs } from './pg-boss';
import { bossInstalled, bossSchema } from './repository';
import type { Jobs } from './types';

let environment: TestEnvironment;
const databases: Database[] = [];
const workers: Jobs[] = [];

beforeEach(async () => {
  environment = await createTestEnvironment();
});

afterEach(async () => {
  for (const jobs of workers.splice(0)) await jobs.stop();
  for (const database of databases.splice(0)) await database.close();
  await environment.cleanup();
});

test('a schedule fires once per tick with two workers on one database', async () => {
  const runs: Array<{ worker: string; id: string }> = [];
  for (const worker of ['A', 'B']) {
    const database = await openDatabase(environment.config);
    databases.push(database);
    // Both clocks look at the cron table every second: each would send the tick's job if the
    // queue let it.
    const jobs = createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5, cronSeconds: 1 });
    jobs.define({
      name: 'minute-pass',
      handler: async (_payload, { id }) => void runs.push({ worker, id }),
      timeoutSeconds: 30,
      retry: { limit: 0, delaySeconds: 1, backoff: false },
    });
    await jobs.schedule('minute-pass', '* * * * *');
    workers.push(jobs);
  }
  await Promise.all(workers.map((jobs) => jobs.start()));
  await until(() => runs.length > 0, 'the first tick');
  // Five more passes of both clocks within the same tick send nothing more.
  await new Promise((resolve) => setTimeout(resolve, 5_000));

  const schema = await bossSchema(databases[0]!);
  const tickJobs = () =>
    databases[0]!.query<{ minute: string; jobs: number }>(
      `SELECT date_trunc('minute', created_on)::text AS minute, count(*)::int AS jobs FROM ${schema}.job WHERE name = 'minute-pass' GROUP BY 1`,
    );
  // A minute that began during the wait sent its tick's job just now: it runs within a poll.
  let ticks = await tickJobs();
  await until(async () => runs.length >= (ticks = await tickJobs()).reduce((sum, tick) => sum + tick.jobs, 0), "every tick's job run");
  // One job per tick (a run that crossed a minute has two ticks, each of one job), each run once.
  expect(ticks.every((tick) => tick.jobs === 1)).toBe(true);
  expect(runs).toHaveLength(ticks.length);
  expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
});

test('a schedule a worker no longer sets stops firing', async () => {
  const database = await openDatabase(environment.config);
  databases.push(database);
  const schema = await bossSchema(database);
  const scheduled = async () => (await database.query<{ name: string }>(`SELECT name FROM ${schema}.schedule`)).map((row) => row.name);
  const kind = { name: 'nightly', handler: async () => undefined, timeoutSeconds: 30, retry: { limit: 0, delaySeconds: 1, backoff: false } };

  const before = createPgBossJobs(database, schema);
  before.define(kind);
  await before.schedule('nightly', '0 0 * * *');
  await before.start();
  expect(await scheduled()).toEqual(['nightly']);
  await before.stop();

  // Restarted with the interval set to 0: the kind is defined, not scheduled.
  const after = createPgBossJobs(database, schema);
  workers.push(after);
  after.define(kind);
  await after.start();
  expect(await scheduled()).toEqual([]);
});

test("a worker of some kinds leaves the other kinds' schedules to the workers of those", async () => {
  const database = await openDatabase(environment.config);
  databases.push(database);
  const schema = await bossSchema(database);
  const scheduled = async () => (await database.query<{ name: string }>(`SELECT name FROM ${schema}.schedule ORDER BY name`)).map((row) => row.name);
  const kind = (name: string) => ({ name, handler: async () => undefined, timeoutSeconds: 30, retry: { limit: 0, delaySeconds: 1, backoff: false } });

  const all = createPgBossJobs(database, schema);
  all.define(kind('nightly'));
  all.define(kind('sbom-like'));
  await all.schedule('nightly', '0 0 * * *');
  await all.start();
  await all.stop();

  // A dedicated worker of the on-demand kind, started without the nightly pass's interval.
  const dedicated = createPgBossJobs(database, schema);
  workers.push(dedicated);
  dedicated.define(kind('nightly'));
  dedicated.define(kind('sbom-like'));
  await dedicated.start(['sbom-like']);
  expect(await scheduled()).toEqual(['nightly']);
});

test('two workers starting at once on a new database both start: the one whose install lost the race starts again', async () => {
  const runs: string[] = [];
  const started: Jobs[] = [];
  for (const worker of ['A', 'B']) {
    const database = await openDatabase(environment.config);
    databases.push(database);
    const jobs = createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 });
    jobs.define({ name: 'note', handler: async () => void runs.push(worker), timeoutSeconds: 30, retry: { limit: 0, delaySeconds: 1, backoff: false } });
    // A pass of its own, as workers of every kind have: its workers start at once (not deferred).
    jobs.define({ name: 'nightly', handler: async () => undefined, timeoutSeconds: 30, retry: { limit: 0, delaySeconds: 1, backoff: false } });
    await jobs.schedule('nightly', '0 0 * * *');
    workers.push(jobs);
    started.push(jobs);
  }
  // Neither has installed pg-boss's schema: both install it at the same moment.
  await Promise.all(started.map((jobs) => jobs.start()));
  for (let index = 0; index < 4; index += 1) await started[index % 2].send('note', {});
  await until(() => runs.length === 4, 'the four jobs run by the two workers');
  expect(runs).toHaveLength(4);
});

describe("a worker with no schedule on a database where pg-boss was never installed (each test's schema)", () => {
  const kind = (runs: string[], worker: string) => ({
    name: 'on-demand',
    handler: async () => void runs.push(worker),
    timeoutSeconds: 30,
    retry: { limit: 0, delaySeconds: 1, backoff: false },
  });

  async function process(): Promise<{ database: Database; jobs: Jobs }> {
    const database = await openDatabase(environment.config);
    databases.push(database);
    const jobs = createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 });
    workers.push(jobs);
    return { database, jobs };
  }

  test('installs nothing as it starts, and starts its workers at its first send', async () => {
    const runs: string[] = [];
    const a = await process();
    a.jobs.define(kind(runs, 'A'));
    await a.jobs.start();
    expect(a.jobs.works('on-demand')).toBe(true);
    expect(await bossInstalled(a.database, await bossSchema(a.database))).toBe(false);
    await a.jobs.send('on-demand', {});
    await until(() => runs.length === 1, 'its job run');
    expect(runs).toEqual(['A']);
  });

  test('starts its workers once another process installed pg-boss, and works the jobs that process sends', async () => {
    const runs: string[] = [];
    const worker = await process();
    worker.jobs.define(kind(runs, 'worker'));
    await worker.jobs.start();
    // An API process (JOB_WORKERS=off): it sends, and works nothing.
    const api = await process();
    api.jobs.define(kind(runs, 'api'));
    await api.jobs.send('on-demand', {});
    await api.jobs.send('on-demand', {});
    await until(() => runs.length === 2, 'the jobs run by the worker');
    expect(runs).toEqual(['worker', 'worker']);
  });
});

test("stop waits for a worker's fetch under way: the job it brought runs, and its outcome is stored, before stop resolves", async () => {
  const database = await openDatabase(environment.config);
  databases.push(database);
  // The fetches of the worker (pg-boss's SELECT … SKIP LOCKED) take a while once `slow` is set.
  let slow = false;
  let fetching: () => void = () => undefined;
  const fetched = new Promise<void>((resolve) => (fetching = resolve));
  let stopped = false;
  const late: string[] = [];
  const slowed: Database = {
    ...database,
    query: async (sql, params, options) => {
      if (stopped) late.push(sql);
      if (slow && /SKIP LOCKED/.test(sql)) {
        fetching();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return database.query(sql, params, options);
    },
  };
  const jobs = createPgBossJobs(slowed, await bossSchema(database), { pollingSeconds: 0.5 });
  workers.push(jobs);
  const runs: number[] = [];
  jobs.define({ name: 'note', handler: async (payload) => void runs.push((payload as { n: number }).n), timeoutSeconds: 30, retry: { limit: 0, delaySeconds: 1, backoff: false } });
  await jobs.start();
  await jobs.send('note', { n: 1 });
  await until(() => runs.length === 1, 'the first job');

  slow = true;
  await jobs.send('note', { n: 2 });
  await fetched;
  await jobs.stop();
  stopped = true;
  expect(runs).toEqual([1, 2]);
  const schema = await bossSchema(database);
  expect(await database.query(`SELECT data->>'n' AS n, state FROM ${schema}.job WHERE name = 'note' ORDER BY data->>'n'`)).toEqual([
    { n: '1', state: 'completed' },
    { n: '2', state: 'completed' },
  ]);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(late).toEqual([]);
});

test('a job whose worker died in its last attempt is a dead letter its kind is told of (pg-boss expiry, through the dead-letter queue)', async () => {
  const database = await openDatabase(environment.config);
  databases.push(database);
  const schema = await bossSchema(database);
  const told: Array<{ payload: object; error: string }> = [];
  const define = (jobs: Jobs) =>
    jobs.define<{ n: number }>({
      name: 'dying',
      handler: async () => undefined,
      onDead: async (payload, error) => void told.push({ payload, error }),
      timeoutSeconds: 1,
      retry: { limit: 0, delaySeconds: 1, backoff: false },
    });
  // A process sends the job; its worker takes it and dies in the middle (the job left active, long started).
  const sender = createPgBossJobs(database, schema, { pollingSeconds: 0.5 });
  workers.push(sender);
  define(sender);
  const id = await sender.send('dying', { n: 7 });
  await database.query(`UPDATE ${schema}.job SET state = 'active', started_on = now() - interval '1 hour' WHERE id = $1`, [id]);

  // Another worker: pg-boss's maintenance fails the job at its expiry — its last attempt — and the kind hears of it.
  const survivor = createPgBossJobs(database, schema, { pollingSeconds: 0.5, maintenanceSeconds: 1 });
  workers.push(survivor);
  define(survivor);
  await survivor.start();
  await until(() => told.length > 0, 'the dead letter told');
  expect(told).toEqual([{ payload: { n: 7 }, error: 'job failed by timeout in active state' }]);
  expect(await survivor.failed('dying')).toEqual([expect.objectContaining({ id, payload: { n: 7 }, error: 'job failed by timeout in active state' })]);
});
