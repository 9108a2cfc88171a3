// Backups as jobs (issue 27), on both back ends of the job queue: in process (always) and pg-boss
// when DATABASE_URL names a Postgres server. A backup runs as its job; a job run twice backs up
// once; one backup of a process at a time; a backup whose run died is run again by the next run
// (on a shared server once its run has been silent for BACKUP_STALE_SECONDS, on the embedded
// database by the ready of its one process), and one no run will finish is failed and no longer
// blocks the next. Two processes on one server: backup-jobs.postgres.test.ts.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { createBlobStore } from '../documents/service';
import { manualClock } from '../identity/clock';
import type { Jobs } from '../jobs/index';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { BACKUP_JOB } from './backup-jobs';
import { ABANDONED, claimBackup } from './repository';
import { createRecovery, type Recovery } from './service';
import type { BackupProcess } from './archive';

const clock = manualClock(new Date('2030-05-01T10:00:00Z'));
const TIMING = { timeoutSeconds: 5, retry: { limit: 1, delaySeconds: 1, backoff: false } };
let environment: TestEnvironment;
let app: FastifyInstance;
let processes = 0;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({ config: environment.config, jobWorkers: false, now: clock.now });
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

async function newProcess(): Promise<BackupProcess> {
  processes += 1;
  const code = `dr${processes}`;
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', code, '--name', `Recovery ${processes}`]);
  const [row] = await app.database.query<BackupProcess>('SELECT id, organization_id, code_name, name FROM processes WHERE code_name = $1', [code]);
  return row!;
}

interface Outcome {
  status: string;
  sha256: string | null;
  finished_at: string | null;
  error: string | null;
}

const outcome = async (id: string): Promise<Outcome> =>
  (await app.database.query<Outcome>('SELECT status, sha256, finished_at::text, error FROM recovery_backups WHERE id = $1', [id]))[0]!;

describe.each(JOB_BACKENDS)('backup jobs %s', (_name, create) => {
  let jobs: Jobs;
  let recovery: Recovery;

  beforeEach(async () => {
    jobs = await create(app.database);
    recovery = createRecovery({ db: app.database, jobs, config: app.config, blobs: createBlobStore(app.config.dataDir), now: clock.now, backups: { timing: TIMING } });
  });

  afterEach(async () => {
    await jobs.stop();
  });

  test('a backup runs as its job; a job run twice backs up once; one backup of a process at a time', async () => {
    const process = await newProcess();
    const { id } = await recovery.start(process, 'manual', null);
    // Not worked yet: the process's next backup waits for this one.
    await expect(recovery.start(process, 'manual', null)).rejects.toMatchObject({ status: 409 });
    await jobs.start();
    await recovery.idle();
    const first = await outcome(id);
    expect(first).toMatchObject({ status: 'succeeded', error: null });
    expect(first.sha256).toMatch(/^[0-9a-f]{64}$/);

    // Run again (a repeated send, a worker that died after its commit): the backup ended, nothing is written.
    await jobs.send(BACKUP_JOB, { backupId: id }, { singletonKey: `${id}-again` });
    await until(() => kindIdle(jobs, BACKUP_JOB), 'the second run');
    expect(await outcome(id)).toEqual(first);
    expect(await app.database.query('SELECT id FROM recovery_backups WHERE process_id = $1', [process.id])).toHaveLength(1);
    expect(await jobs.failed(BACKUP_JOB)).toEqual([]);
  });

  test('a backup whose run died is run again by the next run', async () => {
    const process = await newProcess();
    const { id } = await recovery.start(process, 'manual', null);
    // A run claimed it and died before writing anything.
    expect(await claimBackup(app.database, id)).toBeDefined();
    await jobs.start();
    if (jobs.backend === 'pg-boss') {
      // On a shared server the job's retry takes it once the dead run has been silent long enough.
      await app.database.query("UPDATE recovery_backups SET beat_at = now() - interval '3 minutes' WHERE id = $1", [id]);
      await jobs.send(BACKUP_JOB, { backupId: id }, { singletonKey: `${id}-retry` });
    } else {
      // The embedded database's one process: its ready runs what it left running.
      await recovery.resume();
    }
    await until(async () => (await outcome(id)).status !== 'running', 'the backup run again');
    expect(await outcome(id)).toMatchObject({ status: 'succeeded', error: null });
  });

  test('a backup no run will finish is failed, and no longer blocks the next backup of its process', async () => {
    const process = await newProcess();
    const { id } = await recovery.start(process, 'manual', null);
    if (jobs.backend === 'pg-boss') {
      // Claimed by a run silent for minutes: its worker died.
      await claimBackup(app.database, id);
      await app.database.query("UPDATE recovery_backups SET beat_at = now() - interval '3 minutes' WHERE id = $1", [id]);
    } else {
      // Never taken by a worker, for longer than its job can live.
      await app.database.query("UPDATE recovery_backups SET started_at = started_at - interval '1 day' WHERE id = $1", [id]);
    }
    const next = await recovery.start(process, 'manual', null);
    expect(await outcome(id)).toMatchObject({ status: 'failed', error: ABANDONED });
    // The failed one's job, when it runs, finds it ended.
    await jobs.start();
    await recovery.idle();
    expect(await outcome(id)).toMatchObject({ status: 'failed', error: ABANDONED });
    expect(await outcome(next.id)).toMatchObject({ status: 'succeeded' });
  });
});
