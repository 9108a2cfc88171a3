// Every route that sets a password refuses one of the 10,000 most common (issue 20 "must be
// true" 8) with 400 and our message at the password field, and writes nothing.
// @backend-agnostic: the password policy refuses before any write; the flows' SQL runs against the
// servers in users/passwords and the account suites.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@portal/shared/server';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, PASSWORD, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { createInitializationCode, INITIATOR_LOGIN } from '../initialization/initiator';
import { createOrganizationCommand, createUserCommand } from '../cli/users';
import { accountFlowApp, authenticate, codeIn, globalAdmin, lastMail, signIn } from '../testing/users';

// Each has the spec's minimum (upper, lower, digit, one of @$!%*?&) and is common.
const COMMON = 'P@ssw0rd';
const COMMON_DECORATED = 'Passw0rd!';
const GOOD = 'Tr0ub4dor&3-horse';
const DAY = 24 * 3_600_000;
const clock = manualClock(new Date('2030-07-01T00:00:00Z'));
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await accountFlowApp(clock));
}, 30_000);

afterAll(() => close());

const call = (method: 'POST' | 'PATCH', url: string, payload: object, cookie?: SessionCookie) =>
  app.inject({ method, url: `/api${url}`, payload, headers: cookie ? withCookie(cookie) : {} });

function expectCommon(response: LightMyRequestResponse, field = 'new_password'): void {
  expectProblem(response, 400, MESSAGES.commonPassword);
  expect(response.json().errors).toEqual([{ field, message: MESSAGES.commonPassword }]);
}

// First, on the empty database: the Initiator's Global Admin.
it('initialization: the first Global Admin', async () => {
  const code = await createInitializationCode(app.database, clock.now());
  const initiator = sessionCookie(await signIn(app, INITIATOR_LOGIN, code ?? ''));
  const body = (password: string) => ({
    organization: { name: 'First' },
    admin: { name: 'First Admin', login_id: 'first_admin', email: 'first@example.com', password },
  });
  expectCommon(await call('POST', '/administration/initialization', body(COMMON), initiator), 'admin.password');
  const [{ count }] = await app.database.query<{ count: string }>('SELECT count(*)::text AS count FROM users');
  expect(count).toBe('0');
  expect((await call('POST', '/administration/initialization', body(GOOD), initiator)).statusCode).toBeLessThan(300);
});

describe('with an organization', () => {
  let olga: SessionCookie;

  beforeAll(async () => {
    await createOrganizationCommand(app.database, ['--name', 'Acme']);
    await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
    for (const login of ['carl', 'dina', 'erik', 'fred']) await createTestUser(app, login, clock.now, '--org', 'Acme');
    olga = await authenticate(app, 'olga', clock.now);
  }, 30_000);

  it('create-user on the command line', async () => {
    const args = (password: string) => ['--org', 'Acme', '--login', 'cli_user', '--email', 'cli@example.com', '--name', 'Cli', '--password', password];
    const refused = await createUserCommand(app.database, args(COMMON_DECORATED), clock.now);
    expect(refused.code).not.toBe(0);
    expect(refused.lines.join('\n')).toContain(`password: ${MESSAGES.commonPassword}`);
    expect((await createUserCommand(app.database, args(GOOD), clock.now)).code).toBe(0);
  });

  it("a new organization's first admin", async () => {
    const gina = await globalAdmin(app, clock.now);
    const body = (password: string) => ({ name: 'Globex', admin: { login_id: 'hank', name: 'Hank', email: 'hank@example.com', password } });
    expectCommon(await call('POST', '/organizations', body(COMMON), gina), 'admin.password');
    expect((await call('POST', '/organizations', body(GOOD), gina)).statusCode).toBe(201);
  });

  it('invitation, and the administrator activating an invited user', async () => {
    const invited = await call('POST', '/users/invitations', { email: 'ivy@example.org', name: 'Ivy', login_id: 'ivy', roles: [] }, olga);
    const { token } = invited.json() as { token: string };
    expect((await call('PATCH', `/users/invitation/${token}`, {})).statusCode).toBe(204);
    const code = codeIn(await lastMail(app, 'ivy@example.org'));
    expectCommon(await call('PATCH', `/users/invitation/${token}`, { code, new_password: COMMON }));
    // The code was not spent on the refusal.
    expect((await call('PATCH', `/users/invitation/${token}`, { code, new_password: GOOD })).statusCode).toBe(200);

    const jill = await call('POST', '/users', { login_id: 'jill', name: 'Jill', email: 'jill@example.org', roles: [] }, olga);
    const { id } = jill.json() as { id: string };
    expectCommon(await call('PATCH', `/users/${id}/activate`, { new_password: COMMON_DECORATED }, olga));
    expect((await call('PATCH', `/users/${id}/activate`, { new_password: GOOD }, olga)).statusCode).toBe(200);
  });

  it("the administrator's reset of a user's password", async () => {
    const [{ id }] = await app.database.query<{ id: string }>("SELECT id FROM users WHERE login_id = 'carl'");
    expectCommon(await call('PATCH', `/users/${id}/password/reset`, { new_password: COMMON }, olga));
    expect((await signIn(app, 'carl')).statusCode).toBe(200);
  });

  it('reset with a mailed code, and the change of one\'s own password', async () => {
    await call('PATCH', '/users/dina/password/forget', { username: 'dina' });
    const code = codeIn(await lastMail(app, 'dina@example.com'));
    expectCommon(await call('PATCH', '/users/dina/password/otp-reset', { code, new_password: COMMON_DECORATED }));
    expect((await signIn(app, 'dina')).statusCode).toBe(200);
    expect((await call('PATCH', '/users/dina/password/otp-reset', { code, new_password: GOOD })).statusCode).toBe(200);

    const erik = await authenticate(app, 'erik', clock.now);
    expectCommon(await call('PATCH', '/users/erik/changePassword', { password: PASSWORD, new_password: COMMON }, erik));
    expect((await signIn(app, 'erik')).statusCode).toBe(200);
  });

  it('the change of an expired password', async () => {
    clock.advance(91 * DAY);
    const attempt = sessionCookie(await signIn(app, 'fred'));
    expectCommon(await call('PATCH', '/users/fred/password/changeExpired', { password: PASSWORD, new_password: COMMON }, attempt));
    expect((await call('PATCH', '/users/fred/password/changeExpired', { password: PASSWORD, new_password: GOOD }, attempt)).statusCode).toBe(200);
  });
});
