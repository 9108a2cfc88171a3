// The ingestion timeout of the release notes (15 minutes, spec 9): a build not processed in time
// fails with its reason, the Import SBOM event says so, and the late processing leaves nothing.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../db/database';
import { buildWorld, followUps, testSbom } from '../testing/builds';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { parseSbom } from './parse';
import { INGESTION_TIMEOUT_MS, processBuild, TIMED_OUT } from './processing';
import { storeBuild } from './store.repository';

let environment: TestEnvironment;
let app: FastifyInstance;
let applicationId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  ({ app, applicationId } = await buildWorld(environment));
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

/** The same database, each statement 20 ms late: processing outlasts a short deadline. */
function slow(database: Database): Database {
  const late = <T>(work: () => Promise<T>) => new Promise<void>((resolve) => setTimeout(resolve, 20)).then(work);
  const slowed = (target: Queryable): Queryable => ({
    query: (sql, params) => late(() => target.query(sql, params)),
    exec: (sql) => late(() => target.exec(sql)),
  });
  return { ...database, ...slowed(database), transaction: (fn) => database.transaction((tx) => fn(slowed(tx))), close: () => database.close() };
}

const sbom = testSbom;

it('is the 15 minutes of the release notes', () => {
  expect(INGESTION_TIMEOUT_MS).toBe(15 * 60 * 1000);
});

it('fails a build not processed in time, says why, and keeps nothing of the late processing', async () => {
  const build = await storeBuild(app.database, applicationId, sbom(), { userId: null, serviceModuleId: null });
  await processBuild({ database: slow(app.database), followUps, log: app.log, notify: () => undefined, timeoutMs: 50 }, build.id);
  const [failed] = await app.database.query<{ status: string; error: string }>('SELECT status, error FROM application_builds WHERE id = $1', [build.id]);
  expect(failed).toEqual({ status: 'FAILED', error: TIMED_OUT });
  // The processing that went on after the deadline ends in a rollback.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const [left] = await app.database.query<{ findings: number; alerts: number }>(
    `SELECT (SELECT count(*)::int FROM build_findings WHERE build_id = $1) AS findings,
            (SELECT count(*)::int FROM license_risk_alerts WHERE build_id = $1) AS alerts`,
    [build.id],
  );
  expect(left).toEqual({ findings: 0, alerts: 0 });
  const events = await app.database.query<{ body: { type: string; data: Record<string, unknown> } }>(
    `SELECT body FROM outbox WHERE body->>'type' = 'Import SBOM' AND body->'data'->>'id' = $1 ORDER BY seq`,
    [build.id],
  );
  // Told to olga (the organization's admin, the one who may view the app): claimed, then failed.
  expect(events.map((event) => event.body.data)).toEqual([
    expect.objectContaining({ status: 'PROCESSING', app_key: 'web' }),
    expect.objectContaining({ status: 'FAILED', error: TIMED_OUT, app_key: 'web' }),
  ]);
});

it('places the tree of a build stored unplaced (by an older version) when it processes it', async () => {
  const build = await storeBuild(app.database, applicationId, sbom(), { userId: null, serviceModuleId: null });
  const placed = await app.database.query('SELECT bom_ref, parent, level FROM sbom_components WHERE build_id = $1 ORDER BY position', [build.id]);
  expect(placed).toContainEqual({ bom_ref: 'pkg:npm/body-parser@1.19.0', parent: 1, level: 2 });
  await app.database.query('UPDATE sbom_components SET parent = NULL, level = NULL WHERE build_id = $1', [build.id]);
  await processBuild({ database: app.database, followUps, log: app.log, notify: () => undefined }, build.id);
  expect(await app.database.query('SELECT bom_ref, parent, level FROM sbom_components WHERE build_id = $1 ORDER BY position', [build.id])).toEqual(placed);
});

