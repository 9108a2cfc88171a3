// The session controls of issue 3 item 13 with a moving clock: timeouts, password expiry, rate
// limits, cookies under https.
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY, type IdentityConfig } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { manualClock, type ManualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, PASSWORD, sessionCookie, withCookie, type SessionCookie } from '../identity/testing';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { TOO_MANY_SIGN_INS_MESSAGE } from './problems';
import { ACCOUNT_FAILURE_LIMIT } from './service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
let environment: TestEnvironment;
let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  environment = await createTestEnvironment();
  // One embedded database serves the several apps (settings) of this file.
  database = await openDatabase(environment.config);
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
  await environment.cleanup();
});

/** An app over the file's database with its own clock and settings; users are created once. */
async function start(identity: Partial<IdentityConfig> = {}, trustProxy = false): Promise<{ app: FastifyInstance; clock: ManualClock }> {
  const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
  const app = likeTheApiClient(
    await buildApp({
      config: { ...environment.config, trustProxy, identity: { ...DEFAULT_IDENTITY, ...identity } },
      database,
      now: clock.now,
    }),
  );
  apps.push(app);
  return { app, clock };
}

const signIn = (app: FastifyInstance, username: string, password = PASSWORD, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/sessions', payload: { username, password }, headers });

async function live(app: FastifyInstance, cookie: SessionCookie): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(cookie) });
  return response.json().authentication_status !== '';
}

describe('with the default settings', () => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await start({}, true));
    for (const login of ['idle_user', 'long_user', 'limited', 'old_pass']) await createTestUser(app, login, clock.now);
  }, 30_000);

  it('ends a session idle for 30 minutes, and keeps one in use', async () => {
    const cookie = sessionCookie(await signIn(app, 'idle_user'));
    clock.advance(29 * MINUTE);
    expect(await live(app, cookie)).toBe(true);
    clock.advance(29 * MINUTE);
    expect(await live(app, cookie)).toBe(true);
    clock.advance(30 * MINUTE);
    expect(await live(app, cookie)).toBe(false);
  });

  it('ends a session 12 hours after it began however busy it is', async () => {
    const cookie = sessionCookie(await signIn(app, 'long_user'));
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      clock.advance(20 * MINUTE);
      expect(await live(app, cookie)).toBe(true);
    }
    clock.advance(20 * MINUTE);
    expect(await live(app, cookie)).toBe(false);
  });

  it(`refuses an account after ${ACCOUNT_FAILURE_LIMIT} failures in an hour without checking the password, then lets it in again`, async () => {
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      // Spread over addresses: the account limit holds whoever tries.
      const wrong = await signIn(app, 'limited', 'Wr0ng!Pass', { 'x-forwarded-for': `10.0.0.${i}` });
      expect(wrong.statusCode).toBe(401);
    }
    const refused = await signIn(app, 'limited');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, detail: TOO_MANY_SIGN_INS_MESSAGE });
    expect(refused.headers['retry-after']).toBe('3600');
    clock.advance(HOUR + MINUTE);
    expect((await signIn(app, 'limited')).statusCode).toBe(200);
  }, 60_000);

  it('never expires a password when PASSWORD_MAX_AGE_DAYS is 0', async () => {
    clock.advance(5000 * DAY);
    expect((await signIn(app, 'old_pass')).statusCode).toBe(200);
  });
});

it('refuses an address after its limit of failures, whatever the account', async () => {
  const { app, clock } = await start({ signInAddressLimit: 3 }, true);
  await createTestUser(app, 'addr_user', clock.now);
  const from = { 'x-forwarded-for': '192.0.2.7' };
  for (const name of ['x1', 'x2', 'x3']) expect((await signIn(app, name, 'Wr0ng!Pass', from)).statusCode).toBe(401);
  expect((await signIn(app, 'addr_user', PASSWORD, from)).json()).toMatchObject({ status: 429, detail: TOO_MANY_SIGN_INS_MESSAGE });
  // Another address is not held back by this one's failures.
  expect((await signIn(app, 'addr_user', PASSWORD, { 'x-forwarded-for': '192.0.2.8' })).statusCode).toBe(200);
  clock.advance(HOUR + MINUTE);
  expect((await signIn(app, 'addr_user', PASSWORD, from)).statusCode).toBe(200);
}, 30_000);

it('answers 403 with the catalogue message for an expired password, only after the password is right', async () => {
  const { app, clock } = await start({ passwordMaxAgeDays: 90 });
  await createTestUser(app, 'expiring', clock.now);
  clock.advance(89 * DAY);
  expect((await signIn(app, 'expiring')).statusCode).toBe(200);
  clock.advance(2 * DAY);
  const expired = await signIn(app, 'expiring');
  expect(expired.statusCode).toBe(403);
  expect(expired.json()).toMatchObject({ status: 403, detail: SIGN_IN_MESSAGES[403] });
  expect(expired.cookies).toEqual([]);
  expect((await signIn(app, 'expiring', 'Wr0ng!Pass')).json().detail).toBe(SIGN_IN_MESSAGES[401]);
}, 30_000);

it('uses a configurable idle timeout', async () => {
  const { app, clock } = await start({ sessionIdleMs: 5 * MINUTE });
  await createTestUser(app, 'short_idle', clock.now);
  const cookie = sessionCookie(await signIn(app, 'short_idle'));
  clock.advance(5 * MINUTE);
  expect(await live(app, cookie)).toBe(false);
}, 30_000);

it('sets a Secure __Host- cookie for a request that came over https', async () => {
  const { app, clock } = await start({}, true);
  await createTestUser(app, 'secure_user', clock.now);
  const response = await signIn(app, 'secure_user', PASSWORD, { 'x-forwarded-proto': 'https' });
  const cookie = sessionCookie(response);
  expect(cookie).toMatchObject({ name: '__Host-portal_session', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  const seen = await app.inject({
    method: 'GET',
    url: '/api/sessions',
    headers: { ...withCookie(cookie), 'x-forwarded-proto': 'https' },
  });
  expect(seen.json()).toMatchObject({ authentication_status: 'MfaSetup' });
}, 30_000);
