// The read caches (config.readCacheMs, http/read-cache.ts) seen from the API, on the embedded database:
// the guard's callers and the depository's pages are served again, but any change through the API
// or a background import makes the next read fresh. A lifetime of a minute shows that it is the
// change, not the clock, that refreshes them.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { readNistLowBaseline } from '../standards/catalogs';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';

let app: FastifyInstance;
let environment: TestEnvironment;
let admin: SessionCookie;
let reader: SessionCookie;
let processId: string;
let organizationId: string;

const LIST = '/api/requirements?graph=cached&limit=5';
const total = async (cookie: SessionCookie) => {
  const response = await app.inject({ method: 'GET', url: LIST, headers: withCookie(cookie) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { total: number }).total;
};

beforeAll(async () => {
  const clock = manualClock(new Date());
  // On the embedded database in the run against a server too (shared-cache.postgres.test.ts: two processes on one server).
  environment = await createTestEnvironment({ embedded: true });
  app = likeTheApiClient(await buildApp({ config: { ...environment.config, readCacheMs: 60_000 }, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Cache']);
  await createTestUser(app, 'cache_admin', clock.now, '--org', 'Cache', '--role', 'ORG_ADMIN');
  admin = await authenticate(app, 'cache_admin', clock.now);
  const created = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: withCookie(admin),
    payload: { code_name: 'cached', name: 'Cached', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  });
  expect(created.statusCode).toBe(201);
  await createTestUser(app, 'cache_reader', clock.now, '--org', 'Cache', '--member', 'cached=READER');
  reader = await authenticate(app, 'cache_reader', clock.now);
  [{ id: processId, organization_id: organizationId }] = await app.database.query<{ id: string; organization_id: string }>(
    `SELECT id, organization_id FROM processes WHERE code_name = 'cached'`,
  );
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe('read caches', () => {
  it('serve the depository again until a change through the API, which every caller sees at once', async () => {
    expect(app.database.kind).toBe('pglite');
    expect(await total(reader)).toBe(0);
    // Written behind the API's back: the cached page does not know (for its lifetime; the command
    // line's changes wait out the second)…
    await app.database.query(`INSERT INTO requirements (organization_id, process_id, code, title) VALUES ($1, $2, 'SQL-1', 'Behind the back')`, [
      organizationId,
      processId,
    ]);
    expect(await total(reader)).toBe(0);
    // …while a change through the API refreshes every page, for every caller.
    const added = await app.inject({ method: 'POST', url: '/api/requirements?graph=cached', headers: withCookie(admin), payload: { title: 'Through the API' } });
    expect(added.statusCode).toBe(201);
    expect(await total(reader)).toBe(2);
    expect(await total(admin)).toBe(2);
  });

  it('refuse a session as soon as it is signed out', async () => {
    const clock = manualClock(new Date());
    await createTestUser(app, 'cache_leaver', clock.now, '--org', 'Cache', '--member', 'cached=READER');
    const leaver = await authenticate(app, 'cache_leaver', clock.now);
    expect(await total(leaver)).toBeGreaterThan(0);
    const signedOut = await app.inject({ method: 'DELETE', url: '/api/sessions', headers: withCookie(leaver) });
    expect(signedOut.statusCode).toBeLessThan(300);
    expect((await app.inject({ method: 'GET', url: LIST, headers: withCookie(leaver) })).statusCode).toBe(401);
  });

  it('show what a background import wrote once it is done', async () => {
    const before = await total(reader);
    const started = await app.inject({
      method: 'POST',
      url: '/api/standards/imports?graph=cached',
      headers: { ...withCookie(admin), 'content-type': 'application/json' },
      payload: await readNistLowBaseline(),
    });
    expect(started.statusCode).toBe(202);
    const { id } = started.json() as { id: string };
    let status = 'RUNNING';
    let imported = 0;
    while (status === 'RUNNING') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ status, total: imported } = (await app.inject({ method: 'GET', url: `/api/standards/imports/${id}?graph=cached`, headers: withCookie(admin) })).json() as {
        status: string;
        total: number;
      });
    }
    expect(status).toBe('DONE');
    expect(await total(reader)).toBe(before + imported);
  }, 60_000);
});
