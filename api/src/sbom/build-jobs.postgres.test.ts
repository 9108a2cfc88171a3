// SBOM processing jobs with two processes on one Postgres server (issue 27 item 1), each with its
// own pool and its own pg-boss worker: a process that starts while another processes a build
// leaves that build alone — it sends the jobs of the builds that have none, no more.
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import type { Jobs } from '../jobs/index';
import { createPgBossJobs } from '../jobs/pg-boss';
import { bossSchema } from '../jobs/repository';
import { buildOutcome, buildWorld, gatedDatabase, type BuildWorld } from '../testing/builds';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { until } from '../testing/until';
import { BUILD_JOB, defineBuildJobs } from './build-jobs';

let environment: TestEnvironment;
let world: BuildWorld;
const databases: Database[] = [];
const processes: Jobs[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment();
  world = await buildWorld(environment);
}, 60_000);

afterAll(async () => {
  for (const jobs of processes.splice(0)) await jobs.stop();
  for (const database of databases.splice(0)) await database.close();
  await world?.app.close();
  await environment?.cleanup();
});

/** A process of its own: a pool and a pg-boss worker of SBOM processing. */
async function startProcess(): Promise<{ database: Database; jobs: Jobs }> {
  const database = await openDatabase(environment.config);
  databases.push(database);
  const jobs = createPgBossJobs(database, await bossSchema(database), { pollingSeconds: 0.5 });
  processes.push(jobs);
  return { database, jobs };
}

test("a live PROCESSING build is not touched by a second process's ready", async () => {
  // Process A claims a build and is slow: its calls after the claim wait.
  const a = await startProcess();
  const gate = gatedDatabase(a.database);
  let claimed = false;
  const notify = () => {
    if (claimed) return;
    claimed = true;
    gate.hold();
  };
  const buildsA = defineBuildJobs(a.jobs, world.context(gate.database, { notify }));
  await a.jobs.start();
  const live = await world.store();
  await buildsA.send(live.id, live.components);
  await until(() => claimed, 'process A to claim the build');
  const before = await buildOutcome(world.app.database, live.id);
  expect(before).toEqual(expect.objectContaining({ status: 'PROCESSING', events: ['PROCESSING'] }));

  // A build stored and left without a job (its upload's process stopped before sending it).
  const orphan = await world.store();

  // Process B starts: its ready sends the orphan's job, and none for A's build.
  const b = await startProcess();
  const buildsB = defineBuildJobs(b.jobs, world.context(b.database));
  await b.jobs.start();
  await buildsB.resume();
  await until(async () => (await buildOutcome(world.app.database, orphan.id)).status === 'DONE', "the orphan build processed by B's job");
  expect(await buildOutcome(world.app.database, live.id)).toEqual(before);
  const schema = await bossSchema(world.app.database);
  const jobsOf = async (buildId: string) =>
    (await world.app.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.job WHERE name = $1 AND data->>'buildId' = $2`, [BUILD_JOB, buildId]))[0]!.n;
  expect(await jobsOf(live.id)).toBe(1);

  // A goes on: its build is done, once.
  await gate.release();
  await until(async () => (await buildOutcome(world.app.database, live.id)).status === 'DONE', "A's build done");
  const outcome = await buildOutcome(world.app.database, live.id);
  expect(outcome).toEqual(expect.objectContaining({ status: 'DONE', events: ['PROCESSING', 'DONE'] }));
  expect(outcome.findings).toBe(outcome.distinct_findings);
});
