// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
import type { FastifyInstance } from 'fastify';
import { MESSAGES, ONE_TIME_CODE_TTL_MS, SIGN_IN_MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, PASSWORD, sessionCookie, withCookie, type SessionCookie, expectProblem } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { signIn } from '../testing/users';
import { createInitializationCode, GLOBAL_ADMIN_ROLE, INITIATOR_LOGIN, initializationLink } from './initiator';

const clock = manualClock(new Date('2030-05-01T00:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const newCode = async () => {
  const code = await createInitializationCode(app.database, clock.now());
  if (!code) throw new Error('no initialization code on an empty database');
  return code;
};

const initialize = (body: object, cookie?: SessionCookie) =>
  app.inject({
    method: 'POST',
    url: '/api/administration/initialization',
    payload: body,
    headers: cookie ? withCookie(cookie) : {},
  });

const VALID = {
  organization: { name: 'Acme Corp' },
  admin: { name: 'Ada Admin', login_id: 'ada_admin', email: 'ada@example.com', password: PASSWORD },
};

it('builds the link of the initialization route', () => {
  expect(initializationLink('http://127.0.0.1:8080', 'a-b_c')).toBe(
    'http://127.0.0.1:8080/administration/global/initialization?code=a-b_c',
  );
});

it('signs the Initiator in with the code, once, within 15 minutes; a new start replaces the code', async () => {
  const expired = await newCode();
  clock.advance(ONE_TIME_CODE_TTL_MS);
  expectProblem(await signIn(app, INITIATOR_LOGIN, expired), 401, SIGN_IN_MESSAGES[401]);

  const replaced = await newCode();
  const code = await newCode();
  expectProblem(await signIn(app, INITIATOR_LOGIN, replaced), 401, SIGN_IN_MESSAGES[401]);
  const response = await signIn(app, INITIATOR_LOGIN, code);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    authenticated: true,
    authentication_status: 'Authenticated',
    roles: ['_initiator'],
    user: { id: 'initiator', login_id: '@initiator', name: 'Initiator' },
    organization: null,
  });
  const cookie = sessionCookie(response);
  expect((await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(cookie) })).json()).toMatchObject({
    authentication_status: 'Authenticated',
    roles: ['_initiator'],
  });
  expectProblem(await signIn(app, INITIATOR_LOGIN, code), 401, SIGN_IN_MESSAGES[401]);
  // Nothing of a user's account applies to it.
  expectProblem(await app.inject({ method: 'DELETE', url: '/api/sessions/mfa', headers: withCookie(cookie) }), 403, STATUS_MESSAGES[403]);
});

it('lets only the Initiator initialize, checks the fields, creates the organization and Global Admin, and ends the Initiator session', async () => {
  expectProblem(await initialize(VALID), 401, STATUS_MESSAGES[401]);
  const initiator = sessionCookie(await signIn(app, INITIATOR_LOGIN, await newCode()));

  const invalid = await initialize(
    { organization: { name: '' }, admin: { name: 'Ada', login_id: 'Ada!', email: 'ada', password: 'weak' } },
    initiator,
  );
  expectProblem(invalid, 400, MESSAGES.required);
  expect(invalid.json().errors).toEqual([
    { field: 'organization.name', message: MESSAGES.required },
    { field: 'admin.login_id', message: MESSAGES.format.loginId },
    { field: 'admin.email', message: MESSAGES.format.email },
    { field: 'admin.password', message: MESSAGES.format.password },
  ]);

  const done = await initialize(VALID, initiator);
  expect(done.statusCode).toBe(201);
  expect(done.json()).toEqual({
    organization: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Acme Corp' },
    admin: { login_id: 'ada_admin' },
  });
  const seen = await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(initiator) });
  expect(seen.json().authentication_status).toBe('');

  // The Global Admin signs in normally and must set up two-factor.
  const admin = await signIn(app, 'ada_admin');
  expect(admin.json()).toMatchObject({ authentication_status: 'MfaSetup', organization: null, user: { login_id: 'ada_admin' } });
  const [row] = await app.database.query<{ roles: string[] }>("SELECT roles FROM users WHERE login_id = 'ada_admin'");
  expect(row?.roles).toEqual([GLOBAL_ADMIN_ROLE]);
});

it('offers no initialization once a user exists', async () => {
  expect(await createInitializationCode(app.database, clock.now())).toBeUndefined();
  const adminHalfway = sessionCookie(await signIn(app, 'ada_admin'));
  expectProblem(await initialize(VALID, adminHalfway), 403, STATUS_MESSAGES[403]);
});

it('refuses (409) to initialize once a user was created while the Initiator was signed in', async () => {
  const other = await createTestEnvironment();
  const fresh = likeTheApiClient(await buildApp({ config: other.config, now: clock.now }));
  try {
    const code = (await createInitializationCode(fresh.database, clock.now())) ?? '';
    const initiator = sessionCookie(await signIn(fresh, INITIATOR_LOGIN, code));
    await createTestUser(fresh, 'late_user', clock.now);
    const refused = await fresh.inject({
      method: 'POST',
      url: '/api/administration/initialization',
      payload: VALID,
      headers: withCookie(initiator),
    });
    expectProblem(refused, 409, STATUS_MESSAGES[409]);
  } finally {
    await fresh.close();
    await other.cleanup();
  }
}, 30_000);
