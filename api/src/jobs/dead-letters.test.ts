// A dead letter retried or discarded, and the durations of completed jobs (issue 27 item 5), on
// both back ends: in process (always) and pg-boss when DATABASE_URL names a Postgres server.
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { createInProcessJobs } from './in-process';
import { createPgBossJobs } from './pg-boss';
import { bossSchema } from './repository';
import type { Jobs } from './types';

const backends: Array<[string, (database: Database) => Promise<Jobs>]> = [
  ['in process', async () => createInProcessJobs()],
  ...(process.env.DATABASE_URL
    ? [['pg-boss', async (database: Database) => createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 })] as [string, (database: Database) => Promise<Jobs>]]
    : []),
];

const NO_RETRIES = { limit: 0, delaySeconds: 1, backoff: false };
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(backends)('dead letters %s', (_name, create) => {
  let environment: TestEnvironment;
  let database: Database;
  let jobs: Jobs;
  /** The payloads the 'flaky' kind refuses. */
  const refused = new Set<string>();
  const done: string[] = [];

  beforeEach(async () => {
    environment = await createTestEnvironment();
    database = await openDatabase(environment.config);
    jobs = await create(database);
    refused.clear();
    done.splice(0);
    jobs.define({
      name: 'flaky',
      handler: async (payload) => {
        const { build } = payload as { build: string };
        if (refused.has(build)) throw new Error(`build ${build} refused`);
        done.push(build);
      },
      timeoutSeconds: 30,
      retry: NO_RETRIES,
    });
    await jobs.start();
  });

  afterEach(async () => {
    await jobs.stop();
    await database.close();
    await environment.cleanup();
  });

  async function deadLetter(build: string) {
    refused.add(build);
    await jobs.send('flaky', { build });
    await until(async () => (await jobs.failed('flaky')).some((letter) => (letter.payload as { build: string }).build === build), `the dead letter of ${build}`);
    return (await jobs.failed('flaky')).find((letter) => (letter.payload as { build: string }).build === build)!;
  }

  test('a retried dead letter runs again as one more attempt; retried twice, the second finds none', async () => {
    const before = Date.now();
    const letter = await deadLetter('b1');
    expect(letter).toEqual({ id: expect.any(String), payload: { build: 'b1' }, error: 'build b1 refused', attempts: 1, failedAt: expect.any(String) });
    expect(Date.parse(letter.failedAt)).toBeGreaterThanOrEqual(before - 1000);

    refused.delete('b1');
    expect(await jobs.retry('flaky', letter.id)).toBe(true);
    await until(() => done.includes('b1'), 'the retried job');
    expect(await jobs.failed('flaky')).toEqual([]);
    expect(await jobs.retry('flaky', letter.id)).toBe(false);
  });

  test('a dead letter that fails its retry is a dead letter again, its attempts counted', async () => {
    const letter = await deadLetter('b2');
    expect(await jobs.retry('flaky', letter.id)).toBe(true);
    await until(async () => (await jobs.failed('flaky'))[0]?.attempts === 2, 'the second failure');
    expect(await jobs.failed('flaky')).toEqual([expect.objectContaining({ id: letter.id, error: 'build b2 refused', attempts: 2 })]);
  });

  test('a discarded dead letter is gone; an unknown id or kind finds nothing', async () => {
    const letter = await deadLetter('b3');
    expect(await jobs.discard('flaky', UNKNOWN_ID)).toBe(false);
    expect(await jobs.discard('flaky', 'not-a-job')).toBe(false);
    expect(await jobs.retry('unknown-kind', letter.id)).toBe(false);
    expect(await jobs.discard('flaky', letter.id)).toBe(true);
    expect(await jobs.failed('flaky')).toEqual([]);
    expect((await jobs.counts()).find((kind) => kind.name === 'flaky')!.failed).toBe(0);
    expect(await jobs.discard('flaky', letter.id)).toBe(false);
  });

  test('completed jobs of the last hour are counted with their average and longest run', async () => {
    jobs.define({ name: 'idle', handler: async () => undefined, timeoutSeconds: 30, retry: NO_RETRIES });
    await jobs.send('flaky', { build: 'c1' });
    await jobs.send('flaky', { build: 'c2' });
    await until(() => done.length === 2, 'both jobs');
    await until(async () => (await jobs.durations()).find((kind) => kind.name === 'flaky')!.completed === 2, 'both recorded');
    const byName = Object.fromEntries((await jobs.durations()).map((kind) => [kind.name, kind]));
    expect(byName.flaky).toEqual({ name: 'flaky', completed: 2, averageSeconds: expect.any(Number), maxSeconds: expect.any(Number) });
    expect(byName.flaky!.maxSeconds).toBeGreaterThanOrEqual(byName.flaky!.averageSeconds);
    expect(byName.idle).toEqual({ name: 'idle', completed: 0, averageSeconds: 0, maxSeconds: 0 });
  });
});
