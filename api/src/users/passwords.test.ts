import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  MESSAGES,
  ONE_TIME_CODE_TTL_MS,
  OTP_RESET_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  SIGN_IN_MESSAGES,
  STATUS_MESSAGES,
} from '@portal/shared/server';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY } from '../config';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, PASSWORD, sessionCookie, withCookie, expectProblem } from '../identity/testing';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { CODE_FAILURE_LIMIT } from './one-time-codes';
import { RESET_REQUEST_FLOOR_MS } from './passwords';
import { authenticate, codeIn, lastMail, signIn } from './testing';

const NEW_PASSWORD = 'N3w!Passw0rd';
const DAY = 24 * 3_600_000;
const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  environment = await createTestEnvironment();
  const config = { ...environment.config, identity: { ...DEFAULT_IDENTITY, passwordMaxAgeDays: 90 } };
  app = likeTheApiClient(await buildApp({ config, now: clock.now }));
  for (const login of ['rita', 'sam', 'tom', 'uma', 'vic', 'walt', 'xena']) await createTestUser(app, login, clock.now);
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const forget = (username: string) =>
  app.inject({ method: 'PATCH', url: `/api/users/${encodeURIComponent(username)}/password/forget`, payload: { username } });

const reset = (username: string, code: string, newPassword = NEW_PASSWORD) =>
  app.inject({
    method: 'PATCH',
    url: `/api/users/${encodeURIComponent(username)}/password/otp-reset`,
    payload: { code, new_password: newPassword },
  });

async function mailedCode(login: string): Promise<string> {
  return codeIn(await lastMail(app, `${login}@example.com`));
}

