// What the tests of continuous monitoring's runs share (monitoring/cli-imports, import-runs,
// import-scan, rescan-runs, run-failures, run-jobs*.test.ts): a suite's SBOM processing world
// (testing/builds.ts) with its own run gone, monitored apps of Acme's process 'alpha', each with a
// processed build of the test SBOM (lodash 4.17.15 in it), and the advisories imported without
// the app's own monitoring hearing of it — the tests queue and run the runs with jobs of their own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/database';
import { systemClock } from '../identity/clock';
import { processBuild } from '../sbom/processing';
import { AdvisoryImporter } from '../vulnerabilities/sources';
import { buildWorld, gatedDatabase, type BuildWorld } from './builds';
import { likeTheApiClient, type SessionCookie } from './identity';
import { createTestEnvironment, type TestEnvironment } from './test-environment';
import { until } from './until';
import { authenticate } from './users';

export interface MonitoringSuite {
  environment: TestEnvironment;
  world: BuildWorld;
  /** Acme's process 'alpha', the scope of a rescan's run. */
  scope: { organizationId: string; processId: string };
  /** olga (Acme's ORG_ADMIN) signed in, with `olga: true`. */
  olga: SessionCookie;
}

export interface MonitoringSuiteOptions {
  /** The app's calls sent as the API client sends them, and olga signed in. */
  olga?: boolean;
  /** Test advisories imported quietly (`importQuietly`) once the world's run is gone. */
  advisories?: string[];
  /** The suite's own set-up, last. */
  setUp?: () => Promise<void>;
  /**
   * What the suite started itself (workers, pools) ended, before the world closes — here, not in
   * an afterAll of the suite's: jest runs afterAll hooks in the order declared, this one's first.
   */
  tearDown?: () => Promise<void>;
}

/**
 * The suite's world, opened in its beforeAll and closed in its afterAll. What it answers is filled
 * in by the beforeAll: take it when the suite is declared (`const { world } = monitoringSuite()`),
 * read it in the tests.
 */
export function monitoringSuite(options: MonitoringSuiteOptions = {}): MonitoringSuite {
  const suite = { environment: {}, world: {}, scope: {}, olga: {} } as MonitoringSuite;
  beforeAll(async () => {
    Object.assign(suite.environment, await createTestEnvironment());
    const { world } = suite;
    Object.assign(world, await buildWorld(suite.environment));
    if (options.olga) likeTheApiClient(world.app);
    await forgetWorldRun(world);
    for (const id of options.advisories ?? []) await importQuietly(world, id);
    if (options.olga) Object.assign(suite.olga, await authenticate(world.app, 'olga', systemClock));
    const [process] = await world.app.database.query<{ id: string; organization_id: string }>("SELECT id, organization_id FROM processes WHERE code_name = 'alpha'");
    Object.assign(suite.scope, { organizationId: process!.organization_id, processId: process!.id });
    await options.setUp?.();
  }, 60_000);
  afterAll(async () => {
    await options.tearDown?.();
    await suite.world.app?.close();
    await suite.environment.cleanup?.();
  });
  return suite;
}

/** lodash's CVE-2020-8203: the test SBOM's lodash 4.17.15 is affected, and its processing did not know it. */
export const LODASH_ADVISORY = 'GHSA-p6mc-m468-83gw';

/** Adds `count` apps with monitoring on (and one with it off), each with a processed build; resolves to their build ids. */
export async function monitoredApps(world: BuildWorld, prefix: string, count: number): Promise<string[]> {
  const builds: string[] = [];
  for (let index = 0; index <= count; index += 1) {
    const monitored = index < count;
    const [{ id }] = await world.app.database.query<{ id: string }>(
      `INSERT INTO applications (organization_id, process_id, app_key, name, enable_continuous_monitoring)
       SELECT organization_id, id, $1, $1, $2 FROM processes WHERE code_name = 'alpha' RETURNING id`,
      [`${prefix}-${index}`, monitored],
    );
    const build = await world.store();
    await world.app.database.query('UPDATE application_builds SET application_id = $1 WHERE id = $2', [id, build.id]);
    await processBuild(world.context(), build.id, build.components);
    if (monitored) builds.push(build.id);
  }
  return builds;
}

/**
 * The world's advisory import queued a run through the world app's monitoring, whose app works no
 * job (its job waits in the queue, on Postgres where the tests' workers would take it): gone once
 * queued, so that the tests' runs are the only ones.
 */
export async function forgetWorldRun(world: BuildWorld): Promise<void> {
  await until(async () => (await world.app.database.query('SELECT 1 FROM monitoring_runs')).length > 0, "the world's import run");
  await world.app.database.query('DELETE FROM monitoring_runs');
}

/** Imports the test advisory `id` through a handle the app's own monitoring does not listen to. */
export async function importQuietly(world: BuildWorld, id: string): Promise<void> {
  const importer = new AdvisoryImporter(gatedDatabase(world.app.database).database);
  await importer.add(JSON.parse(readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', `${id}.json`), 'utf8')));
  await importer.flush();
}

export interface RunOutcome {
  status: string;
  builds: number;
  done: number;
  scanned: number;
  /** Events the run raised, and distinct (build, component, advisory, type) among them: equal when stored once. */
  events: number;
  distinct_events: number;
  /** Findings of the run's builds, and distinct (build, component, advisory) among them. */
  findings: number;
  distinct_findings: number;
  /** Portal notifications of New Vulnerability (outbox rows to notifications#<user>) written since the run was queued. */
  notifications: number;
}

export async function runOutcome(db: Queryable, runId: string): Promise<RunOutcome> {
  const [row] = await db.query<RunOutcome>(
    `SELECT r.status,
            (SELECT count(*)::int FROM monitoring_run_builds b WHERE b.run_id = r.id) AS builds,
            (SELECT count(*)::int FROM monitoring_run_builds b WHERE b.run_id = r.id AND b.done) AS done,
            (SELECT count(*)::int FROM monitoring_run_builds b WHERE b.run_id = r.id AND b.scanned) AS scanned,
            (SELECT count(*)::int FROM monitoring_events e WHERE e.run_id = r.id) AS events,
            (SELECT count(DISTINCT (e.build_id, e.position, e.vulnerability_id, e.type))::int FROM monitoring_events e WHERE e.run_id = r.id) AS distinct_events,
            (SELECT count(*)::int FROM build_findings f JOIN monitoring_run_builds b ON b.build_id = f.build_id AND b.run_id = r.id) AS findings,
            (SELECT count(DISTINCT (f.build_id, f.position, f.vulnerability_id))::int FROM build_findings f
               JOIN monitoring_run_builds b ON b.build_id = f.build_id AND b.run_id = r.id) AS distinct_findings,
            (SELECT count(*)::int FROM outbox o WHERE o.destination LIKE 'notifications#%' AND o.body->>'title' = 'New Vulnerability'
                AND o.created_at >= r.created_at) AS notifications
       FROM monitoring_runs r WHERE r.id = $1`,
    [runId],
  );
  return row!;
}