it('processes the same build to DONE within the time, with its findings', async () => {
  const build = await storeBuild(app.database, applicationId, sbom(), { userId: null, serviceModuleId: null });
  await processBuild({ database: app.database, followUps, log: app.log, notify: () => undefined }, build.id);
  const [done] = await app.database.query<{ status: string; vulnerability_count: number }>('SELECT status, vulnerability_count FROM application_builds WHERE id = $1', [build.id]);
  expect(done.status).toBe('DONE');
  expect(done.vulnerability_count).toBeGreaterThan(0);
});

describe('what an upload hands over to processing', () => {
  const testdata = (file: string) => {
    const bytes = readFileSync(path.join(__dirname, 'testdata', file));
    return parseSbom(file.endsWith('.gz') ? gunzipSync(bytes) : bytes);
  };

  it.each(['cyclonedx-1.6.bom.xml', 'dropwizard-1.3.15.bom.json.gz', 'laravel-7.12.0.bom.1.4.json.gz', 'spdx-2.3.json'])(
    'is what processing would read back of %s',
    async (file) => {
      const build = await storeBuild(app.database, applicationId, testdata(file), { userId: null, serviceModuleId: null });
      const [stored] = await app.database.query<{ positions: number[]; purls: string[] }>(
        `SELECT coalesce(array_agg(position ORDER BY position), '{}') AS positions, coalesce(array_agg(purl ORDER BY position), '{}') AS purls
           FROM sbom_components WHERE build_id = $1 AND purl IS NOT NULL`,
        [build.id],
      );
      const declarations = await app.database.query<{ declared: string }>(
        'SELECT DISTINCT array_to_string(licenses, chr(31)) AS declared FROM sbom_components WHERE build_id = $1',
        [build.id],
      );
      expect(build.components.positions).toEqual(stored.positions);
      expect(build.components.purls).toEqual(stored.purls);
      expect(build.components.purls.length).toBeGreaterThan(0);
      expect([...build.components.declarations].sort()).toEqual(declarations.map((row) => row.declared).sort());
    },
  );

  it('gives the findings and license alerts that reading the build back gives', async () => {
    // juice-shop: lodash is affected by the advisory imported above, and some licenses are unknown.
    const handed = await storeBuild(app.database, applicationId, testdata('juice-shop-v11.1.2.bom.json.gz'), { userId: null, serviceModuleId: null });
    await processBuild({ database: app.database, followUps, log: app.log, notify: () => undefined }, handed.id, handed.components);
    const read = await storeBuild(app.database, applicationId, testdata('juice-shop-v11.1.2.bom.json.gz'), { userId: null, serviceModuleId: null });
    await processBuild({ database: app.database, followUps, log: app.log, notify: () => undefined }, read.id);
    const outcome = async (buildId: string) =>
      app.database.query<{ alerts: number } & Record<string, unknown>>(
        `SELECT b.status, b.vulnerability_count,
                (SELECT array_agg(f.position || ' ' || f.vulnerability_id ORDER BY f.position, f.vulnerability_id) FROM build_findings f WHERE f.build_id = b.id) AS findings,
                (SELECT count(*)::int FROM license_risk_alerts l WHERE l.build_id = b.id) AS alerts,
                (SELECT count(*)::int FROM outbox o WHERE o.body->>'type' = 'Import SBOM' AND o.body->'data'->>'id' = b.id::text AND o.body->'data'->>'status' = 'DONE') AS events
           FROM application_builds b WHERE b.id = $1`,
        [buildId],
      );
    const [first] = await outcome(handed.id);
    expect(first).toEqual(expect.objectContaining({ status: 'DONE', events: 1, findings: expect.arrayContaining([expect.stringMatching(/ GHSA-35jh-r3h4-6jhm$/)]) }));
    expect(first.alerts).toBeGreaterThan(0);
    // The second build has the same components: the same findings, and no license alert it did not have before.
    expect(await outcome(read.id)).toEqual([{ ...first, alerts: 0 }]);
  });
});
