// SBOM processing as a job (issue 27), on both back ends of the job queue: in process (always) and
// pg-boss when DATABASE_URL names a Postgres server. A build's job run twice stores its findings
// once; a build left PROCESSING by a process that stopped in the middle is finished by the retried
// job, once its ingestion timeout has passed. Two processes on one server: build-jobs.postgres.test.ts.
import { createInProcessJobs } from '../jobs/in-process';
import type { Jobs } from '../jobs/index';
import { buildOutcome, buildWorld, gatedDatabase, type BuildWorld } from '../testing/builds';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { BUILD_JOB, buildJobTiming, defineBuildJobs } from './build-jobs';


let environment: TestEnvironment;
let world: BuildWorld;

beforeAll(async () => {
  environment = await createTestEnvironment();
  world = await buildWorld(environment);
}, 60_000);

afterAll(async () => {
  await world?.app.close();
  await environment?.cleanup();
});

const done = (status: string) => status === 'DONE' || status === 'FAILED';

describe.each(JOB_BACKENDS)('SBOM processing jobs %s', (_name, create) => {
  let jobs: Jobs;

  beforeEach(async () => {
    jobs = await create(world.app.database);
  });

  afterEach(async () => {
    await jobs.stop();
  });

  const idle = () => kindIdle(jobs, BUILD_JOB);

  test('a build job run twice stores its findings once', async () => {
    const builds = defineBuildJobs(jobs, world.context());
    await jobs.start();
    const build = await world.store();
    await builds.send(build.id, build.components);
    await until(async () => done((await buildOutcome(world.app.database, build.id)).status), 'the build processed');
    const first = await buildOutcome(world.app.database, build.id);
    expect(first).toEqual(expect.objectContaining({ status: 'DONE', events: ['PROCESSING', 'DONE'] }));
    expect(first.findings).toBeGreaterThan(0);

    // Run again (a worker that died after its commit, a duplicate send): the build is DONE, nothing is claimed.
    await jobs.send(BUILD_JOB, { buildId: build.id });
    await until(idle, 'the second run');
    expect(await buildOutcome(world.app.database, build.id)).toEqual(first);
    expect(await jobs.failed(BUILD_JOB)).toEqual([]);
  });

  test('a build left PROCESSING by a process stopped in the middle is finished by the retried job', async () => {
    const gate = gatedDatabase(world.app.database);
    let claims = 0;
    // An ingestion timeout of a second: the job fails a second later, and is retried.
    const timeoutMs = 1000;
    expect(buildJobTiming(timeoutMs)).toEqual({ timeoutSeconds: 2, retry: { limit: 2, delaySeconds: 1, backoff: true } });
    const builds = defineBuildJobs(
      jobs,
      world.context(gate.database, {
        timeoutMs,
        // Told after each claim: after the first, the process stops reaching its database —
        // neither its findings nor its failure at the timeout are written.
        notify: () => {
          claims += 1;
          if (claims === 1) gate.hold({ untilTransaction: true });
        },
      }),
    );
    await jobs.start();
    const build = await world.store();
    await builds.send(build.id, build.components);
    await until(async () => done((await buildOutcome(world.app.database, build.id)).status), 'the build processed by the retry');
    // The stopped process comes back: what it does late stores nothing (its claim was taken over).
    await gate.release();

    const outcome = await buildOutcome(world.app.database, build.id);
    expect(outcome).toEqual(expect.objectContaining({ status: 'DONE', events: ['PROCESSING', 'PROCESSING', 'DONE'] }));
    expect(outcome.findings).toBeGreaterThan(0);
    expect(outcome.findings).toBe(outcome.distinct_findings);
    expect(await jobs.failed(BUILD_JOB)).toEqual([]);
  });
});

test('in process, the ready of the one process that holds the database sends again every build it left unfinished', async () => {
  const jobs = createInProcessJobs();
  const builds = defineBuildJobs(jobs, world.context());
  const stopped = await world.store();
  await world.app.database.query(`UPDATE application_builds SET status = 'PROCESSING', started_at = now() WHERE id = $1`, [stopped.id]);
  const pending = await world.store();
  try {
    await jobs.start();
    await builds.resume();
    for (const build of [stopped, pending]) {
      await until(async () => done((await buildOutcome(world.app.database, build.id)).status), 'the builds processed');
      expect(await buildOutcome(world.app.database, build.id)).toEqual(expect.objectContaining({ status: 'DONE', events: ['PROCESSING', 'DONE'] }));
    }
  } finally {
    await jobs.stop();
  }
});
