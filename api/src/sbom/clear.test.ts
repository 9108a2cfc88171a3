// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Clearing SBOMs (issue 7 item 14): one app's builds or the whole process's, with everything
// hanging on them, in one transaction; only with the demo permission (clear=>SBOM).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { caller, expectRefused, storedRows } from '../testing/apps';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate, globalAdmin } from '../testing/users';

const TESTDATA = path.join(__dirname, 'testdata');
const xml = readFileSync(path.join(TESTDATA, 'cyclonedx-1.6.bom.xml'));
const laravelGz = readFileSync(path.join(TESTDATA, 'laravel-7.12.0.bom.1.4.json.gz'));
const LODASH = readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', 'GHSA-35jh-r3h4-6jhm.json'), 'utf8');

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let dora: SessionCookie; // ADMIN of alpha and beta with the DEMO role
let olga: SessionCookie; // ORG_ADMIN without DEMO

/** Rows of the tables whose rows go with their build by trigger (migration 020), left without one. */
const orphans = async () =>
  (
    await app.database.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM sbom_components x WHERE NOT EXISTS (SELECT 1 FROM application_builds b WHERE b.id = x.build_id))
            + (SELECT count(*) FROM sbom_dependencies x WHERE NOT EXISTS (SELECT 1 FROM application_builds b WHERE b.id = x.build_id))
            + (SELECT count(*) FROM build_findings x WHERE NOT EXISTS (SELECT 1 FROM application_builds b WHERE b.id = x.build_id))
            + (SELECT count(*) FROM license_risk_alerts x WHERE NOT EXISTS (SELECT 1 FROM application_builds b WHERE b.id = x.build_id)) AS n`,
    )
  )[0].n;

const builds = async (appKey: string) =>
  (await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM application_builds b JOIN applications a ON a.id = b.application_id WHERE a.app_key = $1', [appKey]))[0].n;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'beta', '--name', 'Beta']);
  await createTestUser(app, 'dora', clock.now, '--org', 'Acme', '--role', 'DEMO', '--member', 'alpha=ADMIN', '--member', 'beta=ADMIN');
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  dora = await authenticate(app, 'dora', clock.now);
  olga = await authenticate(app, 'olga', clock.now);
  const alpha = caller(app, 'alpha');
  const beta = caller(app, 'beta');
  expect((await alpha.call(await globalAdmin(app, clock.now), 'POST', '/api/vulnerabilities/imports', [JSON.parse(LODASH)])).statusCode).toBe(200);
  for (const appKey of ['web', 'php']) expect((await alpha.call(dora, 'POST', '/api/apps?graph=alpha', { app_key: appKey })).statusCode).toBe(201);
  expect((await beta.call(dora, 'POST', '/api/apps?graph=beta', { app_key: 'other' })).statusCode).toBe(201);
  const web = await alpha.uploaded(dora, 'web', xml);
  await alpha.uploaded(dora, 'web', xml);
  await alpha.uploaded(dora, 'php', laravelGz, { 'content-encoding': 'gzip' });
  await beta.uploaded(dora, 'other', xml);
  // An analysis, to see it go with its build.
  const [finding] = (await alpha.call(dora, 'POST', `/api/apps/web/builds/${web.id}/vulnerabilities?graph=alpha`, {})).json().items;
  expect((await alpha.call(dora, 'POST', `/api/apps/web/builds/${web.id}/vulnerabilities/${finding.id}/vex?graph=alpha`, { state: 'resolved' })).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

it('refuses without the demo permission and for an unknown app, changing nothing', async () => {
  const before = await storedRows(app);
  const alpha = caller(app, 'alpha');
  expectRefused(await alpha.call(olga, 'DELETE', '/api/sbom/web?graph=alpha'), 403, /^You do not have the privileges for the request\.$/);
  expectRefused(await alpha.call(olga, 'DELETE', '/api/sbom/_clearAll?graph=alpha'), 403, /privileges/);
  expectRefused(await alpha.call(dora, 'DELETE', '/api/sbom/nothing?graph=alpha'), 404, /^Invalid app key$/);
  expectRefused(await alpha.call(dora, 'DELETE', '/api/sbom/other?graph=alpha'), 404, /^Invalid app key$/);
  expect(await storedRows(app)).toEqual(before);
});

it("clears one app's SBOMs with their components, findings and analyses; the app stays", async () => {
  const before = await storedRows(app);
  const alpha = caller(app, 'alpha');
  const response = await alpha.call(dora, 'DELETE', '/api/sbom/WEB?graph=alpha');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ applications: 1, builds: 2 });
  const after = await storedRows(app);
  expect(after.builds).toBe(before.builds - 2);
  expect(after.components).toBe(before.components - 10);
  expect(after.analyses).toBe(before.analyses - 1);
  expect(after.trail).toBe(before.trail - 1);
  expect(after.findings).toBeLessThan(before.findings);
  expect(await builds('web')).toBe(0);
  expect(await builds('php')).toBe(1);
  expect((await alpha.call(dora, 'GET', '/api/apps/web?graph=alpha')).json()).toMatchObject({ app_key: 'web', builds: [] });
  // A new upload numbers from 1 again.
  expect((await alpha.uploaded(dora, 'web', xml)).number).toBe(1);
});

it("clears every SBOM of the process, and only of that process", async () => {
  const alpha = caller(app, 'alpha');
  const response = await alpha.call(dora, 'DELETE', '/api/sbom/_clearAll?graph=alpha');
  expect(response.json()).toEqual({ applications: 2, builds: 2 });
  expect([await builds('web'), await builds('php'), await builds('other')]).toEqual([0, 0, 1]);
  expect((await alpha.call(dora, 'DELETE', '/api/sbom/_clearAll?graph=alpha')).json()).toEqual({ applications: 2, builds: 0 });
  expect(Number(await orphans())).toBe(0);
});

it('deleting an app takes the rows of its builds with them: components, dependencies, findings, alerts', async () => {
  const beta = caller(app, 'beta');
  const before = await storedRows(app);
  expect(before.components).toBeGreaterThan(0);
  expect(before.dependencies + before.findings + before.alerts).toBeGreaterThan(0);
  expect((await beta.call(dora, 'DELETE', '/api/apps/other?graph=beta')).statusCode).toBe(204);
  const after = await storedRows(app);
  expect(after).toMatchObject({ builds: 0, components: 0, dependencies: 0, refs: 0, findings: 0, alerts: 0 });
  expect(Number(await orphans())).toBe(0);
});
