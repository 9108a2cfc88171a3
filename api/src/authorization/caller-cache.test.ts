// The guard's cache of callers (config.readCacheMs, http/read-cache.ts) against an attacker who
// keeps using what was taken away: each request below is first served (so the caller is cached,
// for a minute here: the clock cannot be what refreshes it), then the right is taken through the
// API, and the very next request is refused. The caller's access is read in one statement
// (access.repository's accessOfMember): these also show it follows each of the rows it reads.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createOrganizationCommand } from '../cli/users';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { authenticate } from '../testing/users';

let app: FastifyInstance;
let environment: TestEnvironment;
let admin: SessionCookie;
const clock = manualClock(new Date());

const LIST = '/api/requirements?graph=guarded&limit=1';
const read = async (cookie: SessionCookie) => (await app.inject({ method: 'GET', url: LIST, headers: withCookie(cookie) })).statusCode;
const change = async (method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await app.inject({ method, url, headers: withCookie(admin), ...(payload ? { payload } : {}) });
  expect(response.statusCode).toBeLessThan(300);
};
const userId = async (login: string) =>
  (await app.database.query<{ id: string }>('SELECT id FROM users WHERE login_id = $1', [login]))[0].id;

/** A reader of the process, signed in, whose caller the guard has cached (a request served twice). */
async function cachedReader(login: string): Promise<SessionCookie> {
  await createTestUser(app, login, clock.now, '--org', 'Guarded', '--member', 'guarded=READER');
  const cookie = await authenticate(app, login, clock.now);
  expect(await read(cookie)).toBe(200);
  expect(await read(cookie)).toBe(200);
  return cookie;
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: { ...environment.config, readCacheMs: 60_000 }, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Guarded']);
  await createTestUser(app, 'guard_admin', clock.now, '--org', 'Guarded', '--role', 'ORG_ADMIN');
  admin = await authenticate(app, 'guard_admin', clock.now);
  const created = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: withCookie(admin),
    payload: { code_name: 'guarded', name: 'Guarded', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  });
  expect(created.statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe("the guard's cached callers", () => {
  it('refuse a signed-out session on the very next request', async () => {
    const cookie = await cachedReader('guard_leaver');
    await app.inject({ method: 'DELETE', url: '/api/sessions', headers: withCookie(cookie) });
    expect(await read(cookie)).toBe(401);
  });

  it("refuse a deactivated user's session on the very next request", async () => {
    const cookie = await cachedReader('guard_deactivated');
    await change('PATCH', `/api/users/${await userId('guard_deactivated')}/deactivate`);
    expect(await read(cookie)).toBe(401);
  });

  it("refuse a permission taken from the user's role on the very next request, and serve it again once given back", async () => {
    const cookie = await cachedReader('guard_narrowed');
    // The organization's READER no longer lists requirements.
    await change('PUT', '/api/iam/roles/READER', { policies: [{ effect: 'allow', actions: ['view'], resources: ['Subscription'], condition: null }] });
    expect(await read(cookie)).toBe(403);
    await change('DELETE', '/api/iam/roles/READER');
    expect(await read(cookie)).toBe(200);
  });

  it('refuse a process the user was disenrolled from on the very next request', async () => {
    const cookie = await cachedReader('guard_disenrolled');
    await change('PATCH', '/api/users/memberships', { user_id: await userId('guard_disenrolled'), process: 'guarded', roles: [] });
    expect(await read(cookie)).toBe(403);
  });

  it('refuse an organization role taken from the user on the very next request', async () => {
    await createTestUser(app, 'guard_demoted', clock.now, '--org', 'Guarded', '--role', 'ORG_ADMIN');
    const cookie = await authenticate(app, 'guard_demoted', clock.now);
    expect(await read(cookie)).toBe(200);
    expect(await read(cookie)).toBe(200);
    await change('PATCH', '/api/iam/roles/ORG_ADMIN/assignments', { user_id: await userId('guard_demoted'), assigned: false });
    expect(await read(cookie)).toBe(403);
  });
});
