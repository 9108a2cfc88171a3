// `npm run portal -- worker` on a Postgres server (issue 27 item 2): the app's job workers run
// without HTTP — the due-date pass, a scheduled job, runs in the worker — and stop on a signal.
import { NO_BROKER_WARNING, runWorker } from './worker';
import { openDatabase } from '../db/open';
import { bossSchema } from '../jobs/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';

let environment: TestEnvironment;

beforeEach(async () => {
  environment = await createTestEnvironment();
});

afterEach(async () => {
  await environment.cleanup();
});

test('the worker command runs the scheduled passes without HTTP until it is stopped', async () => {
  const output: string[] = [];
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  // The schedules' clock looks every second (pg-boss: every 30 s) so that the first tick comes soon.
  const worker = runWorker(environment.config, (line) => output.push(line), () => stopped, { cronSeconds: 1, pollingSeconds: 0.5 });

  const database = await openDatabase(environment.config);
  try {
    await until(() => output.some((line) => line.startsWith('job workers running')), 'the worker to start');
    // The test's config names no broker: the worker says where its live events go.
    // Its heap limit first (jest's process was not started with WORKER_MAX_HEAP_MB's: cli/worker-heap.test.ts).
    expect(output[0]).toMatch(/^worker: heap limit \d+ MB \(WORKER_MAX_HEAP_MB=768\)$/);
    expect(output.filter((line) => !line.startsWith('worker: heap') && !line.startsWith('worker: started without'))).toEqual([
      NO_BROKER_WARNING,
      'job workers running (pg-boss), no HTTP; stop with Ctrl+C or SIGTERM',
    ]);
    const schema = await bossSchema(database);
    // The due-date pass is scheduled every minute: its first tick's job is run by this worker.
    await until(
      async () => (await database.query(`SELECT 1 FROM ${schema}.job WHERE name = 'due-dates' AND state = 'completed'`)).length > 0,
      'the due-date pass',
    );
    const schedules = await database.query<{ name: string }>(`SELECT name FROM ${schema}.schedule ORDER BY name`);
    expect(schedules.map((row) => row.name)).toEqual(expect.arrayContaining(['cloud-syncs', 'document-reviews', 'due-dates']));
  } finally {
    stop();
    await database.close();
  }
  expect(await worker).toBe(0);
  expect(output.at(-1)).toBe('stopping: waiting for the jobs running');
});
