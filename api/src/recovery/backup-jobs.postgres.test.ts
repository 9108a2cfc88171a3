// Backups with two processes on one Postgres server (issue 27), each with its own pool, pg-boss
// worker and recovery: a due schedule's pass run by both at once starts one backup, run once; a
// backup's progress, written to its row by the process that runs it, is what the other answers.
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { createBlobStore } from '../documents/service';
import { manualClock } from '../identity/clock';
import type { Jobs } from '../jobs/index';
import { createPgBossJobs } from '../jobs/pg-boss';
import { bossSchema } from '../jobs/repository';
import { migrate } from '../db/migrate';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import type { BackupProcess } from './archive';
import { findBackup } from './repository';
import { backupOf, createRecovery, type Recovery } from './service';

const clock = manualClock(new Date('2030-05-01T10:00:00Z'));
let environment: TestEnvironment;
const databases: Database[] = [];
const queues: Jobs[] = [];
let alpha: BackupProcess;

beforeAll(async () => {
  environment = await createTestEnvironment();
  const database = await openDatabase(environment.config);
  databases.push(database);
  await migrate(database);
  await createOrganizationCommand(database, ['--name', 'Acme']);
  await createProcessCommand(database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  [alpha] = await database.query<BackupProcess>("SELECT id, organization_id, code_name, name FROM processes WHERE code_name = 'alpha'");
}, 60_000);

afterAll(async () => {
  for (const jobs of queues.splice(0)) await jobs.stop();
  for (const database of databases.splice(0)) await database.close();
  await environment?.cleanup();
});

/** A process of its own: a pool, a pg-boss worker of the backups, and its recovery; `wrap` stands between it and its pool. */
async function startProcess(wrap: (database: Database) => Database = (database) => database): Promise<{ database: Database; recovery: Recovery; jobs: Jobs }> {
  const database = await openDatabase(environment.config);
  databases.push(database);
  const jobs = createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 });
  queues.push(jobs);
  const recovery = createRecovery({
    db: wrap(database),
    jobs,
    config: environment.config,
    blobs: createBlobStore(environment.config.dataDir),
    now: clock.now,
    backups: { progressEveryMs: 0 },
  });
  await jobs.start();
  return { database, recovery, jobs };
}

const backupsOf = async (database: Database, trigger: string) =>
  database.query<{ id: string; status: string }>('SELECT id, status FROM recovery_backups WHERE process_id = $1 AND trigger = $2', [alpha.id, trigger]);

test("a due schedule's pass run by two processes at once starts one backup, run once", async () => {
  const a = await startProcess();
  const b = await startProcess();
  await a.database.query(
    `INSERT INTO recovery_settings (process_id, organization_id, schedule, last_scheduled_at, updated_at) VALUES ($1, $2, '*/30 * * * *', $3, $3)`,
    [alpha.id, alpha.organization_id, new Date(clock.now().getTime() - 60 * 60_000).toISOString()],
  );
  await Promise.all([a.recovery.tick(), b.recovery.tick()]);
  await Promise.all([a.recovery.idle(), b.recovery.idle()]);
  expect(await backupsOf(a.database, 'scheduled')).toEqual([{ id: expect.any(String), status: 'succeeded' }]);
  // The next passes within the same schedule period start nothing more.
  await Promise.all([a.recovery.tick(), b.recovery.tick()]);
  expect(await backupsOf(a.database, 'scheduled')).toHaveLength(1);
});

test('the progress a process writes while it runs a backup is what another process answers', async () => {
  // Process A's outcome of the backup waits: the backup stays running, its progress written.
  let finish: () => void = () => undefined;
  const finishing = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const held = (database: Database): Database => ({
    ...database,
    query: async (sql, params, options) => {
      if (/^\s*UPDATE recovery_backups SET status = \$2/.test(sql)) await finishing;
      return database.query(sql, params, options);
    },
  });
  const a = await startProcess(held);
  const b = await startProcess();
  // Only A works it: B's worker stops.
  await b.jobs.stop();
  const { id } = await a.recovery.start(alpha, 'manual', null);
  await until(async () => ((await findBackup(b.database, alpha.organization_id, alpha.id, id))?.progress ?? 0) > 0, 'the progress written');
  const row = (await findBackup(b.database, alpha.organization_id, alpha.id, id))!;
  expect(b.recovery.progress(id)).toBeNull();
  expect(backupOf(row, b.recovery.progress(id))).toMatchObject({ status: 'running', progress: row.progress });
  expect(row.progress).toBeGreaterThan(0);

  finish();
  await a.recovery.idle();
  expect(backupOf((await findBackup(b.database, alpha.organization_id, alpha.id, id))!, null)).toMatchObject({ status: 'succeeded', progress: null });
});
