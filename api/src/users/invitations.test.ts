// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
import type { FastifyInstance } from 'fastify';
import { INVALID_INVITATION_MESSAGE, MESSAGES, OTP_RESET_MESSAGES, SIGN_IN_MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, sessionCookie, withCookie, type SessionCookie, expectProblem } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { INVITATION_TTL_MS } from './invitations';
import { authenticate, codeIn, lastMail, signIn } from '../testing/users';

const NEW_PASSWORD = 'N3w!Passw0rd';
const clock = manualClock(new Date('2030-03-01T00:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let inviter: SessionCookie;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'global', clock.now);
  inviter = await authenticate(app, 'olga', clock.now);
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const invite = (body: object, cookie: SessionCookie | undefined = inviter) =>
  app.inject({ method: 'POST', url: '/api/users/invitations', payload: body, headers: cookie ? withCookie(cookie) : {} });
const lookup = (token: string) => app.inject({ method: 'GET', url: `/api/users/invitation/${token}` });
const proceed = (token: string, body: object = {}) =>
  app.inject({ method: 'PATCH', url: `/api/users/invitation/${token}`, payload: body });

const person = (login: string) => ({ email: `${login}@example.org`, name: `Invited ${login}`, login_id: login, roles: ['AUTHOR'] });

it('invites into the inviter organization, mails the link, and completes with a mailed code into two-factor setup', async () => {
  const created = await invite(person('nina'));
  expect(created.statusCode).toBe(201);
  const { token, link } = created.json();
  expect(link).toBe(`/user-invitation/${token}`);
  expect((await lastMail(app, 'nina@example.org'))?.text).toContain(`http://localhost:80${link}`);
  // Not a user who can sign in yet.
  expectProblem(await signIn(app, 'nina', NEW_PASSWORD), 401, SIGN_IN_MESSAGES[401]);

  expect(await lookup(token).then((response) => response.json())).toEqual({ email: 'nina@example.org' });
  expect((await proceed(token)).statusCode).toBe(204);
  const code = codeIn(await lastMail(app, 'nina@example.org'));
  expectProblem(await proceed(token, { code: code === '000000' ? '111111' : '000000', new_password: NEW_PASSWORD }), 401, OTP_RESET_MESSAGES[401]);
  expectProblem(await proceed(token, { code, new_password: 'weak' }), 400, MESSAGES.format.password);

  const done = await proceed(token, { code, new_password: NEW_PASSWORD });
  expect(done.statusCode).toBe(200);
  expect(done.json()).toMatchObject({
    authentication_status: 'MfaSetup',
    user: { login_id: 'nina', name: 'Invited nina' },
    organization: { name: 'Acme' },
  });
  sessionCookie(done);
  // Spent: the link is now invalid, and the password works.
  expectProblem(await lookup(token), 404, INVALID_INVITATION_MESSAGE);
  expectProblem(await proceed(token), 404, INVALID_INVITATION_MESSAGE);
  expect((await signIn(app, 'nina', NEW_PASSWORD)).json().authentication_status).toBe('MfaSetup');
});

it('answers an unknown or expired invitation with the spec message', async () => {
  expectProblem(await lookup('no-such-token'), 404, INVALID_INVITATION_MESSAGE);
  const { token } = (await invite(person('oscar'))).json();
  expect((await lookup(token)).statusCode).toBe(200);
  clock.advance(INVITATION_TTL_MS);
  expectProblem(await lookup(token), 404, INVALID_INVITATION_MESSAGE);
  expectProblem(await proceed(token), 404, INVALID_INVITATION_MESSAGE);
  expectProblem(await proceed(token, { code: '123456', new_password: NEW_PASSWORD }), 404, INVALID_INVITATION_MESSAGE);
});

it('refuses an expired code', async () => {
  const response = await invite(person('pia'), await freshInviter('olga_2'));
  const { token } = response.json();
  await proceed(token);
  const code = codeIn(await lastMail(app, 'pia@example.org'));
  clock.advance(15 * 60_000);
  expectProblem(await proceed(token, { code, new_password: NEW_PASSWORD }), 401, OTP_RESET_MESSAGES[401]);
});

it('needs an Authenticated user of an organization, and valid fields', async () => {
  expectProblem(await invite(person('quinn'), undefined), 401, STATUS_MESSAGES[401]);
  expectProblem(await invite(person('quinn'), sessionCookie(await signIn(app, 'global'))), 403, STATUS_MESSAGES[403]);
  const active = await freshInviter('olga_3');
  const bad = await invite({ email: 'not-an-email', name: '', login_id: 'Q' }, active);
  expectProblem(bad, 400, MESSAGES.format.loginId);
  expect(bad.json().errors).toEqual([
    { field: 'login_id', message: MESSAGES.format.loginId },
    { field: 'name', message: MESSAGES.required },
    { field: 'email', message: MESSAGES.format.email },
  ]);
  expectProblem(await invite({ ...person('rolf'), roles: ['_global_admin'] }, active), 400, "'_global_admin' is not a role name.");
  expectProblem(await invite({ ...person('olga') }, active), 400, "A user with login id 'olga' already exists.");
});

/** A new Authenticated user of Acme: the clock moves past session timeouts between tests. */
async function freshInviter(login: string): Promise<SessionCookie> {
  await createTestUser(app, login, clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  return authenticate(app, login, clock.now);
}
