// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for /api/vulnerabilities (DOMAIN_SUITES of
// api/src/authorization/cross-organization.test.ts). Advisories are public data, global to the
// portal: no route here names an organization's object. What must still hold: another
// organization's process as ?graph answers 404 (never 403, never data) and changes nothing, and
// both organizations read the same advisory the same way.
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

const PREFIXES = ['/api/vulnerabilities'];
const OSV_DIR = path.join(__dirname, 'testdata', 'osv');
const advisory = (id: string) => JSON.parse(readFileSync(path.join(OSV_DIR, `${id}.json`), 'utf8')) as object;

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let alice: SessionCookie; // Acme's organization admin
let bob: SessionCookie; // Beta's organization admin

const call = (cookie: SessionCookie, method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
  app.inject({ method: method as 'GET', url, headers: withCookie(cookie), ...(payload !== undefined ? { payload: payload as object } : {}) });

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const routes = () => app.declaredRoutes.filter((route) => PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)));

/** Path parameters that name no organization's object, and why. */
const NOT_OBJECTS: Record<string, string> = {
  'GET /api/vulnerabilities/:id': 'public advisory data (a GHSA, CVE… id), the same for every organization: no organization object',
};

const withGraph = (url: string, graph: string) => `${url}${url.includes('?') ? '&' : '?'}graph=${graph}`;

async function state() {
  return app.database.query(
    `SELECT (SELECT count(*)::int FROM vulnerabilities) AS vulnerabilities,
            (SELECT json_agg(json_build_object('id', id, 'modified', modified) ORDER BY id) FROM vulnerabilities) AS modified,
            (SELECT count(*)::int FROM vulnerability_affected) AS affected`,
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
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  alice = await authenticate(app, 'alice', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
  const imported = await call(await globalAdmin(app, clock.now), 'POST', '/api/vulnerabilities/imports', [advisory('GHSA-257v-vj4p-3w2h')]);
  expect(imported.statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

it('covers every route of its prefix; path parameters name no organization object', () => {
  expect(routes().map(key).sort()).toEqual(['GET /api/vulnerabilities/:id', 'GET /api/vulnerabilities/imports', 'POST /api/vulnerabilities/imports', 'POST /api/vulnerabilities/kev']);
  expect(routes().filter((route) => route.url.includes(':') && !(key(route) in NOT_OBJECTS)).map(key)).toEqual([]);
});

it("answers 404 with the other organization's process as graph, and changes nothing", async () => {
  const before = await state();
  const [{ id: processId }] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'pa'");
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const url = route.url.replace(':id', 'GHSA-257v-vj4p-3w2h');
    const payload = route.method === 'POST' ? [{ ...advisory('GHSA-257v-vj4p-3w2h'), modified: '2030-01-01T00:00:00Z', affected: [] }] : undefined;
    for (const graph of ['pa', processId]) {
      answers.push(`${key(route)} graph=${graph === 'pa' ? 'pa' : '<id>'} → ${(await call(bob, route.method, withGraph(url, graph), payload)).statusCode}`);
      expected.push(`${key(route)} graph=${graph === 'pa' ? 'pa' : '<id>'} → 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await state()).toEqual(before);
});

it('both organizations read the same public advisory alike', async () => {
  const acme = await call(alice, 'GET', '/api/vulnerabilities/CVE-2021-29060?graph=pa');
  const beta = await call(bob, 'GET', '/api/vulnerabilities/CVE-2021-29060?graph=pb');
  expect(acme.statusCode).toBe(200);
  expect(beta.json()).toEqual(acme.json());
});
