// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { GLOBAL_ADMIN_ROLE, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { builtInRole } from '../authorization/defaults';
import { setMembership } from '../authorization/memberships.repository';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { findOrganizationByName } from '../organizations/repository';
import { ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { CONDITION_MESSAGE, ORGANIZATION_NAME_MESSAGE } from './policies';
import { BUILT_IN_NOT_DELETED, ORGANIZATION_ROLE_ASSIGNMENT, PROCESS_ROLE_ASSIGNMENT } from './service';

const clock = manualClock(new Date('2030-06-01T00:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // ORG_ADMIN of Acme
let gus: SessionCookie; // ORG_ADMIN of Globex
let gina: SessionCookie; // Global Admin
let ulla: SessionCookie; // Acme, no roles

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Globex']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'ulla', clock.now, '--org', 'Acme');
  await createTestUser(app, 'gus', clock.now, '--org', 'Globex', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'gina', clock.now, '--role', GLOBAL_ADMIN_ROLE);
  await createTestUser(app, 'gabe', clock.now);
  [olga, gus, gina, ulla] = [
    await authenticate(app, 'olga', clock.now),
    await authenticate(app, 'gus', clock.now),
    await authenticate(app, 'gina', clock.now),
    await authenticate(app, 'ulla', clock.now),
  ];
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, cookie: SessionCookie, payload?: object): Promise<LightMyRequestResponse> =>
  app.inject({ method, url: `/api${url}`, headers: withCookie(cookie), ...(payload ? { payload } : {}) });
const userId = async (login: string) => (await findUserByLogin(app.database, login))!.id;
const rolesOf = async (login: string) => (await findUserByLogin(app.database, login))!.roles;
const names = (response: LightMyRequestResponse) => (response.json() as { name: string }[]).map((role) => role.name);

const viewSubscription = (condition: string | null = null) => ({
  effect: 'allow',
  actions: ['view'],
  resources: ['Subscription'],
  condition,
});
const subscription = (cookie: SessionCookie) => call('GET', '/organizations/subscription', cookie);

describe('roles of an organization', () => {
  it('lists the built-in process and organization roles, as in effect there', async () => {
    const listed = await call('GET', '/iam/roles', olga);
    expect(listed.statusCode).toBe(200);
    expect(names(listed)).toEqual(['READER', 'AUTHOR', 'REVIEWER', 'ADMIN', 'ORG_ADMIN', 'DEMO']);
    const reader = listed.json()[0];
    expect(reader).toEqual({
      name: 'READER',
      kind: 'process',
      description: builtInRole('READER')!.description,
      built_in: true,
      customized: false,
      policies: builtInRole('READER')!.policies,
    });
    // Only an administrator of roles reads them.
    expectProblem(await call('GET', '/iam/roles', ulla), 403, STATUS_MESSAGES[403]);
  });

  it("applies a custom role's policies from the next request of its holder: assigned, edited, unassigned, deleted", async () => {
    expectProblem(await subscription(ulla), 403, STATUS_MESSAGES[403]);
    const created = await call('POST', '/iam/roles', olga, {
      name: 'SUBSCRIPTION_VIEWER',
      kind: 'organization',
      description: 'Sees the subscription.',
      policies: [viewSubscription()],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      name: 'SUBSCRIPTION_VIEWER',
      kind: 'organization',
      description: 'Sees the subscription.',
      built_in: false,
      customized: false,
      policies: [viewSubscription()],
    });
    const assign = (assigned: boolean) =>
      call('PATCH', '/iam/roles/SUBSCRIPTION_VIEWER/assignments', olga, { user_id: ulla_id, assigned });
    const ulla_id = await userId('ulla');
    expect((await assign(true)).statusCode).toBe(204);
    expect((await assign(true)).statusCode).toBe(204);
    expect(await rolesOf('ulla')).toEqual(['SUBSCRIPTION_VIEWER']);
    expect((await subscription(ulla)).statusCode).toBe(200);

    const edit = (policies: object[]) => call('PUT', '/iam/roles/SUBSCRIPTION_VIEWER', olga, { policies });
    expect((await edit([viewSubscription('organization == "Globex"')])).json().description).toBe('Sees the subscription.');
    expectProblem(await subscription(ulla), 403, STATUS_MESSAGES[403]);
    await edit([viewSubscription('organization == "Acme"')]);
    expect((await subscription(ulla)).statusCode).toBe(200);
    await edit([viewSubscription(), { effect: 'forbid', actions: ['*'], resources: ['Subscription'], condition: null }]);
    expectProblem(await subscription(ulla), 403, STATUS_MESSAGES[403]);
    await edit([viewSubscription()]);

    expect((await assign(false)).statusCode).toBe(204);
    expectProblem(await subscription(ulla), 403, STATUS_MESSAGES[403]);
    expect((await assign(true)).statusCode).toBe(204);
    expect((await call('DELETE', '/iam/roles/SUBSCRIPTION_VIEWER', olga)).statusCode).toBe(204);
    expect(await rolesOf('ulla')).toEqual([]);
    expectProblem(await subscription(ulla), 403, STATUS_MESSAGES[403]);
    expect(names(await call('GET', '/iam/roles', olga))).not.toContain('SUBSCRIPTION_VIEWER');
    expectProblem(await call('DELETE', '/iam/roles/SUBSCRIPTION_VIEWER', olga), 404, STATUS_MESSAGES[404]);
  });

  it('removes a deleted process role from memberships; process roles are not assigned directly', async () => {
    const acme = (await findOrganizationByName(app.database, 'Acme'))!;
    const { process } = await ensureProcess(app.database, acme.id, { code_name: 'p1', name: 'P1', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
    const created = await call('POST', '/iam/roles', olga, {
      name: 'TRIAGER',
      kind: 'process',
      description: '',
      policies: [{ effect: 'allow', actions: ['list', 'view'], resources: ['Requirement'], condition: null }],
    });
    expect(created.statusCode).toBe(201);
    expectProblem(
      await call('PATCH', '/iam/roles/TRIAGER/assignments', olga, { user_id: await userId('ulla'), assigned: true }),
      400,
      PROCESS_ROLE_ASSIGNMENT,
    );
    expectProblem(
      await call('PATCH', '/iam/roles/READER/assignments', olga, { user_id: await userId('ulla'), assigned: true }),
      400,
      PROCESS_ROLE_ASSIGNMENT,
    );
    await setMembership(app.database, await userId('ulla'), process.id, ['TRIAGER']);
    await setMembership(app.database, await userId('olga'), process.id, ['TRIAGER', 'READER']);
    expect((await call('DELETE', '/iam/roles/TRIAGER', olga)).statusCode).toBe(204);
    const memberships = await app.database.query<{ login_id: string; roles: string[] }>(
      `SELECT u.login_id, m.roles FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.process_id = $1 ORDER BY u.login_id`,
      [process.id],
    );
    expect(memberships).toEqual([{ login_id: 'olga', roles: ['READER'] }]);
  });

  it("edits a built-in role as the organization's own version, and DELETE restores the default", async () => {
    const narrowed = [{ effect: 'allow', actions: ['list'], resources: ['Requirement'], condition: null }];
    const edited = await call('PUT', '/iam/roles/READER', olga, { description: 'Lists requirements only.', policies: narrowed });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'READER', built_in: true, customized: true, policies: narrowed });
    expect((await call('GET', '/iam/roles', olga)).json()[0]).toMatchObject({ customized: true, description: 'Lists requirements only.' });
    // Another organization still has the default.
    expect((await call('GET', '/iam/roles', gus)).json()[0]).toMatchObject({ customized: false, policies: builtInRole('READER')!.policies });

    expect((await call('DELETE', '/iam/roles/READER', olga)).statusCode).toBe(204);
    expect((await call('GET', '/iam/roles', olga)).json()[0]).toMatchObject({
      customized: false,
      description: builtInRole('READER')!.description,
      policies: builtInRole('READER')!.policies,
    });
    // Nothing of its own left: deleting again changes nothing.
    expect((await call('DELETE', '/iam/roles/READER', olga)).statusCode).toBe(204);
  });

  it("answers 404 for another organization's role, override or user", async () => {
    await call('POST', '/iam/roles', olga, { name: 'ACME_ONLY', kind: 'organization', policies: [viewSubscription()] });
    await call('PUT', '/iam/roles/AUTHOR', olga, { policies: [viewSubscription()] });
    const notFound = (response: LightMyRequestResponse) => expectProblem(response, 404, STATUS_MESSAGES[404]);
    notFound(await call('PUT', '/iam/roles/ACME_ONLY', gus, { policies: [] }));
    notFound(await call('DELETE', '/iam/roles/ACME_ONLY', gus));
    notFound(await call('PATCH', '/iam/roles/ACME_ONLY/assignments', gus, { user_id: await userId('gus'), assigned: true }));
    // Globex's AUTHOR is the default; deleting it there does not touch Acme's own version.
    expect((await call('DELETE', '/iam/roles/AUTHOR', gus)).statusCode).toBe(204);
    expect((await call('GET', '/iam/roles', olga)).json()[1]).toMatchObject({ name: 'AUTHOR', customized: true });
    // A user of Acme is not Globex's to give roles to.
    notFound(await call('PATCH', '/iam/roles/ORG_ADMIN/assignments', gus, { user_id: await userId('ulla'), assigned: true }));
    notFound(await call('PATCH', '/iam/roles/DEMO/assignments', gus, { user_id: 'not-a-uuid', assigned: true }));
    expect(await rolesOf('ulla')).toEqual([]);
    // Nor is a global role, or an unknown one.
    notFound(await call('PUT', '/iam/roles/_global_admin', olga, { policies: [] }));
    notFound(await call('PUT', '/iam/roles/NOPE', olga, { policies: [] }));
    await call('DELETE', '/iam/roles/AUTHOR', olga);
  });

  it('refuses invalid roles with the message of the field, and names in use with 409', async () => {
    const create = (body: object) => call('POST', '/iam/roles', olga, { name: 'AUDITOR', kind: 'organization', policies: [viewSubscription()], ...body });
    expectProblem(await create({ policies: [viewSubscription('organization ==')] }), 400, CONDITION_MESSAGE);
    const invalid = await create({ name: '_AUDITOR', policies: [{ effect: 'deny', actions: [], resources: ['A B'], condition: null }] });
    expectProblem(invalid, 400, ORGANIZATION_NAME_MESSAGE);
    expect(invalid.json().errors.map((error: { field: string }) => error.field)).toEqual([
      'name',
      'policies[0].effect',
      'policies[0].actions',
      'policies[0].resources',
    ]);
    expectProblem(await create({ name: 'reader' }), 409, "A role named 'READER' already exists.");
    expectProblem(await create({ name: 'acme_only' }), 409, "A role named 'ACME_ONLY' already exists.");
    expectProblem(await call('PUT', '/iam/roles/DEMO', olga, { policies: [viewSubscription('(')] }), 400, CONDITION_MESSAGE);
    expectProblem(await call('POST', '/iam/roles', olga, { name: 'X1', kind: 'organization', policies: [], description: 'x'.repeat(1001) }), 400, 'Must have no more than 1000 characters.');
  });
});

describe('global roles', () => {
  it('lists every global row for the Global Admin only', async () => {
    const listed = await call('GET', '/iam/roles?scope=global', gina);
    expect(listed.statusCode).toBe(200);
    expect(names(listed)).toEqual(['READER', 'AUTHOR', 'REVIEWER', 'ADMIN', 'ORG_ADMIN', 'DEMO', '_global_admin', '_initiator']);
    expect(listed.json().every((role: { customized: boolean }) => !role.customized)).toBe(true);
    expectProblem(await call('GET', '/iam/roles', gina), 403, STATUS_MESSAGES[403]);
  });

  it('refuses an organization admin every global variant with 403', async () => {
    const refused: [Method, string, object?][] = [
      ['GET', '/iam/roles?scope=global'],
      ['POST', '/iam/roles?scope=global', { name: '_mine', kind: 'global', policies: [] }],
      ['PUT', '/iam/roles/READER?scope=global', { policies: [] }],
      ['DELETE', '/iam/roles/_initiator?scope=global'],
      ['PATCH', '/iam/roles/_global_admin/assignments', { user_id: await userId('olga'), assigned: true }],
      ['PATCH', '/iam/roles/ORG_ADMIN/assignments?scope=global', { user_id: await userId('olga'), assigned: true }],
    ];
    for (const [method, url, payload] of refused) expectProblem(await call(method, url, olga, payload), 403, STATUS_MESSAGES[403]);
    expect(await rolesOf('olga')).toEqual(['ORG_ADMIN']);
    expect((await call('GET', '/iam/roles?scope=global', gina)).json()[0].policies).toEqual(builtInRole('READER')!.policies);
  });

  it('creates, assigns and deletes a global role whose policies apply to its holder', async () => {
    const created = await call('POST', '/iam/roles?scope=global', gina, {
      name: '_auditor',
      kind: 'global',
      description: 'Reads the list of organizations.',
      policies: [{ effect: 'allow', actions: ['list'], resources: ['Organization'], condition: 'scope == "global"' }],
    });
    expect(created.statusCode).toBe(201);
    const gabe = await authenticate(app, 'gabe', clock.now);
    expectProblem(await call('GET', '/organizations', gabe), 403, STATUS_MESSAGES[403]);
    // A global role's name says its scope: no ?scope=global needed to assign it.
    expect((await call('PATCH', '/iam/roles/_auditor/assignments', gina, { user_id: await userId('gabe'), assigned: true })).statusCode).toBe(204);
    expect((await call('GET', '/organizations', gabe)).statusCode).toBe(200);
    // Global roles go to users outside every organization; organization roles are not given here.
    expectProblem(
      await call('PATCH', '/iam/roles/_auditor/assignments', gina, { user_id: await userId('olga'), assigned: true }),
      404,
      STATUS_MESSAGES[404],
    );
    expectProblem(
      await call('PATCH', '/iam/roles/ORG_ADMIN/assignments?scope=global', gina, { user_id: await userId('gabe'), assigned: true }),
      400,
      ORGANIZATION_ROLE_ASSIGNMENT,
    );
    expectProblem(
      await call('POST', '/iam/roles?scope=global', gina, { name: 'AUDITOR', kind: 'organization', policies: [] }),
      400,
      'A global role name begins with _.',
    );

    expect((await call('DELETE', '/iam/roles/_auditor?scope=global', gina)).statusCode).toBe(204);
    expect(await rolesOf('gabe')).toEqual([]);
    expectProblem(await call('GET', '/organizations', gabe), 403, STATUS_MESSAGES[403]);
  });

  it('edits a built-in default for every organization without its own version, and never deletes it', async () => {
    const narrowed = [viewSubscription()];
    const edited = await call('PUT', '/iam/roles/DEMO?scope=global', gina, { policies: narrowed });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'DEMO', built_in: true, customized: true, policies: narrowed });
    expect((await call('GET', '/iam/roles', gus)).json()[5]).toMatchObject({ name: 'DEMO', customized: false, policies: narrowed });
    expectProblem(await call('DELETE', '/iam/roles/DEMO?scope=global', gina), 409, BUILT_IN_NOT_DELETED);
    expectProblem(await call('DELETE', '/iam/roles/_global_admin?scope=global', gina), 409, BUILT_IN_NOT_DELETED);

    const restored = await call('PUT', '/iam/roles/DEMO?scope=global', gina, { policies: builtInRole('DEMO')!.policies });
    expect(restored.json().customized).toBe(false);
  });
});
