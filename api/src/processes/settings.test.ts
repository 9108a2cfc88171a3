// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// A process's notification settings and module configuration through the API (docs/authorization.md
// "Processes (projects)"): every requirement and task event with its mail and portal channels; the
// process's own module switches within the organization's, whose limits are shown read-only.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEFAULT_MODULE_CONFIGURATION } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { findOrganizationById, findOrganizationByName, updateModuleConfiguration } from '../organizations/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { NOT_A_SWITCH, offInOrganization } from './module-configuration';
import { NOT_AN_OBJECT, NOTIFICATION_EVENTS, notChannels, unknownEvent } from './notification-settings';

const clock = manualClock(new Date('2030-06-02T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN

const call = (method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(olga), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  olga = await authenticate(app, 'olga', clock.now);
  const created = await call('POST', '/api/projects', { code_name: 'Demo', name: 'Demo', type: 'REQUIREMENTS', dashboard_type: 'LIVE' });
  expect(created.statusCode).toBe(201);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

describe('notification settings', () => {
  it('lists every requirement and task event of spec 4.5 and the other events that notify, on for both channels until set (progress: portal only)', async () => {
    const response = await call('GET', '/api/projects/notificationSettings?graph=demo');
    expect(response.statusCode).toBe(200);
    const { settings } = response.json();
    expect(Object.keys(settings)).toEqual(NOTIFICATION_EVENTS);
    expect(NOTIFICATION_EVENTS).toEqual(expect.arrayContaining(['Requirement: Submit for Review', 'Task: Past Due']));
    expect(NOTIFICATION_EVENTS).toHaveLength(14 + 7 + 5);
    expect(NOTIFICATION_EVENTS.slice(-5)).toEqual(['New Vulnerability', 'New Active Exploit', 'License Risk', 'Update Module Configuration', 'Alarm']);
    const portalOnly = Object.keys(settings).filter((event) => JSON.stringify(settings[event]) === '{"mail":false,"portal":true}');
    expect(portalOnly).toEqual(['Requirement: Update Progress', 'Task: Update Progress']);
    const rest = Object.keys(settings).filter((event) => !portalOnly.includes(event));
    expect(rest.every((event) => JSON.stringify(settings[event]) === '{"mail":true,"portal":true}')).toBe(true);
  });

  it('stores the events sent and keeps the others', async () => {
    const first = await call('POST', '/api/projects/notificationSettings?graph=demo', {
      settings: { 'Requirement: Add': { mail: false, portal: true }, 'Task: Assign': { mail: false, portal: false } },
    });
    expect(first.statusCode).toBe(200);
    await call('POST', '/api/projects/notificationSettings?graph=DEMO', { settings: { 'Requirement: Add': { mail: true, portal: false } } });
    const { settings } = (await call('GET', '/api/projects/notificationSettings?graph=demo')).json();
    expect(settings['Requirement: Add']).toEqual({ mail: true, portal: false });
    expect(settings['Task: Assign']).toEqual({ mail: false, portal: false });
    expect(settings['Task: New']).toEqual({ mail: true, portal: true });
  });

  it('refuses unknown events and channels that are not booleans, naming them', async () => {
    const refused = await call('POST', '/api/projects/notificationSettings?graph=demo', {
      settings: { 'Requirement: Explode': { mail: true, portal: true }, 'Task: New': { mail: 'yes', portal: true } },
    });
    expectProblem(refused, 400, unknownEvent('Requirement: Explode'));
    expect(refused.json().errors).toEqual([
      { field: 'settings.Requirement: Explode', message: unknownEvent('Requirement: Explode') },
      { field: 'settings.Task: New', message: notChannels('Task: New') },
    ]);
    expectProblem(await call('POST', '/api/projects/notificationSettings?graph=demo', { settings: [] }), 400, NOT_AN_OBJECT);
    expectProblem(await call('POST', '/api/projects/notificationSettings?graph=demo', {}), 400, NOT_AN_OBJECT);
    const { settings } = (await call('GET', '/api/projects/notificationSettings?graph=demo')).json();
    expect(settings['Task: New']).toEqual({ mail: true, portal: true });
  });

  it('needs the process (graph)', async () => {
    expectProblem(await call('GET', '/api/projects/notificationSettings'), 400, "The 'graph' parameter (a process code name) is required.");
    expectProblem(await call('GET', '/api/projects/notificationSettings?graph=nothing'), 404, 'The requested resource does not exist.');
  });
});

describe('module configuration', () => {
  it("is the organization's until the process switches a module off", async () => {
    expect((await call('GET', '/api/projects/demo/moduleConfiguration')).json()).toEqual(DEFAULT_MODULE_CONFIGURATION);
    const off = await call('PATCH', '/api/projects/Demo/moduleConfiguration', { code: false });
    expect(off.json()).toEqual({ ...DEFAULT_MODULE_CONFIGURATION, code: false });
    expect((await call('GET', '/api/projects/demo/moduleConfiguration')).json()).toEqual({ ...DEFAULT_MODULE_CONFIGURATION, code: false });
    const on = await call('PATCH', '/api/projects/demo/moduleConfiguration', { code: true });
    expect(on.json()).toEqual(DEFAULT_MODULE_CONFIGURATION);
  });

  it('switches the process off in its access control: the requirements module is forbidden there', async () => {
    await call('PATCH', '/api/projects/demo/moduleConfiguration', { requirement: false });
    const session = (await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(olga) })).json();
    expect(session.access_control.policies).toContainEqual(
      expect.objectContaining({ effect: 'forbid', resources: ['Module::Requirement'], condition: 'project == "demo"' }),
    );
    await call('PATCH', '/api/projects/demo/moduleConfiguration', { requirement: true });
  });

  it("shows the organization's limits and cannot switch on what the organization has off", async () => {
    const acme = (await findOrganizationById(app.database, (await findOrganizationByName(app.database, 'Acme'))!.id))!;
    await updateModuleConfiguration(app.database, acme.id, { ...acme.module_configuration, code: false, num_of_apps: 5 });
    const limited = { ...DEFAULT_MODULE_CONFIGURATION, code: false, num_of_apps: 5 };
    expect((await call('GET', '/api/projects/demo/moduleConfiguration')).json()).toEqual(limited);
    const refused = await call('PATCH', '/api/projects/demo/moduleConfiguration', { code: true, requirement: false });
    expectProblem(refused, 400, offInOrganization('code'));
    expect(refused.json().errors).toEqual([{ field: 'code', message: offInOrganization('code') }]);
    expect((await call('PATCH', '/api/projects/demo/moduleConfiguration', { code: false })).json()).toEqual(limited);
    expectProblem(await call('PATCH', '/api/projects/demo/moduleConfiguration', { requirement: 'no' }), 400, NOT_A_SWITCH);
    // The limits are the organization's: sent here, they change nothing.
    const ignored = await call('PATCH', '/api/projects/demo/moduleConfiguration', { num_of_apps: 100 });
    expect(ignored.json()).toEqual(limited);
  });
});
