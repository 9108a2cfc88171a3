// @backend-agnostic: session rules under a moving clock; the SQL is the same engine on PGlite.
// The session controls of issue 3 item 13 with a moving clock: timeouts, password expiry, rate
// limits, cookies under https.
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MESSAGES, TOO_MANY_SIGN_INS_MESSAGE } from '@portal/shared/server';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY, type IdentityConfig } from '../config';
import type { Database } from '../db/database';
import { openDatabase } from '../db/open';
import { manualClock, type ManualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, PASSWORD, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';

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

  it('never expires a password when PASSWORD_MAX_AGE_DAYS is 0', async () => {
    clock.advance(5000 * DAY);
    expect((await signIn(app, 'old_pass')).statusCode).toBe(200);
  });
});

describe('sign-in throttles: no account lockout (issue 20)', () => {
  const WRONG = 'Wr0ng!Pass';
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const USUAL = '203.0.113.5';

  const eventsOf = async (login: string) =>
    (
      await database.query<{ kind: string; address: string }>(
        'SELECT kind, address FROM security_events WHERE login_id = $1 ORDER BY id',
        [login],
      )
    ).map(({ kind, address }) => `${kind} ${address}`);

  it("an attacker's 1,000 failures from other addresses do not stop the owner's sign-in from their usual address", async () => {
    const { app, clock } = await start({}, true);
    await createTestUser(app, 'owner', clock.now);
    expect((await signIn(app, 'owner', PASSWORD, from(USUAL))).statusCode).toBe(200);

    const statuses: Record<number, number> = {};
    for (let i = 0; i < 1000; i += 1) {
      // 100 addresses, 10 tries each, one a second.
      const attacker = `198.51.100.${i % 100}`;
      const answer = await signIn(app, 'owner', WRONG, from(attacker));
      statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      clock.advance(1000);
      if (i % 250 === 249) {
        const owner = await signIn(app, 'owner', PASSWORD, from(USUAL));
        expect(owner.statusCode).toBe(200);
        expect(owner.json()).toMatchObject({ authentication_status: 'MfaSetup', user: { login_id: 'owner' } });
      }
    }
    // Past 20 failures in the hour, addresses the owner never used share one try per 30 s:
    // of 1,000 tries in 1,000 s, at most 20 + 1,000 / 30 reached the password check.
    expect(statuses[401]).toBeLessThanOrEqual(DEFAULT_IDENTITY.signInAccountLimit + Math.ceil(1000 / 30) + 1);
    expect(statuses[429]).toBe(1000 - statuses[401]!);
    // Even the right password from an attacker's address waits its turn...
    const attacker = await signIn(app, 'owner', PASSWORD, from('198.51.100.7'));
    expect(attacker.json()).toMatchObject({ status: 429, detail: TOO_MANY_SIGN_INS_MESSAGE });
    expect(Number(attacker.headers['retry-after'])).toBeLessThanOrEqual(DEFAULT_IDENTITY.signInAccountIntervalMs / 1000);
    // ...while the owner signs in from the usual address, and the slow-down is an audit event.
    expect((await signIn(app, 'owner', PASSWORD, from(USUAL))).statusCode).toBe(200);
    expect(await eventsOf('owner')).toContain('sign_in_account_slowed 198.51.100.19');
  }, 120_000);

  it(`answers 429 to an (account, address) pair after ${DEFAULT_IDENTITY.signInPairLimit} failures in 15 minutes, even with the right password`, async () => {
    const { app, clock } = await start({}, true);
    await createTestUser(app, 'paired', clock.now);
    expect((await signIn(app, 'paired', PASSWORD, from(USUAL))).statusCode).toBe(200);
    const attacker = from('198.51.100.200');
    for (let i = 0; i < DEFAULT_IDENTITY.signInPairLimit; i += 1) {
      expect((await signIn(app, 'paired', WRONG, attacker)).statusCode).toBe(401);
      clock.advance(MINUTE);
    }
    const refused = await signIn(app, 'paired', PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, detail: TOO_MANY_SIGN_INS_MESSAGE });
    // The oldest failure leaves the 15-minute window in 15 - 10 = 5 minutes.
    expect(refused.headers['retry-after']).toBe(String(5 * 60));
    expect(await eventsOf('paired')).toEqual(['sign_in_pair_blocked 198.51.100.200']);
    // Only that pair: the owner's address, and the attacker's address for another account, go on.
    expect((await signIn(app, 'paired', PASSWORD, from(USUAL))).statusCode).toBe(200);
    expect((await signIn(app, 'someone_else', WRONG, attacker)).statusCode).toBe(401);
    clock.advance(5 * MINUTE);
    expect((await signIn(app, 'paired', PASSWORD, attacker)).statusCode).toBe(200);
  }, 30_000);

  it('slows an attacked account down for new addresses only, one try per interval, and never locks it', async () => {
    const { app, clock } = await start({ signInAccountLimit: 3, signInAccountIntervalMs: 30_000 }, true);
    await createTestUser(app, 'slowed', clock.now);
    expect((await signIn(app, 'slowed', PASSWORD, from(USUAL))).statusCode).toBe(200);
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await signIn(app, 'slowed', WRONG, from(address))).statusCode).toBe(401);
    }
    clock.advance(10_000);
    // A new address, right password: it waits for the 30 s since the last try from a new address.
    const waiting = await signIn(app, 'slowed', PASSWORD, from('192.0.2.44'));
    expect(waiting.json()).toMatchObject({ status: 429, detail: TOO_MANY_SIGN_INS_MESSAGE });
    expect(waiting.headers['retry-after']).toBe('20');
    expect((await signIn(app, 'slowed', PASSWORD, from(USUAL))).statusCode).toBe(200);
    clock.advance(20_000);
    expect((await signIn(app, 'slowed', PASSWORD, from('192.0.2.44'))).statusCode).toBe(200);
    // That address is a usual one now: it is not held back any more.
    expect((await signIn(app, 'slowed', PASSWORD, from('192.0.2.44'))).statusCode).toBe(200);
    // An unknown name is slowed alike: the throttles do not tell which names are accounts.
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await signIn(app, 'no_such_user', WRONG, from(address))).statusCode).toBe(401);
    }
    expect((await signIn(app, 'no_such_user', WRONG, from('198.51.100.4'))).statusCode).toBe(429);
  }, 30_000);
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
  // The cookie of the attempt that may change the expired password, and nothing else: to the
  // shell it is no session (users/passwords.test.ts tries it on every other route).
  const attempt = sessionCookie(expired);
  expect(await live(app, attempt)).toBe(false);
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
