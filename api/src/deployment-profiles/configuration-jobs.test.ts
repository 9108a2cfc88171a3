// RBOM computation as a job (issue 27), on both back ends of the job queue: in process (always) and
// pg-boss when DATABASE_URL names a Postgres server. A request waits a moment for the job and
// answers what it computed; a job run again for a computed version stores nothing; a failure is
// recorded; a job no process runs leaves the request PENDING after its wait.
import type { Database } from '../db/database';
import type { Jobs } from '../jobs/index';
import { processBuild } from '../sbom/processing';
import { buildWorld, type BuildWorld } from '../testing/builds';
import { JOB_BACKENDS, kindIdle } from '../testing/jobs';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { COMPUTE_FAILED, ensureConfiguration } from './configuration';
import { CONFIGURATION_JOB, defineConfigurationJobs } from './configuration-jobs';
import { findConfiguration, findProfileById, insertProfile, type ProfileRow } from './repository';


let environment: TestEnvironment;
let world: BuildWorld;
let buildId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  world = await buildWorld(environment);
  const build = await world.store();
  await processBuild(world.context(), build.id);
  buildId = build.id;
}, 60_000);

afterAll(async () => {
  await world?.app.close();
  await environment?.cleanup();
});

let profiles = 0;

/** A new profile of 'web' with the processed build attached (named apart: each back end makes its own). */
async function newProfile(kind: string): Promise<ProfileRow> {
  profiles += 1;
  const name = `${kind} ${profiles}`;
  const [owner] = await world.app.database.query<{ organization_id: string; process_id: string; application_id: string; user_id: string }>(
    `SELECT a.organization_id, a.process_id, a.id AS application_id, (SELECT id FROM users WHERE login_id = 'olga') AS user_id FROM applications a WHERE a.id = $1`,
    [world.applicationId],
  );
  const id = await insertProfile(world.app.database, owner!, { name, environment: 'prod', description: null, build_id: buildId, exclude: [], include_types: [] }, owner!.user_id);
  return (await findProfileById(world.app.database, id))!;
}

/** The database, unable to read a build's components: computing an RBOM fails. */
function withoutComponents(database: Database): Database {
  const refuse = (sql: string) => (sql.includes('sbom_components') ? Promise.reject(new Error('the components cannot be read')) : undefined);
  return { ...database, query: (sql, params, options) => refuse(sql) ?? database.query(sql, params, options) };
}

describe.each(JOB_BACKENDS)('RBOM computation jobs %s', (_name, create) => {
  let jobs: Jobs;

  beforeEach(async () => {
    jobs = await create(world.app.database);
  });

  afterEach(async () => {
    await jobs.stop();
  });

  const idle = () => kindIdle(jobs, CONFIGURATION_JOB);

  test('a request waits for the job and answers the configuration it computed; run again, it stores nothing', async () => {
    const configurations = defineConfigurationJobs(jobs, world.app.database, world.app.log);
    await jobs.start();
    const profile = await newProfile('Production');
    const answered = await ensureConfiguration(world.app.database, configurations, profile);
    expect(answered).toEqual(expect.objectContaining({ status: 'READY', profile_version: 1, build_id: buildId, message: null }));
    expect(answered.positions.length).toBeGreaterThan(0);

    await jobs.send(CONFIGURATION_JOB, { profileId: profile.id, version: profile.version });
    await until(idle, 'the second run');
    expect(await findConfiguration(world.app.database, profile.id)).toEqual(answered);
    expect(await jobs.failed(CONFIGURATION_JOB)).toEqual([]);
  });

  test('a computation that fails is recorded as failed, and kept as a dead letter', async () => {
    const configurations = defineConfigurationJobs(jobs, withoutComponents(world.app.database), world.app.log);
    await jobs.start();
    const profile = await newProfile('Failing');
    await ensureConfiguration(world.app.database, configurations, profile);
    await until(async () => (await findConfiguration(world.app.database, profile.id))?.status === 'FAILED', 'the failure recorded');
    expect(await findConfiguration(world.app.database, profile.id)).toEqual(expect.objectContaining({ status: 'FAILED', message: COMPUTE_FAILED }));
    await until(async () => (await jobs.failed(CONFIGURATION_JOB)).length > 0, 'the dead letter');
    expect((await jobs.failed(CONFIGURATION_JOB))[0]).toEqual(expect.objectContaining({ payload: { profileId: profile.id, version: 1 }, error: 'the components cannot be read' }));
  });

  test('a request whose job no process runs answers PENDING after its wait', async () => {
    const configurations = defineConfigurationJobs(jobs, world.app.database, world.app.log);
    const profile = await newProfile('Waiting');
    expect(await ensureConfiguration(world.app.database, configurations, profile)).toEqual(expect.objectContaining({ status: 'PENDING', message: null }));
  });
});
