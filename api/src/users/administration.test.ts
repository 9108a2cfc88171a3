// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// User administration through the API (spec 7 Users, docs/authorization.md): the User List's
// calls as an organization admin, refused for readers and authors, blind to other organizations,
// ending sessions where they must, and held to the organization's user limit.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEFAULT_MODULE_CONFIGURATION, MESSAGES, PERMISSIONS, SIGN_IN_MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { setMembership } from '../authorization/memberships.repository';
import { manualClock } from '../identity/clock';
import { PASSWORD, createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { insertRoleRow } from '../iam/repository';
import { findOrganizationByName, updateModuleConfiguration } from '../organizations/repository';
import { ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { CANNOT_DEACTIVATE_ONESELF, CANNOT_DELETE_ONESELF, ALREADY_ACTIVE, ORGANIZATION_PARAMETER_REQUIRED } from './administration';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin, type UserSummary } from './repository';
import { authenticate, lastMail, signIn } from '../testing/users';

const NEW_PASSWORD = 'N3w!Passw0rd';
const MALFORMED_ID = 'not-a-uuid';
const clock = manualClock(new Date('2030-04-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // Acme, READER held organization-wide (--role)
let arthur: SessionCookie; // Acme, AUTHOR through a membership of p1
let bob: SessionCookie; // Beta's ORG_ADMIN
let gina: SessionCookie; // Global Admin
let enroller: SessionCookie; // Acme, a custom role that may enroll but not disenroll
const ids: Record<string, string> = {};
let acmeId: string;
let betaId: string;

async function idOf(login: string): Promise<string> {
  const user = await findUserByLogin(app.database, login);
  if (!user) throw new Error(`no user ${login}`);
  return user.id;
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  acmeId = (await findOrganizationByName(app.database, 'Acme'))!.id;
  betaId = (await findOrganizationByName(app.database, 'Beta'))!.id;
  const p1 = (await ensureProcess(app.database, acmeId, { code_name: 'p1', name: 'Process one', type: 'REQUIREMENTS', dashboard_type: 'LIVE' })).process;
  await ensureProcess(app.database, betaId, { code_name: 'q1', name: 'Beta process', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
  await insertRoleRow(app.database, {
    organizationId: acmeId,
    name: 'SEC_LEAD',
    kind: 'organization',
    description: 'Security lead.',
    builtIn: false,
    policies: [],
    now: clock.now(),
  });
  await insertRoleRow(app.database, {
    organizationId: acmeId,
    name: 'ENROLLER',
    kind: 'organization',
    description: 'Enrolls users into processes.',
    builtIn: false,
    policies: [{ effect: 'allow', actions: ['enroll'], resources: ['User'], condition: null }],
    now: clock.now(),
  });
  await insertRoleRow(app.database, {
    organizationId: betaId,
    name: 'BETA_ONLY',
    kind: 'organization',
    description: 'A role of another organization.',
    builtIn: false,
    policies: [],
    now: clock.now(),
  });

  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--role', 'READER');
  await createTestUser(app, 'arthur', clock.now, '--org', 'Acme');
  await createTestUser(app, 'rev', clock.now, '--org', 'Acme');
  await createTestUser(app, 'enroller', clock.now, '--org', 'Acme', '--role', 'ENROLLER');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'betty', clock.now, '--org', 'Beta');
  await createTestUser(app, 'gina', clock.now, '--role', '_global_admin');
  for (const login of ['olga', 'rita', 'arthur', 'rev', 'enroller', 'bob', 'betty']) ids[login] = await idOf(login);
  await setMembership(app.database, ids.arthur, p1.id, ['AUTHOR']);
  await setMembership(app.database, ids.rev, p1.id, ['REVIEWER']);
  olga = await authenticate(app, 'olga', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  arthur = await authenticate(app, 'arthur', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
  gina = await authenticate(app, 'gina', clock.now);
  enroller = await authenticate(app, 'enroller', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const call = (cookie: SessionCookie | undefined, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? withCookie(cookie) : {}, ...(payload ? { payload } : {}) });

const invitee = (login: string, extra: object = {}) => ({
  login_id: login,
  name: `Invited ${login}`,
  email: `${login}@example.org`,
  ...extra,
});

async function listOf(cookie: SessionCookie, query = ''): Promise<UserSummary[]> {
  const response = await call(cookie, 'GET', `/api/users${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/users', () => {
  it("lists the caller's organization with roles, memberships and workgroups — nobody of another organization", async () => {
    const users = await listOf(olga);
    expect(users.map((user) => user.login_id)).toEqual(['arthur', 'enroller', 'olga', 'rev', 'rita']);
    expect(users.find((user) => user.login_id === 'arthur')).toEqual({
      id: ids.arthur,
      login_id: 'arthur',
      name: 'User arthur',
      email: 'arthur@example.com',
      roles: [],
      inactive: false,
      mfa_enabled: true,
      memberships: [{ process: 'p1', roles: ['AUTHOR'] }],
      workgroups: [],
    });
    expect((await listOf(bob)).map((user) => user.login_id)).toEqual(['betty', 'bob']);
  });

  it('lets a Global Admin name the organization; an organization user cannot name another one', async () => {
    expect((await listOf(gina, `?organization=${betaId}`)).map((user) => user.login_id)).toEqual(['betty', 'bob']);
    expectProblem(await call(gina, 'GET', '/api/users'), 400, ORGANIZATION_PARAMETER_REQUIRED);
    expectProblem(await call(gina, 'GET', `/api/users?organization=${MALFORMED_ID}`), 404, STATUS_MESSAGES[404]);
    expectProblem(await call(olga, 'GET', `/api/users?organization=${betaId}`), 404, STATUS_MESSAGES[404]);
    expect((await listOf(olga, `?organization=${acmeId}`)).length).toBe(5);
  });

  it('is refused without list=>User and without a session', async () => {
    expectProblem(await call(rita, 'GET', '/api/users'), 403, STATUS_MESSAGES[403]);
    expectProblem(await call(undefined, 'GET', '/api/users'), 401, STATUS_MESSAGES[401]);
  });
});

describe('POST /api/users (invite)', () => {
  it('creates the user inactive with organization roles and memberships, and mails the invitation link', async () => {
    const response = await call(
      olga,
      'POST',
      '/api/users',
      invitee('nina', { roles: ['DEMO', 'SEC_LEAD'], memberships: [{ process: 'P1', roles: ['AUTHOR', 'REVIEWER'] }] }),
    );
    expect(response.statusCode).toBe(201);
    const created: UserSummary = response.json();
    expect(created).toMatchObject({
      login_id: 'nina',
      name: 'Invited nina',
      email: 'nina@example.org',
      roles: ['DEMO', 'SEC_LEAD'],
      inactive: true,
      mfa_enabled: false,
      memberships: [{ process: 'p1', roles: ['AUTHOR', 'REVIEWER'] }],
      workgroups: [],
    });
    const mail = await lastMail(app, 'nina@example.org');
    expect(mail?.subject).toBe('You are invited to the portal');
    const link = /http:\/\/localhost:80(\/user-invitation\/\S+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
    // The link is a live invitation of the account flow.
    const token = link!.replace('/user-invitation/', '');
    expect((await call(undefined, 'GET', `/api/users/invitation/${token}`)).json()).toEqual({ email: 'nina@example.org' });
    expectProblem(await signIn(app, 'nina', PASSWORD), 401, SIGN_IN_MESSAGES[401]);
  });

  it('accepts only organization roles and process roles in memberships, with spec 5 messages', async () => {
    expectProblem(await call(olga, 'POST', '/api/users', invitee('xx1', { roles: ['AUTHOR'] })), 400, "'AUTHOR' is not an organization role.");
    expectProblem(
      await call(olga, 'POST', '/api/users', invitee('xx2', { roles: ['_global_admin'] })),
      400,
      "'_global_admin' is not an organization role.",
    );
    expectProblem(
      await call(olga, 'POST', '/api/users', invitee('xx3', { roles: ['BETA_ONLY'] })),
      400,
      "'BETA_ONLY' is not an organization role.",
    );
    expectProblem(
      await call(olga, 'POST', '/api/users', invitee('xx4', { memberships: [{ process: 'p1', roles: ['ORG_ADMIN'] }] })),
      400,
      "'ORG_ADMIN' is not a process role.",
    );
    const invalid = await call(olga, 'POST', '/api/users', { login_id: 'X!', name: '', email: 'nope' });
    expectProblem(invalid, 400, MESSAGES.format.loginId);
    expect(invalid.json().errors).toEqual([
      { field: 'login_id', message: MESSAGES.format.loginId },
      { field: 'name', message: MESSAGES.required },
      { field: 'email', message: MESSAGES.format.email },
    ]);
    expectProblem(await call(olga, 'POST', '/api/users', invitee('olga')), 400, "A user with login id 'olga' already exists.");
    expect((await listOf(olga)).map((user) => user.login_id)).not.toEqual(expect.arrayContaining(['xx1', 'xx2', 'xx3', 'xx4']));
  });

  it("does not enroll into another organization's process (404)", async () => {
    expectProblem(
      await call(olga, 'POST', '/api/users', invitee('xx5', { memberships: [{ process: 'q1', roles: ['READER'] }] })),
      404,
      STATUS_MESSAGES[404],
    );
  });
});

describe('PUT /api/users/{id}', () => {
  it('changes name, email and organization roles', async () => {
    const response = await call(olga, 'PUT', `/api/users/${ids.rev}`, { name: 'Rev Iewer', email: 'rev@example.net', roles: ['DEMO'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.rev, name: 'Rev Iewer', email: 'rev@example.net', roles: ['DEMO'] });
  });

  it('keeps a role the user holds already, refuses new non-organization roles', async () => {
    // rita holds READER organization-wide (an older grant): it may stay.
    const kept = await call(olga, 'PUT', `/api/users/${ids.rita}`, { name: 'User rita', email: 'rita@example.com', roles: ['READER'] });
    expect(kept.statusCode).toBe(200);
    expectProblem(
      await call(olga, 'PUT', `/api/users/${ids.rev}`, { name: 'Rev', email: 'rev@example.net', roles: ['_global_admin'] }),
      400,
      "'_global_admin' is not an organization role.",
    );
    expectProblem(await call(olga, 'PUT', `/api/users/${ids.rev}`, { name: 'Rev', email: 'bad' }), 400, MESSAGES.format.email);
  });
});

describe('activation, deactivation and password reset', () => {
  it('activates an invited user with a password of the spec 5 rules', async () => {
    const invited: UserSummary = (await call(olga, 'POST', '/api/users', invitee('ivan'))).json();
    expectProblem(
      await call(olga, 'PATCH', `/api/users/${invited.id}/activate`, { new_password: 'weak' }),
      400,
      MESSAGES.format.password,
    );
    const response = await call(olga, 'PATCH', `/api/users/${invited.id}/activate`, { new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ login_id: 'ivan', inactive: false });
    expect((await signIn(app, 'ivan', NEW_PASSWORD)).statusCode).toBe(200);
    expectProblem(await call(olga, 'PATCH', `/api/users/${invited.id}/activate`, { new_password: NEW_PASSWORD }), 409, ALREADY_ACTIVE);
  });

  it("deactivates a user: their session ends at once and they cannot sign in; never oneself", async () => {
    await createTestUser(app, 'dora', clock.now, '--org', 'Acme');
    const dora = await authenticate(app, 'dora', clock.now);
    expect((await call(dora, 'GET', '/api/sessions')).json()).toMatchObject({ authenticated: true });
    const response = await call(olga, 'PATCH', `/api/users/${await idOf('dora')}/deactivate`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ login_id: 'dora', inactive: true });
    expect((await call(dora, 'GET', '/api/sessions')).json()).toMatchObject({ authenticated: false });
    expectProblem(await signIn(app, 'dora'), 401, SIGN_IN_MESSAGES[401]);
    expectProblem(await call(olga, 'PATCH', `/api/users/${ids.olga}/deactivate`), 409, CANNOT_DEACTIVATE_ONESELF);
    // Activated again with a new password, the user signs in with it.
    expect((await call(olga, 'PATCH', `/api/users/${await idOf('dora')}/activate`, { new_password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await signIn(app, 'dora', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("resets a user's password: their sessions end, the new password signs in and the old one no more", async () => {
    await createTestUser(app, 'paul', clock.now, '--org', 'Acme');
    const paul = await authenticate(app, 'paul', clock.now);
    expectProblem(await call(olga, 'PATCH', `/api/users/${await idOf('paul')}/password/reset`, { new_password: 'short' }), 400, MESSAGES.format.password);
    expect((await call(paul, 'GET', '/api/sessions')).json()).toMatchObject({ authenticated: true });
    const response = await call(olga, 'PATCH', `/api/users/${await idOf('paul')}/password/reset`, { new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);
    expect((await call(paul, 'GET', '/api/sessions')).json()).toMatchObject({ authenticated: false });
    expectProblem(await signIn(app, 'paul', PASSWORD), 401, SIGN_IN_MESSAGES[401]);
    expect((await signIn(app, 'paul', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('PATCH /api/users/memberships', () => {
  it('enrolls with process roles and disenrolls with []', async () => {
    const enrolled = await call(olga, 'PATCH', '/api/users/memberships', { user_id: ids.rita, process: 'p1', roles: ['REVIEWER'] });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json()).toMatchObject({ id: ids.rita, memberships: [{ process: 'p1', roles: ['REVIEWER'] }] });
    const disenrolled = await call(olga, 'PATCH', '/api/users/memberships', { user_id: ids.rita, process: 'p1', roles: [] });
    expect(disenrolled.json()).toMatchObject({ id: ids.rita, memberships: [] });
    expectProblem(
      await call(olga, 'PATCH', '/api/users/memberships', { user_id: ids.rita, process: 'p1', roles: ['ORG_ADMIN'] }),
      400,
      "'ORG_ADMIN' is not a process role.",
    );
  });

  it('needs enroll=>User to enroll and disenroll=>User to disenroll', async () => {
    const enrolled = await call(enroller, 'PATCH', '/api/users/memberships', { user_id: ids.rita, process: 'p1', roles: ['READER'] });
    expect(enrolled.statusCode).toBe(200);
    expectProblem(
      await call(enroller, 'PATCH', '/api/users/memberships', { user_id: ids.rita, process: 'p1', roles: [] }),
      403,
      STATUS_MESSAGES[403],
    );
  });

  it("does not touch another organization's user or process (404)", async () => {
    for (const body of [
      { user_id: ids.betty, process: 'p1', roles: ['READER'] },
      { user_id: ids.rita, process: 'q1', roles: ['READER'] },
      { user_id: MALFORMED_ID, process: 'p1', roles: ['READER'] },
      { user_id: ids.rita, process: 'nope', roles: [] },
    ]) {
      expectProblem(await call(olga, 'PATCH', '/api/users/memberships', body), 404, STATUS_MESSAGES[404]);
    }
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user of the organization, never oneself', async () => {
    const invited: UserSummary = (await call(olga, 'POST', '/api/users', invitee('gone'))).json();
    expect((await call(olga, 'DELETE', `/api/users/${invited.id}`)).statusCode).toBe(204);
    expect((await listOf(olga)).map((user) => user.login_id)).not.toContain('gone');
    expectProblem(await call(olga, 'DELETE', `/api/users/${invited.id}`), 404, STATUS_MESSAGES[404]);
    expectProblem(await call(olga, 'DELETE', `/api/users/${ids.olga}`), 409, CANNOT_DELETE_ONESELF);
  });
});

describe('refusals', () => {
  const mutations = (target: string): [InjectOptions['method'], string, object | undefined][] => [
    ['POST', '/api/users', invitee('never')],
    ['PUT', `/api/users/${target}`, { name: 'X', email: 'x@example.org', roles: [] }],
    ['DELETE', `/api/users/${target}`, undefined],
    ['PATCH', `/api/users/${target}/activate`, { new_password: NEW_PASSWORD }],
    ['PATCH', `/api/users/${target}/deactivate`, undefined],
    ['PATCH', `/api/users/${target}/password/reset`, { new_password: NEW_PASSWORD }],
    ['PATCH', '/api/users/memberships', { user_id: target, process: 'p1', roles: ['READER'] }],
    ['PATCH', '/api/users/memberships', { user_id: target, process: 'p1', roles: [] }],
  ];

  it('refuses every mutation to a READER (organization role) and an AUTHOR (membership) with 403', async () => {
    for (const [method, url, payload] of mutations(ids.rev)) {
      expectProblem(await call(rita, method, url, payload), 403, STATUS_MESSAGES[403]);
      expectProblem(await call(arthur, method, `${url}${url.includes('?') ? '&' : '?'}graph=p1`, payload), 403, STATUS_MESSAGES[403]);
    }
  });

  it("answers 404 for another organization's user ids and for malformed ids", async () => {
    for (const target of [ids.rev, MALFORMED_ID]) {
      for (const [method, url, payload] of mutations(target).slice(1)) {
        expectProblem(await call(bob, method, url, payload), 404, STATUS_MESSAGES[404]);
      }
    }
    expect((await listOf(olga)).find((user) => user.id === ids.rev)).toMatchObject({ inactive: false, name: 'Rev Iewer' });
  });
});

describe('GET /api/users/assignees', () => {
  it("lists the organization's active users who hold the permission in the process", async () => {
    const response = await call(olga, 'GET', `/api/users/assignees?permission=${encodeURIComponent(PERMISSIONS.requirements.TASK.ASSIGN)}&graph=p1`);
    expect(response.statusCode).toBe(200);
    // ORG_ADMIN everywhere, REVIEWER in p1; not READER (rita), AUTHOR (arthur), nor the invited, inactive
    // nina although REVIEWER in p1.
    expect((await listOf(olga)).find((user) => user.login_id === 'nina')).toMatchObject({
      inactive: true,
      memberships: [{ process: 'p1', roles: ['AUTHOR', 'REVIEWER'] }],
    });
    expect(response.json().map((user: { login_id: string }) => user.login_id)).toEqual(['olga', 'rev']);
    expect(response.json()[1]).toEqual({ id: ids.rev, login_id: 'rev', name: 'Rev Iewer' });
  });

  it('asks for a well-formed permission and a process of the organization', async () => {
    expectProblem(await call(olga, 'GET', '/api/users/assignees?permission=nonsense&graph=p1'), 400, "'nonsense' is not a permission (action=>Resource).");
    expectProblem(
      await call(olga, 'GET', `/api/users/assignees?permission=${encodeURIComponent('assign=>Task')}`),
      400,
      "The 'graph' parameter (a process code name) is required.",
    );
    expectProblem(await call(olga, 'GET', `/api/users/assignees?permission=${encodeURIComponent('assign=>Task')}&graph=q1`), 404, STATUS_MESSAGES[404]);
    expectProblem(await call(arthur, 'GET', `/api/users/assignees?permission=${encodeURIComponent('assign=>Task')}&graph=p1`), 403, STATUS_MESSAGES[403]);
  });
});

describe('the user limit of the module configuration', () => {
  it('refuses an invitation beyond num_of_users with 402; -1 is unlimited', async () => {
    const count = (await listOf(olga)).length;
    await updateModuleConfiguration(app.database, acmeId, { ...DEFAULT_MODULE_CONFIGURATION, num_of_users: count + 1 });
    expect((await call(olga, 'POST', '/api/users', invitee('last'))).statusCode).toBe(201);
    expectProblem(await call(olga, 'POST', '/api/users', invitee('one_too_many')), 402, STATUS_MESSAGES[402]);
    expect(STATUS_MESSAGES[402]).toBe(
      'This function exceeds the current license configuration.  Please contact support if you have questions.',
    );
    expect(await findUserByLogin(app.database, 'one_too_many')).toBeUndefined();
    await updateModuleConfiguration(app.database, acmeId, { ...DEFAULT_MODULE_CONFIGURATION, num_of_users: -1 });
    expect((await call(olga, 'POST', '/api/users', invitee('one_more'))).statusCode).toBe(201);
  });
});
