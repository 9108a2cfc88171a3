// @backend-agnostic: the password flows' rules through the routes; the SQL is the same engine on PGlite.
import type { FastifyInstance } from 'fastify';
import {
  MESSAGES,
  ONE_TIME_CODE_TTL_MS,
  OTP_RESET_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_CHANGE_MESSAGES,
  SIGN_IN_MESSAGES,
  STATUS_MESSAGES,
  TOO_MANY_CODES_MESSAGE,
} from '@portal/shared/server';
import { manualClock } from '../identity/clock';
import {
  createTestUser,
  expectProblem,
  PASSWORD,
  sessionCookie,
  withCookie,
  type SessionCookie,
} from '../testing/identity';
import { PASSWORD_EXPIRED_SESSION_MS } from '../sessions/service';
import { ACCOUNT_CODE_FAILURE_LIMIT, CODE_WINDOW_MS } from '../sessions/throttles';
import { CODE_FAILURE_LIMIT } from './one-time-codes.repository';
import { RESET_REQUEST_FLOOR_MS } from './passwords';
import { accountFlowApp, authenticate, codeIn, lastMail, signIn } from '../testing/users';

const NEW_PASSWORD = 'N3w!Passw0rd';
const DAY = 24 * 3_600_000;
const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await accountFlowApp(clock));
  for (const login of ['rita', 'sam', 'tom', 'uma', 'vic', 'walt', 'xena', 'yves', 'zoe']) await createTestUser(app, login, clock.now);
}, 30_000);

