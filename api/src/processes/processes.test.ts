// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Processes through the API (spec 7, docs/authorization.md "Processes (projects)"): an
// organization admin creates, lists, changes and deletes them within the licence's process limit;
// a creator who is not an organization admin is enrolled as ADMIN; a reader may look but not
// change; another organization's processes are not found.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { FORMAT_MESSAGES, MESSAGES, STATUS_MESSAGES, type Process } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { findOrganizationByName, findOrganizationById, updateModuleConfiguration } from '../organizations/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { enroll, findProcessByCode } from './repository';
import { duplicateCode, NOT_A_DASHBOARD_TYPE, NOT_A_TYPE, ONLY_PERIODS } from './service';

const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // Acme, READER of 'alpha' through a membership
let carl: SessionCookie; // Acme, a custom organization role that may create processes only
let bob: SessionCookie; // Beta's ORG_ADMIN
let sam: SessionCookie; // Solo's ORG_ADMIN; Solo may have one process
let acmeId: string;

const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

const newProcess = (code_name: string, extra: object = {}) => ({
  code_name,
  name: `Process ${code_name}`,
  type: 'REQUIREMENTS',
  dashboard_type: 'LIVE',
  ...extra,
});

async function create(cookie: SessionCookie, code: string): Promise<Process> {
  const response = await call(cookie, 'POST', '/api/projects', newProcess(code));
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function codesOf(cookie: SessionCookie): Promise<string[]> {
  const response = await call(cookie, 'GET', '/api/projects');
  expect(response.statusCode).toBe(200);
  return (response.json() as Process[]).map((process) => process.code_name);
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  for (const name of ['Acme', 'Beta', 'Solo']) await createOrganizationCommand(app.database, ['--name', name]);
  acmeId = (await findOrganizationByName(app.database, 'Acme'))!.id;
  const solo = (await findOrganizationById(app.database, (await findOrganizationByName(app.database, 'Solo'))!.id))!;
  await updateModuleConfiguration(app.database, solo.id, { ...solo.module_configuration, num_of_projects: 1 });
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'sam', clock.now, '--org', 'Solo', '--role', 'ORG_ADMIN');
  olga = await authenticate(app, 'olga', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
  sam = await authenticate(app, 'sam', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe('as an organization admin', () => {
  it('creates a process, lists it, changes it and deletes it', async () => {
    const response = await call(olga, 'POST', '/api/projects', newProcess('Alpha', { type: 'EDISCOVERY', dashboard_type: 'MIX' }));
    expect(response.statusCode).toBe(201);
    const alpha: Process = response.json();
    expect(alpha).toEqual({ id: expect.any(String), code_name: 'Alpha', name: 'Process Alpha', type: 'EDISCOVERY', dashboard_type: 'MIX' });
    await create(olga, 'beta-2.x_y');
    expect(await codesOf(olga)).toEqual(['Alpha', 'beta-2.x_y']);

    const changed = await call(olga, 'PATCH', `/api/projects/${alpha.id}`, { name: '  Alpha renamed ', dashboard_type: 'PRESENTATION' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ...alpha, name: 'Alpha renamed', dashboard_type: 'PRESENTATION' });

    expect((await call(olga, 'DELETE', '/api/projects/BETA-2.X_Y')).statusCode).toBe(204);
    expect(await codesOf(olga)).toEqual(['Alpha']);
    expectProblem(await call(olga, 'DELETE', '/api/projects/beta-2.x_y'), 404, STATUS_MESSAGES[404]);
  });

  it('refuses invalid input with the spec 5 messages, field by field', async () => {
    const refused = await call(olga, 'POST', '/api/projects', { code_name: 'has space', name: '', type: 'OTHER' });
    expectProblem(refused, 400, FORMAT_MESSAGES.filename);
    expect(refused.json().errors).toEqual([
      { field: 'code_name', message: FORMAT_MESSAGES.filename },
      { field: 'name', message: MESSAGES.required },
      { field: 'type', message: NOT_A_TYPE },
      { field: 'dashboard_type', message: MESSAGES.required },
    ]);
    expectProblem(await call(olga, 'POST', '/api/projects', newProcess('*')), 400, FORMAT_MESSAGES.filename);
    expectProblem(await call(olga, 'POST', '/api/projects', newProcess('..')), 400, ONLY_PERIODS);
    expectProblem(await call(olga, 'POST', '/api/projects', newProcess('x'.repeat(65))), 400, MESSAGES.maxLength(64));
    expectProblem(await call(olga, 'POST', '/api/projects', newProcess('ok', { name: 'n'.repeat(256) })), 400, MESSAGES.maxLength(255));
    expectProblem(await call(olga, 'POST', '/api/projects', newProcess('ok', { dashboard_type: 'live' })), 400, NOT_A_DASHBOARD_TYPE);
    expectProblem(await call(olga, 'POST', '/api/projects', newProcess('javascript:x')), 400, MESSAGES.invalidInput);

    const alpha = (await findProcessByCode(app.database, acmeId, 'alpha'))!;
    expectProblem(await call(olga, 'PATCH', `/api/projects/${alpha.id}`, { type: 'NONE' }), 400, NOT_A_TYPE);
    expectProblem(await call(olga, 'PATCH', `/api/projects/${alpha.id}`, { name: ' ' }), 400, MESSAGES.required);
    expectProblem(
      await call(olga, 'PATCH', `/api/projects/${alpha.id}`, { code_name: 'other' }),
      400,
      'The code name of a process cannot be changed.',
    );
  });

  it('refuses a code name taken in the organization whatever its case (409), not one of another organization', async () => {
    const taken = await call(olga, 'POST', '/api/projects', newProcess('ALPHA'));
    expectProblem(taken, 409, duplicateCode('Alpha'));
    expect(taken.json().errors).toEqual([{ field: 'code_name', message: duplicateCode('Alpha') }]);
    expect((await call(bob, 'POST', '/api/projects', newProcess('alpha'))).statusCode).toBe(201);
  });

  it("answers 402 beyond the organization's num_of_projects", async () => {
    await create(sam, 'only');
    const refused = await call(sam, 'POST', '/api/projects', newProcess('second'));
    expectProblem(refused, 402, 'This function exceeds the current license configuration.  Please contact support if you have questions.');
    expect(await codesOf(sam)).toEqual(['only']);
  });
});

describe('a creator who is not an organization admin', () => {
  it('is enrolled as ADMIN of the process created, and of that one only', async () => {
    const role = await call(olga, 'POST', '/api/iam/roles', {
      name: 'PROCESS_CREATOR',
      kind: 'organization',
      description: 'Creates processes.',
      policies: [{ effect: 'allow', actions: ['create'], resources: ['Process'], condition: null }],
    });
    expect(role.statusCode).toBe(201);
    await createTestUser(app, 'carl', clock.now, '--org', 'Acme', '--role', 'PROCESS_CREATOR');
    carl = await authenticate(app, 'carl', clock.now);
    expect(await codesOf(carl)).toEqual([]);
    const gamma = await create(carl, 'gamma');
    expect(await codesOf(carl)).toEqual(['gamma']);
    const changed = await call(carl, 'PATCH', `/api/projects/${gamma.id}`, { name: 'Gamma' });
    expect(changed.json()).toMatchObject({ name: 'Gamma' });
    const alpha = (await findProcessByCode(app.database, acmeId, 'alpha'))!;
    expectProblem(await call(carl, 'PATCH', `/api/projects/${alpha.id}`, { name: 'Mine' }), 403, STATUS_MESSAGES[403]);
  });
});

describe('a reader of a process', () => {
  beforeAll(async () => {
    const alpha = (await findProcessByCode(app.database, acmeId, 'alpha'))!;
    await enroll(app.database, (await findUserByLogin(app.database, 'rita'))!.id, alpha.id, ['READER']);
    rita = await authenticate(app, 'rita', clock.now);
  });

  it('lists only the processes of its memberships and reads their settings', async () => {
    expect(await codesOf(rita)).toEqual(['Alpha']);
    expect((await call(rita, 'GET', '/api/projects/notificationSettings?graph=alpha')).statusCode).toBe(200);
    expect((await call(rita, 'GET', '/api/projects/alpha/moduleConfiguration')).statusCode).toBe(200);
    expectProblem(await call(rita, 'GET', '/api/projects/gamma/moduleConfiguration'), 403, STATUS_MESSAGES[403]);
  });

  it('gets 403 on every change', async () => {
    const alpha = (await findProcessByCode(app.database, acmeId, 'alpha'))!;
    const refusals = [
      await call(rita, 'POST', '/api/projects', newProcess('mine')),
      await call(rita, 'PATCH', `/api/projects/${alpha.id}`, { name: 'Mine' }),
      await call(rita, 'DELETE', '/api/projects/alpha'),
      await call(rita, 'POST', '/api/projects/notificationSettings?graph=alpha', { settings: {} }),
      await call(rita, 'PATCH', '/api/projects/alpha/moduleConfiguration', { code: false }),
    ];
    for (const refused of refusals) expectProblem(refused, 403, STATUS_MESSAGES[403]);
    expect(await codesOf(olga)).toEqual(['Alpha', 'gamma']);
  });
});

describe("another organization's processes", () => {
  it('are not found (404), never refused (403) nor shown', async () => {
    const gamma = (await findProcessByCode(app.database, acmeId, 'gamma'))!;
    expect(await codesOf(bob)).toEqual(['alpha']);
    const notFound = [
      await call(bob, 'PATCH', `/api/projects/${gamma.id}`, { name: 'Taken' }),
      await call(bob, 'PATCH', '/api/projects/not-a-uuid', { name: 'Taken' }),
      await call(bob, 'DELETE', '/api/projects/gamma'),
      await call(bob, 'GET', '/api/projects/notificationSettings?graph=gamma'),
      await call(bob, 'POST', '/api/projects/notificationSettings?graph=gamma', { settings: {} }),
      await call(bob, 'GET', '/api/projects/gamma/moduleConfiguration'),
      await call(bob, 'PATCH', '/api/projects/gamma/moduleConfiguration', { code: false }),
    ];
    for (const response of notFound) expectProblem(response, 404, STATUS_MESSAGES[404]);
    expect((await call(olga, 'GET', '/api/projects/gamma/moduleConfiguration')).json()).toMatchObject({ code: true });
  });
});
