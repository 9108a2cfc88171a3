// The command line's advisory imports queue continuous monitoring as the API's do (issue 27): the
// import run is a row once the import committed, its job sent to the queue — on Postgres it waits
// in pg-boss's queue for a worker, which runs it; on the embedded database the command's process is
// the only one, and the API's next ready runs it. Runs on the back end of the test pass.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_COMMANDS } from '../cli';
import { gatedDatabase } from '../testing/builds';
import { bossSchema } from '../jobs/repository';
import { JOB_BACKENDS } from '../testing/jobs';
import { LODASH_ADVISORY, monitoredApps, monitoringSuite, runOutcome } from '../testing/monitoring';
import { until } from '../testing/until';
import { defineMonitoringJobs, RUN_JOB } from './run-jobs';
import { findRun } from './runs.repository';

const { environment, world } = monitoringSuite();

test('import-advisories queues the monitoring run of what it imported, which a worker runs', async () => {
  const builds = await monitoredApps(world, 'cli', 2);
  await world.app.database.query('DELETE FROM build_findings WHERE build_id = ANY($1::uuid[]) AND vulnerability_id = $2', [builds, LODASH_ADVISORY]);
  await world.app.database.query('DELETE FROM vulnerabilities WHERE id = $1', [LODASH_ADVISORY]);
  const file = path.join(environment.dir, `${LODASH_ADVISORY}.json`);
  await writeFile(file, readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', `${LODASH_ADVISORY}.json`)));

  // The command's own handle on the database: the world app's monitoring does not hear of it.
  const { code, lines } = await DATABASE_COMMANDS['import-advisories']!.run(gatedDatabase(world.app.database).database, [file]);
  expect({ code, lines }).toEqual({ code: 0, lines: [expect.stringMatching(/^1 advisor/)] });

  const runs = await world.app.database.query<{ id: string }>("SELECT id FROM monitoring_runs WHERE source = 'advisory-import' AND status = 'QUEUED' AND $1 = ANY(advisories)", [
    LODASH_ADVISORY,
  ]);
  expect(runs).toHaveLength(1);
  const runId = runs[0]!.id;
  if (world.app.jobs.backend === 'pg-boss') {
    // Its job waits for a worker (the world app works none).
    const schema = await bossSchema(world.app.database);
    const waiting = await world.app.database.query(`SELECT 1 FROM ${schema}.job WHERE name = $1 AND state = 'created' AND data->>'runId' = $2`, [RUN_JOB, runId]);
    expect(waiting).toHaveLength(1);
  }

  // A worker of the pass's back end: pg-boss takes the job waiting; in process, its ready starts the run left.
  const [, create] = JOB_BACKENDS.at(-1)!;
  const jobs = await create(world.app.database);
  try {
    const monitoring = defineMonitoringJobs(jobs, { database: world.app.database, log: world.app.log, notify: () => undefined });
    await jobs.start();
    if (jobs.backend === 'in-process') await monitoring.resume();
    await until(async () => (await findRun(world.app.database, runId))?.status === 'DONE', 'the run done');
    expect(await runOutcome(world.app.database, runId)).toMatchObject({ status: 'DONE', events: 2, distinct_events: 2, notifications: 2 });
  } finally {
    await jobs.stop();
  }
});