afterAll(() => close());

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
    clock.advance(CODE_WINDOW_MS);
  });

  it(`limits wrong codes per account across new codes: ${ACCOUNT_CODE_FAILURE_LIMIT} in 15 minutes, then 429 even for a right code`, async () => {
    const guess = async (login: string) => {
      await forget(login);
      const code = await mailedCode(login);
      return { code, wrong: code === '000000' ? '111111' : '000000' };
    };
    // An attacker has a new code mailed after each few guesses, as the per-code limit asks.
    let answered: number[] = [];
    for (let i = 0; i < ACCOUNT_CODE_FAILURE_LIMIT + 3; i += 1) {
      const { wrong } = await guess('yves');
      answered.push((await reset('yves', wrong)).statusCode);
    }
    expect(answered).toEqual([...Array(ACCOUNT_CODE_FAILURE_LIMIT).fill(401), 429, 429, 429]);
    const { code } = await guess('yves');
    const refused = await reset('yves', code);
    expectProblem(refused, 429, TOO_MANY_CODES_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(CODE_WINDOW_MS / 1000);
    expectProblem(await signIn(app, 'yves', NEW_PASSWORD), 401, SIGN_IN_MESSAGES[401]);
    // An unknown name is limited alike: the answer does not tell which names are accounts.
    answered = [];
    for (let i = 0; i < ACCOUNT_CODE_FAILURE_LIMIT + 1; i += 1) answered.push((await reset('nobody_here', '123456')).statusCode);
    expect(answered).toEqual([...Array(ACCOUNT_CODE_FAILURE_LIMIT).fill(401), 429]);
    // The budget is the account's: another user's reset goes on.
    await forget('zoe');
    expect((await reset('zoe', await mailedCode('zoe'))).statusCode).toBe(200);
    const events = await app.database.query<{ kind: string }>(
      "SELECT kind FROM security_events WHERE login_id = 'yves' AND kind = 'reset_code_blocked'",
    );
    expect(events).toHaveLength(1);

    clock.advance(CODE_WINDOW_MS);
    const fresh = await guess('yves');
    expect((await reset('yves', fresh.code)).statusCode).toBe(200);
  });

  it("refuses another user's code: a code is bound to the account it was mailed for", async () => {
    await forget('rita');
    await forget('zoe');
    const ritas = await mailedCode('rita');
    if (ritas !== (await mailedCode('zoe'))) expectProblem(await reset('zoe', ritas), 401, OTP_RESET_MESSAGES[401]);
    expect((await reset('rita', ritas)).statusCode).toBe(200);
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

describe('passwords beyond the minimum (issue 20 finding 10)', () => {
  it('sets a Unicode password, a passphrase with spaces, and signs in with the Unicode one composed otherwise', async () => {
    await createTestUser(app, 'ulla', clock.now);
    const ulla = await authenticate(app, 'ulla', clock.now);
    const change = (password: string, newPassword: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/users/ulla/changePassword',
        payload: { password, new_password: newPassword },
        headers: withCookie(ulla),
      });
    const unicode = 'Pässwörd1@'.normalize('NFC');
    expect((await change(PASSWORD, unicode)).statusCode).toBe(204);
    // 'ä' as 'a' and a combining mark, as another keyboard or system may send it.
    expect(unicode.normalize('NFD')).not.toBe(unicode);
    expect((await signIn(app, 'ulla', unicode.normalize('NFD'))).statusCode).toBe(200);
    const passphrase = 'Correct horse battery staple, 1 more try!';
    expect((await change(unicode.normalize('NFD'), passphrase)).statusCode).toBe(204);
    expect((await signIn(app, 'ulla', passphrase)).statusCode).toBe(200);
    expectProblem(await change(passphrase, `Aa1@${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`), 400, MESSAGES.maxLength(PASSWORD_MAX_LENGTH));
  });
});

describe('expired password', () => {
  const changeExpired = (username: string, body: object, cookie?: SessionCookie) =>
    app.inject({
      method: 'PATCH',
      url: `/api/users/${username}/password/changeExpired`,
      payload: body,
      headers: cookie ? withCookie(cookie) : {},
    });
  const change = { password: PASSWORD, new_password: NEW_PASSWORD };

  it('after the 403 of sign-in: refuses the same or a wrong password, then sets it and signs in at the two-factor step', async () => {
    clock.advance(91 * DAY);
    const expired = await signIn(app, 'xena');
    expectProblem(expired, 403, SIGN_IN_MESSAGES[403]);
    const attempt = sessionCookie(expired);
    expectProblem(await changeExpired('xena', { password: PASSWORD, new_password: PASSWORD }, attempt), 400, MESSAGES.samePassword);
    expectProblem(await changeExpired('xena', { password: 'Wr0ng!Pass', new_password: NEW_PASSWORD }, attempt), 401, PASSWORD_CHANGE_MESSAGES[401]);
    const done = await changeExpired('xena', change, attempt);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ authentication_status: 'MfaSetup', user: { login_id: 'xena' } });
    expect(sessionCookie(done).value).not.toBe(attempt.value);
    expect((await signIn(app, 'xena', NEW_PASSWORD)).statusCode).toBe(200);
    // The attempt's session ended with the change: replayed, it changes nothing.
    expectProblem(await changeExpired('xena', { password: NEW_PASSWORD, new_password: 'Th1rd!Passw0rd' }, attempt), 401, STATUS_MESSAGES[401]);
  });

  it('is refused without a session: the current password alone does not change it (issue 20 finding 5)', async () => {
    // quinn2's password has not expired; an attacker knowing it tries to replace it.
    await createTestUser(app, 'quinn2', clock.now);
    const victim = await authenticate(app, 'quinn2', clock.now);
    expectProblem(await changeExpired('quinn2', change), 401, STATUS_MESSAGES[401]);
    // Nothing was written: the victim's session lives on and the password is the old one.
    expect((await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(victim) })).json().authenticated).toBe(true);
    expect((await signIn(app, 'quinn2')).statusCode).toBe(200);
  });

  it("is refused from a session not in the expired state, or of another user, with 403", async () => {
    await createTestUser(app, 'ned', clock.now);
    await createTestUser(app, 'olaf', clock.now);
    // A session of the user itself, but at the two-factor step or signed in: not the expired one.
    expectProblem(await changeExpired('ned', change, sessionCookie(await signIn(app, 'ned'))), 403, STATUS_MESSAGES[403]);
    expectProblem(await changeExpired('ned', change, await authenticate(app, 'ned', clock.now)), 403, STATUS_MESSAGES[403]);
    // olaf's own expired-password attempt, used on ned's account.
    clock.advance(91 * DAY);
    const olafs = sessionCookie(await signIn(app, 'olaf'));
    expectProblem(await changeExpired('ned', change, olafs), 403, STATUS_MESSAGES[403]);
    expectProblem(await changeExpired('ned@example.com', change, olafs), 403, STATUS_MESSAGES[403]);
    expect((await signIn(app, 'ned')).statusCode).toBe(403);
    // olaf may change olaf's, by login id or email.
    expect((await changeExpired('olaf@example.com', change, olafs)).statusCode).toBe(200);
  });

  it('gives the expired-password attempt nothing else: it is no session to the shell and expires in 10 minutes', async () => {
    await createTestUser(app, 'pia', clock.now);
    clock.advance(91 * DAY);
    const attempt = sessionCookie(await signIn(app, 'pia'));
    const seen = await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(attempt) });
    expect(seen.json()).toMatchObject({ authenticated: false, authentication_status: '' });
    expect(seen.json().user).toBeUndefined();
    for (const [method, url] of [
      ['POST', '/api/sessions/mfa'],
      ['POST', '/api/sessions/mfa/verify/123456'],
      ['GET', '/api/users'],
      ['DELETE', '/api/sessions/mfa'],
    ] as const) {
      expect((await app.inject({ method, url, headers: withCookie(attempt) })).statusCode).toBe(403);
    }
    expectProblem(
      await app.inject({ method: 'PATCH', url: '/api/users/pia/changePassword', payload: change, headers: withCookie(attempt) }),
      403,
      STATUS_MESSAGES[403],
    );
    clock.advance(PASSWORD_EXPIRED_SESSION_MS);
    expectProblem(await changeExpired('pia', change, attempt), 401, STATUS_MESSAGES[401]);
  });
});
