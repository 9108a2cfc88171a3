// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for /api/standards, /api/reports and /api/statistics (DOMAIN_SUITES of
// api/src/authorization/cross-organization.test.ts): every route, enumerated from the app, called
// by another organization's admin with this organization's process (?graph) or objects answers
// 404 — never 403, never data — and nothing of this organization changes.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { DeclaredRoute } from '../authorization/guard';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import type { StandardImportView } from './jobs';

const PREFIXES = ['/api/standards', '/api/reports', '/api/statistics'];

const clock = manualClock(new Date('2026-04-06T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let alice: SessionCookie; // Acme's organization admin: owns the objects
let bob: SessionCookie; // Beta's organization admin: reaches for them
let importId: string;

const catalog = (title: string) => ({
  catalog: {
    metadata: { title },
    groups: [{ id: 'g', title: 'Group', controls: [{ id: 'g-1', title: 'Control', parts: [{ name: 'statement', prose: 'Do it.' }] }] }],
  },
});

const call = (cookie: SessionCookie, method: string, url: string, payload?: object): Promise<LightMyRequestResponse> =>
  app.inject({ method: method as 'GET', url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const routes = () => app.declaredRoutes.filter((route) => PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`)));

/** Path parameters that name no organization's object. */
const NOT_OBJECTS: Record<string, string> = { kind: 'a report kind, not an object' };

/** The route's path with Acme's objects (the process comes from ?graph). */
function fill(route: DeclaredRoute): string | undefined {
  let unknown = false;
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (route.url.startsWith('/api/standards/imports/') && name === 'id') return importId;
    if (name === 'kind') return 'status';
    unknown = true;
    return `:${name}`;
  });
  return unknown ? undefined : url;
}

const withGraph = (url: string, graph: string) => `${url}${url.includes('?') ? '&' : '?'}graph=${graph}`;

async function acmeState() {
  return app.database.query(
    `SELECT (SELECT count(*)::int FROM requirements r JOIN processes p ON p.id = r.process_id WHERE p.code_name = 'pa') AS requirements,
            (SELECT json_agg(json_build_object('title', s.title, 'imported_at', s.imported_at)) FROM standards s JOIN processes p ON p.id = s.process_id WHERE p.code_name = 'pa') AS standards,
            (SELECT count(*)::int FROM standard_imports i JOIN processes p ON p.id = i.process_id WHERE p.code_name = 'pa') AS imports,
            (SELECT count(*)::int FROM requirement_events e JOIN processes p ON p.id = e.process_id WHERE p.code_name = 'pa') AS events`,
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

  const started = await call(alice, 'POST', '/api/standards/imports?graph=pa', catalog('Acme catalog'));
  expect(started.statusCode).toBe(202);
  importId = (started.json() as StandardImportView).id;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const job = (await call(alice, 'GET', `/api/standards/imports/${importId}?graph=pa`)).json() as StandardImportView;
    if (job.status !== 'RUNNING') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

it('covers every route of its prefixes, each with a fixture', () => {
  expect(routes().map(key).sort()).toEqual([
    'GET /api/reports/:kind',
    'GET /api/standards',
    'GET /api/standards/imports/:id',
    'GET /api/statistics/dashboard',
    'POST /api/standards/imports',
  ]);
  expect(routes().filter((route) => fill(route) === undefined).map(key)).toEqual([]);
  expect(Object.keys(NOT_OBJECTS)).toEqual(['kind']);
});

it("answers 404 with the other organization's process, and with its objects in the caller's own process", async () => {
  const before = await acmeState();
  const answers: string[] = [];
  const expected: string[] = [];
  for (const route of routes()) {
    const url = fill(route)!;
    const payload = route.method === 'POST' ? catalog('Beta takes over') : undefined;
    answers.push(`${key(route)} graph=pa → ${(await call(bob, route.method, withGraph(url, 'pa'), payload)).statusCode}`);
    expected.push(`${key(route)} graph=pa → 404`);
    if (url.includes(importId)) {
      answers.push(`${key(route)} graph=pb → ${(await call(bob, route.method, withGraph(url, 'pb'), payload)).statusCode}`);
      expected.push(`${key(route)} graph=pb → 404`);
      // By the process's id as well as its code name.
      const [{ id }] = await app.database.query<{ id: string }>("SELECT id FROM processes WHERE code_name = 'pa'");
      answers.push(`${key(route)} graph=<id> → ${(await call(bob, route.method, withGraph(url, id), payload)).statusCode}`);
      expected.push(`${key(route)} graph=<id> → 404`);
    }
  }
  expect(answers).toEqual(expected);
  expect(await acmeState()).toEqual(before);
  // Beta's own process holds nothing of Acme's.
  expect((await call(bob, 'GET', '/api/standards?graph=pb')).json()).toEqual([]);
  expect((await call(bob, 'GET', '/api/reports/progress?graph=pb')).json()).toMatchObject({ rows: [] });
  expect((await call(bob, 'GET', '/api/statistics/dashboard?graph=pb')).json()).toMatchObject({ total: 0, recent_events: [] });
});

it("leaves the organization's standard and requirements as they were", async () => {
  expect((await call(alice, 'GET', '/api/standards?graph=pa')).json()).toEqual([expect.objectContaining({ title: 'Acme catalog', controls: 1 })]);
  expect((await call(alice, 'GET', `/api/standards/imports/${importId}?graph=pa`)).json()).toMatchObject({ status: 'DONE', created: 2 });
  expect((await call(alice, 'GET', '/api/reports/progress?graph=pa')).json()).toMatchObject({
    rows: [expect.objectContaining({ code: 'G', title: 'Group' }), expect.objectContaining({ code: 'G-1', title: 'Control' })],
  });
});
