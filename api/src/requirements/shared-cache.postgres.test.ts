// Two API processes sharing one Postgres server, each with its read caches (config.readCacheMs):
// a change through one of them drops what the other kept (pg_notify on the guard's channel), so
// the other's next read is fresh. A lifetime of a minute shows that it is the announced change,
// not the clock, that refreshes them. Runs only against a Postgres server (jest.config.cjs).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';

let environment: TestEnvironment;
let first: FastifyInstance;
let second: FastifyInstance;
let admin: SessionCookie;
let reader: SessionCookie;

const LIST = '/api/requirements?graph=shared&limit=5';

/** `read()` until it answers `wanted`, for up to `ms`; its last answer. */
async function eventually<T>(read: () => Promise<T>, wanted: T, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  let last = await read();
  while (last !== wanted && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    last = await read();
  }
  return last;
}
const total = async (app: FastifyInstance, cookie: SessionCookie) => {
  const response = await app.inject({ method: 'GET', url: LIST, headers: withCookie(cookie) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { total: number }).total;
};

beforeAll(async () => {
  const clock = manualClock(new Date());
  environment = await createTestEnvironment();
  const config = { ...environment.config, readCacheMs: 60_000 };
  first = likeTheApiClient(await buildApp({ config, now: clock.now }));
  second = likeTheApiClient(await buildApp({ config, now: clock.now }));
  await first.ready();
  await second.ready();
  await createOrganizationCommand(first.database, ['--name', 'Shared']);
  await createTestUser(first, 'shared_admin', clock.now, '--org', 'Shared', '--role', 'ORG_ADMIN');
  admin = await authenticate(first, 'shared_admin', clock.now);
  const created = await first.inject({
    method: 'POST',
    url: '/api/projects',
    headers: withCookie(admin),
    payload: { code_name: 'shared', name: 'Shared', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  });
  expect(created.statusCode).toBe(201);
  await createTestUser(first, 'shared_reader', clock.now, '--org', 'Shared', '--member', 'shared=READER');
  reader = await authenticate(first, 'shared_reader', clock.now);
}, 60_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await environment?.cleanup();
});

it("a change through one API process refreshes the other's cached depository and callers", async () => {
  expect(first.database.kind).toBe('postgres');
  expect(await total(second, reader)).toBe(0);
  const added = await first.inject({ method: 'POST', url: '/api/requirements?graph=shared', headers: withCookie(admin), payload: { title: 'Added on the first' } });
  expect(added.statusCode).toBe(201);
  // Postgres delivers the announcement once committed: the second process hears it within moments.
  expect(await eventually(() => total(second, reader), 1)).toBe(1);

  // A session signed out on the first is refused at once by the second, whose caller was kept.
  expect(await total(second, reader)).toBe(1);
  const signedOut = await first.inject({ method: 'DELETE', url: '/api/sessions', headers: withCookie(reader) });
  expect(signedOut.statusCode).toBeLessThan(300);
  expect(await eventually(async () => (await second.inject({ method: 'GET', url: LIST, headers: withCookie(reader) })).statusCode, 401)).toBe(401);
});