describe('forgot password', () => {
  it('answers 204 for a known email, a known login id and an unknown name alike, mailing only the known user', async () => {
    const started = Date.now();
    const known = await forget('rita@example.com');
    const unknown = await forget('nobody@example.com');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * RESET_REQUEST_FLOOR_MS - 5);
    expect([known.statusCode, unknown.statusCode]).toEqual([204, 204]);
    expect(known.body).toBe(unknown.body);
    const mail = await lastMail(app, 'rita@example.com');
    expect(mail).toMatchObject({ to: 'rita@example.com', subject: 'Your password reset code' });
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    expect(await lastMail(app, 'nobody@example.com')).toBeUndefined();
    expect((await forget('rita')).statusCode).toBe(204);
  });

  it('resets with the mailed code, signing in at the two-factor step, not past it', async () => {
    await forget('sam@example.com');
    const response = await reset('sam@example.com', await mailedCode('sam'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ authenticated: false, authentication_status: 'MfaSetup', user: { login_id: 'sam' } });
    expect(sessionCookie(response).httpOnly).toBe(true);
    expectProblem(await signIn(app, 'sam'), 401, SIGN_IN_MESSAGES[401]);
    expect((await signIn(app, 'sam', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('asks a user with two-factor for the code after the reset, and ends the older session', async () => {
    const older = await authenticate(app, 'tom', clock.now);
    await forget('tom');
    const response = await reset('tom', await mailedCode('tom'));
    expect(response.json().authentication_status).toBe('MfaVerification');
    const seen = await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(older) });
    expect(seen.json().authentication_status).toBe('');
  });

  it('refuses a wrong, a used, a replaced and an expired code with the spec message', async () => {
    await forget('uma');
    const first = await mailedCode('uma');
    const wrong = first === '000000' ? '111111' : '000000';
    expectProblem(await reset('uma', wrong), 401, OTP_RESET_MESSAGES[401]);

    await forget('uma');
    const second = await mailedCode('uma');
    if (second !== first) expectProblem(await reset('uma', first), 401, OTP_RESET_MESSAGES[401]);
    expect((await reset('uma', second)).statusCode).toBe(200);
    expectProblem(await reset('uma', second, 'An0ther!Pass'), 401, OTP_RESET_MESSAGES[401]);

    await forget('uma');
    const third = await mailedCode('uma');
    clock.advance(ONE_TIME_CODE_TTL_MS);
    expectProblem(await reset('uma', third, 'An0ther!Pass'), 401, OTP_RESET_MESSAGES[401]);
  });

  it(`spends a code after ${CODE_FAILURE_LIMIT} wrong guesses`, async () => {
    await forget('vic');
    const code = await mailedCode('vic');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_FAILURE_LIMIT; i += 1) expectProblem(await reset('vic', wrong), 401, OTP_RESET_MESSAGES[401]);
    expectProblem(await reset('vic', code), 401, OTP_RESET_MESSAGES[401]);
  });

  it('refuses an unknown user and a weak or missing password with the spec messages', async () => {
    expectProblem(await reset('nobody', '123456'), 401, OTP_RESET_MESSAGES[401]);
    const weak = await reset('vic', '123456', 'weakpass');
    expectProblem(weak, 400, MESSAGES.format.password);
    expect(weak.json().errors).toEqual([{ field: 'new_password', message: MESSAGES.format.password }]);
    const empty = await app.inject({ method: 'PATCH', url: '/api/users/vic/password/otp-reset', payload: {} });
    expectProblem(empty, 400, MESSAGES.required);
    expectProblem(await reset('vic', '12a'), 400, MESSAGES.format.numeric);
  });
});

describe('change password (settings)', () => {
  const change = (username: string, body: object, cookie?: Parameters<typeof withCookie>[0]) =>
    app.inject({
      method: 'PATCH',
      url: `/api/users/${username}/changePassword`,
      payload: body,
      headers: cookie ? withCookie(cookie) : {},
    });

  let walt: Parameters<typeof withCookie>[0];

  it('needs an Authenticated session of that very user', async () => {
    expectProblem(await change('walt', { password: PASSWORD, new_password: NEW_PASSWORD }), 401, STATUS_MESSAGES[401]);
    const halfway = sessionCookie(await signIn(app, 'walt'));
    expectProblem(await change('walt', { password: PASSWORD, new_password: NEW_PASSWORD }, halfway), 403, STATUS_MESSAGES[403]);
    walt = await authenticate(app, 'walt', clock.now);
    expectProblem(await change('xena', { password: PASSWORD, new_password: NEW_PASSWORD }, walt), 403, STATUS_MESSAGES[403]);
  });

  it('refuses the same password, a wrong current one and a weak new one, then changes it', async () => {
    expectProblem(await change('walt', { password: PASSWORD, new_password: PASSWORD }, walt), 400, MESSAGES.samePassword);
    expectProblem(await change('walt', { password: 'Wr0ng!Pass', new_password: NEW_PASSWORD }, walt), 401, PASSWORD_CHANGE_MESSAGES[401]);
    expectProblem(await change('walt', { password: PASSWORD, new_password: 'short' }, walt), 400, MESSAGES.format.password);
    const done = await change('walt', { password: PASSWORD, new_password: NEW_PASSWORD }, walt);
    expect(done.statusCode).toBe(204);
    // The session stays; the password is the new one.
    expect((await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(walt) })).json().authenticated).toBe(true);
    expectProblem(await signIn(app, 'walt'), 401, SIGN_IN_MESSAGES[401]);
  });
});

describe('expired password', () => {
  const changeExpired = (username: string, body: object) =>
    app.inject({ method: 'PATCH', url: `/api/users/${username}/password/changeExpired`, payload: body });

  it('after the 403 of sign-in: refuses the same or a wrong password, then sets it and signs in at the two-factor step', async () => {
    clock.advance(91 * DAY);
    expectProblem(await signIn(app, 'xena'), 403, SIGN_IN_MESSAGES[403]);
    expectProblem(await changeExpired('xena', { password: PASSWORD, new_password: PASSWORD }), 400, MESSAGES.samePassword);
    expectProblem(await changeExpired('xena', { password: 'Wr0ng!Pass', new_password: NEW_PASSWORD }), 401, PASSWORD_CHANGE_MESSAGES[401]);
    expectProblem(await changeExpired('nobody', { password: PASSWORD, new_password: NEW_PASSWORD }), 401, PASSWORD_CHANGE_MESSAGES[401]);
    const done = await changeExpired('xena', { password: PASSWORD, new_password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ authentication_status: 'MfaSetup', user: { login_id: 'xena' } });
    sessionCookie(done);
    expect((await signIn(app, 'xena', NEW_PASSWORD)).statusCode).toBe(200);
  });
});
