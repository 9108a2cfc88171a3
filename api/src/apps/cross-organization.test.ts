// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for /api/apps and /api/sbom (DOMAIN_SUITES of
// api/src/authorization/cross-organization.test.ts): every route called by another organization's
// admin with Acme's app key, app id and build id — with Acme's process as ?graph (by code and by
// id) and with the caller's own process — answers 404 (never 403, never data) and changes nothing
// of Acme's. Uploads with the other organization's CI/CD key find no Acme app either.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { DeclaredRoute } from '../authorization/guard';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate, globalAdmin } from '../testing/users';

const PREFIXES = ['/api/apps', '/api/sbom'];

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let alice: SessionCookie; // Acme's organization admin: owns the objects
let bob: SessionCookie; // Beta's organization admin: reaches for them
let betaKey: string; // Beta's CI/CD ingestion key
let acme: { processId: string; appId: string; buildId: string; findingId: string };

const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', 'bom-ref': 'root', name: 'payments' } },
  components: [{ type: 'library', 'bom-ref': 'pkg:npm/lodash@4.17.15', name: 'lodash', version: '4.17.15', purl: 'pkg:npm/lodash@4.17.15' }],
  dependencies: [{ ref: 'root', dependsOn: ['pkg:npm/lodash@4.17.15'] }],
});

const VEX = {
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  version: 1,
  vulnerabilities: [{ id: 'GHSA-35jh-r3h4-6jhm', analysis: { state: 'false_positive' }, affects: [{ ref: 'pkg:npm/lodash@4.17.15' }] }],
};

