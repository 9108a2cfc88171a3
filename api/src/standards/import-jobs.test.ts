// Standard imports as a job (issue 27), on both back ends of the job queue: in process (always) and
// pg-boss when DATABASE_URL names a Postgres server. An import runs as its job; a job run twice
// stores once; an import whose run never ended (its worker died) is imported by the retried job,
// and the run that comes back late stores nothing; an import no job can finish any more is FAILED,
// and one whose job was lost is queued again on ready.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import type { Jobs } from '../jobs/index';
import { gatedDatabase } from '../testing/builds';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import type { ImportTarget } from './import';
import { createImportRunner, IMPORT_JOB, INTERRUPTED, type StandardImportView } from './jobs';
import type { CatalogNode, ParsedCatalog } from './oscal';
import { insertImportJob } from './repository';

/** A second per attempt, retried a second later. */
const TIMING = { timeoutSeconds: 1, retry: { limit: 2, delaySeconds: 1, backoff: false } };
let environment: TestEnvironment;
let app: FastifyInstance;
let processes = 0;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({ config: environment.config, jobWorkers: false });
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

/** A process of its own for each test (imports are per process). */
async function newTarget(): Promise<ImportTarget> {
  processes += 1;
  const code = `std${processes}`;
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', code, '--name', `Standards ${processes}`]);
  const [row] = await app.database.query<{ id: string; organization_id: string }>('SELECT id, organization_id FROM processes WHERE code_name = $1', [code]);
  return { organizationId: row!.organization_id, processId: row!.id, processCode: code, actor: null };
}

/** A catalog of two families of three controls each. */
function catalog(title = 'Tiny catalog'): ParsedCatalog {
  const nodes: CatalogNode[] = [];
  for (const family of ['ac', 'au']) {
    nodes.push({ kind: 'group', source: family, code: family.toUpperCase(), title: `Family ${family}`, description: '', parent: null, position: nodes.length });
    for (let n = 1; n <= 3; n += 1) {
      nodes.push({ kind: 'control', source: `${family}-${n}`, code: `${family.toUpperCase()}-${n}`, title: `Control ${family}-${n}`, description: 'Do it.', parent: family, position: n });
    }
  }
  return { uuid: null, title, version: '1.0', nodes, controls: 6 };
}

/** What the import stored: its requirements, their Add events, and the import's row. */
async function stored(target: ImportTarget, id: string) {
  const [counts] = await app.database.query<{ requirements: number; events: number; standards: number }>(
    `SELECT (SELECT count(*)::int FROM requirements WHERE process_id = $1) AS requirements,
            (SELECT count(*)::int FROM requirement_events WHERE process_id = $1) AS events,
            (SELECT count(*)::int FROM standards WHERE process_id = $1) AS standards`,
    [target.processId],
  );
  const [row] = await app.database.query<{ status: string; created: number; finished_at: string | null; pending: unknown }>(
    'SELECT status, created, finished_at::text, pending FROM standard_imports WHERE id = $1',
    [id],
  );
  return { ...counts!, ...row! };
}

describe.each(JOB_BACKENDS)('standard import jobs %s', (_name, create) => {
  let jobs: Jobs;

  beforeEach(async () => {
    jobs = await create(app.database);
  });

  afterEach(async () => {
    await jobs.stop();
  });

  const ended = (runner: ReturnType<typeof createImportRunner>, target: ImportTarget, id: string) => async () =>
    ((await runner.find(app.database, target.processId, id)) as StandardImportView).status !== 'RUNNING';

  test('an import runs as its job; a job run twice stores once', async () => {
    const runner = createImportRunner(app.database, { jobs, timing: TIMING });
    await jobs.start();
    const target = await newTarget();
    const started = await runner.start(target, catalog());
    expect(started).toMatchObject({ status: 'RUNNING', processed: 0, total: 8 });
    await until(ended(runner, target, started.id), 'the import');
    const first = await stored(target, started.id);
    expect(first).toMatchObject({ status: 'DONE', created: 8, requirements: 8, standards: 1, pending: null });
    expect(first.events).toBeGreaterThan(0);

    // Run again (a repeated send, a worker that died after its commit): the import is DONE, nothing is stored.
    await jobs.send(IMPORT_JOB, { importId: started.id }, { singletonKey: `${started.id}-again` });
    await until(() => kindIdle(jobs, IMPORT_JOB), 'the second run');
    expect(await stored(target, started.id)).toEqual(first);
    expect(await jobs.failed(IMPORT_JOB)).toEqual([]);
  });

  test('an import whose run never ended is imported by the retried job; the run that comes back stores nothing', async () => {
    const gate = gatedDatabase(app.database);
    const runner = createImportRunner(gate.database, { jobs, timing: TIMING });
    await jobs.start();
    const target = await newTarget();
    const parsed = catalog();
    const row = await insertImportJob(app.database, target, parsed.title, parsed.nodes.length, { target: { processCode: target.processCode, actor: null }, catalog: parsed });
    // The first run's transaction waits (its process stopped): the job fails at its timeout, and is retried.
    gate.hold({ untilTransaction: true });
    await jobs.send(IMPORT_JOB, { importId: row.id }, { singletonKey: row.id });
    await until(ended(runner, target, row.id), 'the retried import');
    await until(() => kindIdle(jobs, IMPORT_JOB), 'the retry to end');
    const outcome = await stored(target, row.id);
    expect(outcome).toMatchObject({ status: 'DONE', created: 8, requirements: 8, standards: 1 });

    // The stopped process comes back: its run finds the import DONE.
    await gate.release();
    expect(await stored(target, row.id)).toEqual(outcome);
    expect(await jobs.failed(IMPORT_JOB)).toEqual([]);
  });

  test('an import no job can finish any more is FAILED; one whose job was lost is queued again on ready', async () => {
    const runner = createImportRunner(app.database, { jobs, timing: TIMING });
    const target = await newTarget();
    const parsed = catalog();
    const pending = { target: { processCode: target.processCode, actor: null }, catalog: parsed };
    const stale = await insertImportJob(app.database, target, parsed.title, parsed.nodes.length, pending);
    await app.database.query("UPDATE standard_imports SET started_at = now() - interval '1 day' WHERE id = $1", [stale.id]);
    expect(await runner.find(app.database, target.processId, stale.id)).toMatchObject({ status: 'FAILED', error: INTERRUPTED });

    // Stored, never queued (its process stopped in between): ready queues it — on a shared server
    // once it is a minute old (a live process queues its own at once).
    const lost = await insertImportJob(app.database, target, parsed.title, parsed.nodes.length, pending);
    if (jobs.backend === 'pg-boss') await app.database.query("UPDATE standard_imports SET started_at = now() - interval '2 minutes' WHERE id = $1", [lost.id]);
    await jobs.start();
    await runner.resume();
    await until(ended(runner, target, lost.id), 'the lost import');
    expect(await stored(target, lost.id)).toMatchObject({ status: 'DONE', created: 8, requirements: 8 });
  });
});
