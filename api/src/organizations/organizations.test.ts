// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEFAULT_MODULE_CONFIGURATION, GLOBAL_ADMIN_ROLE, MESSAGES, SIGN_IN_MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { PASSWORD, createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate, signIn } from '../testing/users';
import { NOT_A_LIMIT, NOT_A_SWITCH } from './moduleConfiguration';
import { findOrganizationByName } from './repository';

const clock = manualClock(new Date('2030-04-01T00:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let globalAdmin: SessionCookie;
let acmeAdmin: SessionCookie;
let acmeId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  acmeId = (await findOrganizationByName(app.database, 'Acme'))!.id;
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'gina', clock.now, '--role', GLOBAL_ADMIN_ROLE);
  globalAdmin = await authenticate(app, 'gina', clock.now);
  acmeAdmin = await authenticate(app, 'olga', clock.now);
}, 30_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie: SessionCookie, payload?: object): Promise<LightMyRequestResponse> =>
  app.inject({ method, url: `/api${url}`, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

const admin = (login: string) => ({ login_id: login, name: `Admin ${login}`, email: `${login}@example.org`, password: PASSWORD });
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('as the Global Admin', () => {
  it('lists and views organizations with their configuration and usage; unknown or malformed ids are 404', async () => {
    const list = await call('GET', '/organizations', globalAdmin);
    expect(list.statusCode).toBe(200);
    const acme = list.json().find((organization: { name: string }) => organization.name === 'Acme');
    expect(acme).toEqual({
      id: acmeId,
      name: 'Acme',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      edition: 'Enterprise',
      trial_ends_at: null,
      module_configuration: DEFAULT_MODULE_CONFIGURATION,
      usage: { projects: 0, users: 1, apps: 0 },
    });
    expect((await call('GET', `/organizations/${acmeId}`, globalAdmin)).json()).toEqual(acme);
    expectProblem(await call('GET', `/organizations/${UNKNOWN_ID}`, globalAdmin), 404, STATUS_MESSAGES[404]);
    expectProblem(await call('GET', '/organizations/not-a-uuid', globalAdmin), 404, STATUS_MESSAGES[404]);
  });

  it('creates an organization with its first admin, who can then sign in and administer it', async () => {
    const created = await call('POST', '/organizations', globalAdmin, { name: '  Globex  ', admin: admin('hank') });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Globex',
      edition: 'Enterprise',
      trial_ends_at: null,
      module_configuration: DEFAULT_MODULE_CONFIGURATION,
      usage: { projects: 0, users: 1, apps: 0 },
    });
    const hank = await authenticate(app, 'hank', clock.now);
    const subscription = await call('GET', '/organizations/subscription', hank);
    expect(subscription.statusCode).toBe(200);
    expect(subscription.json().organization).toEqual({ id: created.json().id, name: 'Globex' });
    // ORG_ADMIN of the new organization: its roles, not the installation's organizations.
    expect((await call('GET', '/iam/roles', hank)).statusCode).toBe(200);
    expectProblem(await call('GET', '/organizations', hank), 403, STATUS_MESSAGES[403]);
  });

  it('refuses a duplicate name (any case) or login id with 409, invalid fields with their spec 5 messages', async () => {
    const duplicate = await call('POST', '/organizations', globalAdmin, { name: 'acme', admin: admin('ivan') });
    expectProblem(duplicate, 409, "An organization named 'Acme' already exists.");
    expectProblem(
      await call('POST', '/organizations', globalAdmin, { name: 'Initech', admin: admin('olga') }),
      409,
      "A user with login id 'olga' already exists.",
    );
    // Nothing half-written: the organization of the refused admin does not exist.
    expect(await findOrganizationByName(app.database, 'Initech')).toBeUndefined();

    const invalid = await call('POST', '/organizations', globalAdmin, {
      name: '   ',
      admin: { login_id: 'X', name: '', email: 'nope', password: 'weak' },
    });
    expectProblem(invalid, 400, MESSAGES.required);
    expect(invalid.json().errors).toEqual([
      { field: 'name', message: MESSAGES.required },
      { field: 'admin.login_id', message: MESSAGES.format.loginId },
      { field: 'admin.name', message: MESSAGES.required },
      { field: 'admin.email', message: MESSAGES.format.email },
      { field: 'admin.password', message: MESSAGES.format.password },
    ]);
    expectProblem(
      await call('POST', '/organizations', globalAdmin, { name: 'n'.repeat(256), admin: admin('jack') }),
      400,
      MESSAGES.maxLength(255),
    );
  });

  it('sets the module configuration, refusing anything but booleans and whole numbers ≥ -1', async () => {
    const configuration = { code: false, requirement: true, num_of_projects: 3, num_of_users: -1, num_of_apps: 0 };
    const updated = await call('PUT', `/organizations/${acmeId}/moduleConfiguration`, globalAdmin, configuration);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: acmeId, module_configuration: configuration });
    expect((await call('GET', `/organizations/${acmeId}`, globalAdmin)).json().module_configuration).toEqual(configuration);

    const invalid = await call('PUT', `/organizations/${acmeId}/moduleConfiguration`, globalAdmin, {
      code: 'true',
      requirement: 1,
      num_of_projects: -2,
      num_of_users: 1.5,
    });
    expectProblem(invalid, 400, NOT_A_SWITCH);
    expect(invalid.json().errors).toEqual([
      { field: 'code', message: NOT_A_SWITCH },
      { field: 'requirement', message: NOT_A_SWITCH },
      { field: 'num_of_projects', message: MESSAGES.minValue(-1) },
      { field: 'num_of_users', message: NOT_A_LIMIT },
      { field: 'num_of_apps', message: MESSAGES.required },
    ]);
    expectProblem(await call('PUT', `/organizations/${UNKNOWN_ID}/moduleConfiguration`, globalAdmin, configuration), 404, STATUS_MESSAGES[404]);
    await call('PUT', `/organizations/${acmeId}/moduleConfiguration`, globalAdmin, DEFAULT_MODULE_CONFIGURATION);
  });

  it('deletes an organization with its users and processes', async () => {
    const created = await call('POST', '/organizations', globalAdmin, { name: 'Doomed', admin: admin('kate') });
    const { id } = created.json();
    await ensureProcess(app.database, id, { code_name: 'd1', name: 'D1', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
    expect((await call('GET', `/organizations/${id}`, globalAdmin)).json().usage).toEqual({ projects: 1, users: 1, apps: 0 });

    expect((await call('DELETE', `/organizations/${id}`, globalAdmin)).statusCode).toBe(204);
    expectProblem(await call('GET', `/organizations/${id}`, globalAdmin), 404, STATUS_MESSAGES[404]);
    expectProblem(await signIn(app, 'kate'), 401, SIGN_IN_MESSAGES[401]);
    expectProblem(await call('DELETE', `/organizations/${id}`, globalAdmin), 404, STATUS_MESSAGES[404]);
    expectProblem(await call('DELETE', '/organizations/x', globalAdmin), 404, STATUS_MESSAGES[404]);
  });
});

describe('as an organization admin', () => {
  it('is refused every global organization route with 403', async () => {
    const refused: [Method, string, object?][] = [
      ['GET', '/organizations'],
      ['GET', `/organizations/${acmeId}`],
      ['POST', '/organizations', { name: 'Mine', admin: admin('lars') }],
      ['POST', '/organizations/trials', { name: 'Mine', email: 'lars@example.org' }],
      ['PUT', `/organizations/${acmeId}/moduleConfiguration`, DEFAULT_MODULE_CONFIGURATION],
      ['DELETE', `/organizations/${acmeId}`],
    ];
    for (const [method, url, payload] of refused) {
      expectProblem(await call(method, url, acmeAdmin, payload), 403, STATUS_MESSAGES[403]);
    }
    expect(await findOrganizationByName(app.database, 'Mine')).toBeUndefined();
    expect((await call('GET', `/organizations/${acmeId}`, globalAdmin)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/organizations' }), 401, STATUS_MESSAGES[401]);
  });
});