const call = (cookie: SessionCookie, method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
  app.inject({
    method: method as 'GET',
    url,
    headers: withCookie(cookie),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
// Routes under /api/apps whose own suites prove the rule: graph, priority plane, monitoring,
// deployment profiles and RBOM (see DOMAIN_SUITES in api/src/authorization/cross-organization.test.ts).
const OWN_SUITES = ['/api/apps/:appKey/builds/:buildId/graph', '/api/apps/planes', '/api/apps/:appKey/plane', '/api/apps/monitoring', '/api/apps/:appKey/deploymentProfiles'];
const routes = () =>
  app.declaredRoutes.filter(
    (route) => PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)) && !OWN_SUITES.some((prefix) => route.url.startsWith(prefix)),
  );
const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** What each route is called with: Acme's objects in the path, query and body. */
function request(route: DeclaredRoute): { url: string; payload?: unknown } {
  const url = route.url.replace(':appKey', 'payments').replace(':buildId', acme.buildId).replace(':vulnId', acme.findingId).replace(':id', acme.appId);
  switch (key(route)) {
    case 'POST /api/apps':
      return { url, payload: { app_key: 'payments', name: 'Taken over' } };
    case 'PUT /api/apps/:appKey':
      return { url, payload: { name: 'Taken over', enable_continuous_monitoring: true } };
    case 'PUT /api/apps/appSettings':
      return { url, payload: [{ id: acme.appId, enable_continuous_monitoring: true }] };
    case 'PUT /api/apps/appSettings/:id':
      return { url, payload: { enable_continuous_monitoring: true } };
    case 'POST /api/apps/:appKey/builds':
      return { url, payload: SBOM };
    case 'GET /api/sbom':
      return { url: withQuery(url, `app=payments&build=${acme.buildId}`) };
    case 'POST /api/apps/:appKey/builds/:buildId/vulnerabilities':
      return { url, payload: {} };
    case 'POST /api/apps/:appKey/builds/:buildId/vulnerabilities/:vulnId/vex':
      return { url, payload: { state: 'resolved', comment: 'Taken over' } };
    case 'POST /api/apps/:appKey/builds/:buildId/vex':
      return { url, payload: VEX };
    case 'GET /api/apps/components/search':
    case 'GET /api/apps/vulnerabilities/search':
    case 'GET /api/apps/builds/search':
      return { url: withQuery(url, 'search=payments') };
    default:
      return { url };
  }
}

async function state() {
  return app.database.query(
    `SELECT a.app_key, a.name, a.portfolio, a.enable_continuous_monitoring, a.updated_at,
            (SELECT json_agg(json_build_object('id', b.id, 'status', b.status) ORDER BY b.number) FROM application_builds b WHERE b.application_id = a.id) AS builds,
            (SELECT count(*)::int FROM sbom_components c JOIN application_builds b ON b.id = c.build_id WHERE b.application_id = a.id) AS components,
            (SELECT json_agg(json_build_object('state', v.state, 'updated_at', v.updated_at)) FROM vex_analyses v JOIN application_builds b ON b.id = v.build_id WHERE b.application_id = a.id) AS analyses,
            (SELECT count(*)::int FROM vex_analysis_trail t JOIN application_builds b ON b.id = t.build_id WHERE b.application_id = a.id) AS trail
       FROM applications a ORDER BY a.app_key`,
  );
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'pa', '--name', 'Acme process']);
  await createProcessCommand(app.database, ['--org', 'Beta', '--code', 'pb', '--name', 'Beta process']);
  await createTestUser(app, 'alice', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  // With the demo permission too: clearing SBOMs needs it, and the 404 rule must hold past the guard.
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN', '--role', 'DEMO');
  alice = await authenticate(app, 'alice', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
  betaKey = (await call(bob, 'POST', '/api/modules/cicd-ingestion', { name: 'Beta pipelines' })).json().api_key_value;
  const lodash = readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', 'GHSA-35jh-r3h4-6jhm.json'), 'utf8');
  expect((await call(await globalAdmin(app, clock.now), 'POST', '/api/vulnerabilities/imports', [JSON.parse(lodash)])).statusCode).toBe(200);
  const created = await call(alice, 'POST', '/api/apps?graph=pa', { app_key: 'payments', name: 'Payments' });
  expect(created.statusCode).toBe(201);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/apps/payments/builds?graph=pa',
    headers: { ...withCookie(alice), 'content-type': 'application/json' },
    payload: SBOM,
  });
  expect(uploaded.statusCode).toBe(202);
  const [{ id: processId }] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'pa'");
  acme = { processId, appId: created.json().id, buildId: uploaded.json().id, findingId: '' };
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const build = await call(alice, 'GET', `/api/apps/payments/builds/${acme.buildId}?graph=pa`);
    if (build.json().status === 'DONE') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const [finding] = (await call(alice, 'POST', `/api/apps/payments/builds/${acme.buildId}/vulnerabilities?graph=pa`, {})).json().items;
  acme.findingId = finding.id;
  expect((await call(alice, 'POST', `/api/apps/payments/builds/${acme.buildId}/vulnerabilities/${finding.id}/vex?graph=pa`, { state: 'in_triage' })).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

it('covers every route of its prefixes', () => {
  expect(routes().map(key).sort()).toEqual(
    [
      'GET /api/apps',
      'POST /api/apps',
      'GET /api/apps/appSettings',
      'PUT /api/apps/appSettings',
      'GET /api/apps/appSettings/:id',
      'PUT /api/apps/appSettings/:id',
      'GET /api/apps/components/search',
      'GET /api/apps/vulnerabilities/search',
      'GET /api/apps/builds/search',
      'GET /api/apps/:appKey',
      'PUT /api/apps/:appKey',
      'DELETE /api/apps/:appKey',
      'POST /api/apps/:appKey/builds',
      'GET /api/apps/:appKey/builds/:buildId',
      'GET /api/sbom',
      'POST /api/apps/:appKey/builds/:buildId/vulnerabilities',
      'GET /api/apps/:appKey/builds/:buildId/vulnerabilities/:vulnId',
      'POST /api/apps/:appKey/builds/:buildId/vulnerabilities/:vulnId/vex',
      'POST /api/apps/:appKey/builds/:buildId/vex',
      'GET /api/apps/:appKey/builds/:buildId/vex',
      'DELETE /api/sbom/:appKey',
      'DELETE /api/sbom/_clearAll',
      'GET /api/apps/licenses',
      'GET /api/apps/licenses/alerts',
      'GET /api/apps/:appKey/builds/:buildId/licenses',
      'GET /api/apps/:appKey/builds/:buildId/repositoryAnalysis',
      'GET /api/apps/componentsVulnerabilities',
      'GET /api/apps/resourcesVulnerabilities',
      'GET /api/apps/:appKey/compliance/attestation',
    ].sort(),
  );
});

it("answers 404 with Acme's process as graph (code or id), and changes nothing", async () => {
  const before = await state();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const { url, payload } = request(route);
    for (const [label, graph] of [['pa', 'pa'], ['<id>', acme.processId]]) {
      const response = route.method === 'POST' && route.url.endsWith('/builds')
        ? await app.inject({ method: 'POST', url: withQuery(url, `graph=${graph}`), headers: { ...withCookie(bob), 'content-type': 'application/json' }, payload: SBOM })
        : await call(bob, route.method, withQuery(url, `graph=${graph}`), payload);
      answers.push(`${key(route)} graph=${label} → ${response.statusCode}`);
      expected.push(`${key(route)} graph=${label} → 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await state()).toEqual(before);
});

it("with the caller's own process, Acme's objects are not found and nothing of Acme's shows or changes", async () => {
  const before = await state();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const { url, payload } = request(route);
    if (key(route) === 'POST /api/apps') continue; // creates Beta's own app: checked below
    const response = route.method === 'POST' && route.url.endsWith('/builds')
      ? await app.inject({ method: 'POST', url: withQuery(url, 'graph=pb'), headers: { ...withCookie(bob), 'content-type': 'application/json' }, payload: SBOM })
      : await call(bob, route.method, withQuery(url, 'graph=pb'), payload);
    const lists = [
      'GET /api/apps',
      'GET /api/apps/appSettings',
      'GET /api/apps/components/search',
      'GET /api/apps/vulnerabilities/search',
      'GET /api/apps/builds/search',
      'GET /api/apps/licenses',
      'GET /api/apps/licenses/alerts',
    ];
    const pages = ['GET /api/apps/componentsVulnerabilities', 'GET /api/apps/resourcesVulnerabilities'];
    if (key(route) === 'DELETE /api/sbom/_clearAll') {
      // Clears the caller's own process: nothing there.
      answers.push(`${key(route)} → ${response.statusCode} ${response.body}`);
      expected.push(`${key(route)} → 200 {"applications":0,"builds":0}`);
    } else if (pages.includes(key(route))) {
      // The portfolio SBOM lists of the caller's own process: an empty page.
      answers.push(`${key(route)} → ${response.statusCode} ${response.body}`);
      expected.push(`${key(route)} → 200 {"items":[],"total":0,"limit":50,"offset":0,"next_offset":null}`);
    } else if (lists.includes(key(route))) {
      answers.push(`${key(route)} → ${response.statusCode} ${response.body}`);
      expected.push(`${key(route)} → 200 []`);
    } else {
      answers.push(`${key(route)} → ${response.statusCode}`);
      expected.push(`${key(route)} → 404`);
    }
  }
  expect(answers).toEqual(expected);
  // Beta's key finds no Acme app either.
  const byKey = await app.inject({
    method: 'POST',
    url: '/api/apps/payments/builds',
    headers: { 'x-api-key': betaKey, 'content-type': 'application/json' },
    payload: SBOM,
  });
  expect(byKey.statusCode).toBe(404);
  expect(await state()).toEqual(before);
});

it('lets the other organization use the same app key for its own app', async () => {
  const before = await state();
  const created = await call(bob, 'POST', '/api/apps?graph=pb', { app_key: 'payments', name: 'Beta payments' });
  expect(created.statusCode).toBe(201);
  expect((await state()).filter((row) => (row as { name: string }).name !== 'Beta payments')).toEqual(before);
  expect((await call(alice, 'GET', '/api/apps/payments?graph=pa')).json()).toMatchObject({ name: 'Payments', builds: [{ status: 'DONE' }] });
});
