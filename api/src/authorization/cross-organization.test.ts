// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6: every object route called with another organization's ids answers 404 — never
// 403, never data — and nothing of that organization changes. The routes are enumerated from the
// app: a new route with a path parameter fails here until it has a fixture (or a stated reason
// why its parameter names no organization's object).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import type { DeclaredRoute } from './guard';

const clock = manualClock(new Date('2026-04-06T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let alice: SessionCookie; // Acme's organization admin: owns the objects
let bob: SessionCookie; // Beta's organization admin: reaches for them

interface AcmeObjects {
  organizationId: string;
  userId: string;
  processId: string;
  processCode: string;
  workgroupId: string;
  moduleId: string;
  role: string;
}
let acme: AcmeObjects;
let bobId: string;

/** Path parameters that name no organization's object, and why. */
const NOT_OBJECTS: Record<string, string> = {
  'PATCH /api/users/:username/changePassword': "the caller's own account: another name is refused (403) before any lookup",
  'GET /api/users/:username/notification-preferences': "the caller's own preferences: another name is refused (403) before any lookup",
  'PUT /api/users/:username/notification-preferences': "the caller's own preferences: another name is refused (403) before any lookup",
  'POST /api/modules/:type': 'a module type, not an object (the body is checked below)',
  'PATCH /api/modules/:type': 'a module type; the module is named by the body id (checked below)',
  'GET /api/organizations/:id': "organizations are the Global Admin's, not an organization's objects",
  'DELETE /api/organizations/:id': "organizations are the Global Admin's, not an organization's objects",
  'PUT /api/organizations/:id/moduleConfiguration': "organizations are the Global Admin's, not an organization's objects",
  'POST /api/jobs/:kind/failed/:id/retry': "the job queue is the platform's, the Global Admin's alone: an organization admin is refused (403) before any lookup (jobs/routes.test.ts)",
  'DELETE /api/jobs/:kind/failed/:id': "the job queue is the platform's, the Global Admin's alone: an organization admin is refused (403) before any lookup (jobs/routes.test.ts)",
};

/**
 * Route families whose own suite proves the same rule with their own objects (requirements,
 * tasks, analysis, applications…): each enumerates its routes from `app.declaredRoutes` the same
 * way, so a new route there fails in that suite until it has a fixture.
 */
const DOMAIN_SUITES: Record<string, string> = {
  '/api/requirements': 'api/src/requirements/cross-organization.test.ts',
  '/api/tasks': 'api/src/requirements/cross-organization.test.ts',
  '/api/events': 'api/src/requirements/cross-organization.test.ts',
  '/api/compliance': 'api/src/requirements/cross-organization.test.ts',
  '/api/assessments': 'api/src/assessments/cross-organization.test.ts',
  '/api/conflicts': 'api/src/assessments/cross-organization.test.ts',
  '/api/attachments': 'api/src/assessments/cross-organization.test.ts',
  '/api/documents': 'api/src/documents/cross-organization.test.ts',
  '/api/org-chart': 'api/src/org-chart/access.test.ts',
  '/api/standards': 'api/src/standards/cross-organization.test.ts',
  '/api/reports': 'api/src/standards/cross-organization.test.ts',
  '/api/statistics': 'api/src/standards/cross-organization.test.ts',
  '/api/vulnerabilities': 'api/src/vulnerabilities/cross-organization.test.ts',
  '/api/apps': 'api/src/apps/cross-organization.test.ts',
  '/api/sbom': 'api/src/apps/cross-organization.test.ts',
  '/api/security': 'api/src/operations/cross-organization.test.ts',
  '/api/metrics': 'api/src/metrics/cross-organization.test.ts',
  '/api/alarms': 'api/src/alarms/cross-organization.test.ts',
  '/api/recovery': 'api/src/recovery/recovery.test.ts',
  // Under /api/apps, with suites of their own (api/src/apps/cross-organization.test.ts leaves them out).
  '/api/apps/:appKey/builds/:buildId/graph': 'api/src/graph/cross-organization.test.ts',
  '/api/apps/planes': 'api/src/priority-planes/cross-organization.test.ts',
  '/api/apps/:appKey/plane': 'api/src/priority-planes/cross-organization.test.ts',
  '/api/apps/monitoring': 'api/src/monitoring/cross-organization.test.ts',
  '/api/apps/:appKey/deploymentProfiles': 'api/src/deployment-profiles/cross-organization.test.ts',
};
const inDomainSuite = (url: string) => Object.keys(DOMAIN_SUITES).some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

const call = (cookie: SessionCookie, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

async function json<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answered = await response;
  if (answered.statusCode >= 300) throw new Error(`${answered.statusCode}: ${answered.body}`);
  return answered.json() as T;
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  await createTestUser(app, 'alice', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  alice = await authenticate(app, 'alice', clock.now);
  bob = await authenticate(app, 'bob', clock.now);

  // Acme's objects, made through the API as its admin would.
  const process = await json<{ id: string; code_name: string }>(
    call(alice, 'POST', '/api/projects', { code_name: 'pa', name: 'Acme process', type: 'REQUIREMENTS', dashboard_type: 'LIVE' }),
  );
  const user = await json<{ id: string }>(
    call(alice, 'POST', '/api/users', {
      login_id: 'amy',
      name: 'Amy Acme',
      email: 'amy@example.com',
      memberships: [{ process: 'pa', roles: ['READER'] }],
    }),
  );
  const workgroup = await json<{ id: string }>(
    call(alice, 'POST', '/api/workgroups', { name: 'Auditors', description: 'Acme auditors', member_ids: [user.id] }),
  );
  const module = await json<{ id: string }>(call(alice, 'POST', '/api/modules/cicd-ingestion', { name: 'Acme CI', configs: {} }));
  await json(
    call(alice, 'POST', '/api/iam/roles', {
      name: 'AUDITOR',
      kind: 'organization',
      description: 'Reads subscriptions',
      policies: [{ effect: 'allow', actions: ['view'], resources: ['Subscription'], condition: null }],
    }),
  );
  bobId = (await json<{ id: string; login_id: string }[]>(call(bob, 'GET', '/api/users'))).find((user) => user.login_id === 'bob')!.id;
  const [organization] = await app.database.query<{ id: string }>("SELECT id FROM organizations WHERE name = 'Acme'");
  acme = { organizationId: organization.id, userId: user.id, processId: process.id, processCode: process.code_name, workgroupId: workgroup.id, moduleId: module.id, role: 'AUDITOR' };
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;

/** The Acme object each parameter of an object route names. */
function fill(route: DeclaredRoute): string | undefined {
  let unknown = false;
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (route.url.startsWith('/api/users/') && name === 'id') return acme.userId;
    // An organization's settings are its admin's to manage (issue 26 item 14): another's is a 404.
    if (route.url.startsWith('/api/organizations/:id/settings') && name === 'id') return acme.organizationId;
    if (route.url.startsWith('/api/workgroups/') && name === 'id') return acme.workgroupId;
    if (route.url.startsWith('/api/modules/') && name === 'id') return acme.moduleId;
    if (route.url.startsWith('/api/projects/') && name === 'id') return acme.processId;
    if (route.url.startsWith('/api/projects/') && (name === 'code' || name === 'codeName')) return acme.processCode;
    if (route.url.startsWith('/api/iam/roles/') && name === 'name') return acme.role;
    unknown = true;
    return `:${name}`;
  });
  return unknown ? undefined : url;
}

/** A body the route accepts, so that the answer is about the object, not the input. */
const BODIES: Record<string, () => object> = {
  'PUT /api/users/:id': () => ({ name: 'Taken Over', email: 'taken@example.com', roles: [] }),
  'PATCH /api/users/:id/activate': () => ({ new_password: 'An0ther!Pass' }),
  'PATCH /api/users/:id/password/reset': () => ({ new_password: 'An0ther!Pass' }),
  'PUT /api/workgroups/:id': () => ({ name: 'Taken', description: '', member_ids: [] }),
  'PUT /api/modules/:id/configs': () => ({ configs: {} }),
  'PATCH /api/projects/:id': () => ({ name: 'Taken over' }),
  'PATCH /api/organizations/:id/settings': () => ({ name: 'Taken over' }),
  'PATCH /api/projects/:code/moduleConfiguration': () => ({ code: false }),
  'PUT /api/iam/roles/:name': () => ({ description: 'Taken', policies: [] }),
  // The caller's own user: the 404 can only come from the other organization's role.
  'PATCH /api/iam/roles/:name/assignments': () => ({ user_id: bobId, assigned: true }),
};

const objectRoutes = () =>
  app.declaredRoutes.filter((route) => route.permission !== 'public' && route.url.includes(':') && !(key(route) in NOT_OBJECTS) && !inDomainSuite(route.url));

it('has a fixture for every object route', () => {
  expect(objectRoutes().filter((route) => fill(route) === undefined).map(key)).toEqual([]);
});

it("answers 404 to every object route called with another organization's ids", async () => {
  const answers: string[] = [];
  for (const route of objectRoutes()) {
    const url = fill(route)!;
    const response = await call(bob, route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : (BODIES[key(route)]?.() ?? {}));
    answers.push(`${key(route)} → ${response.statusCode}`);
  }
  expect(answers).toEqual(objectRoutes().map((route) => `${key(route)} → 404`));
});

it("answers 404 where the body or the graph names another organization's object", async () => {
  const cases: [string, string, object | undefined][] = [
    ['PATCH', '/api/modules/cicd-ingestion', { id: acme.moduleId, name: 'Taken' }],
    ['PATCH', '/api/users/memberships', { user_id: acme.userId, process: acme.processCode, roles: ['ADMIN'] }],
    ['PATCH', `/api/iam/roles/DEMO/assignments`, { user_id: acme.userId, assigned: true }],
    ['POST', '/api/workgroups', { name: 'Mine', description: '', member_ids: [acme.userId] }],
    ['POST', '/api/users', { login_id: 'sneak', name: 'Sneak', email: 'sneak@example.com', memberships: [{ process: acme.processCode, roles: ['READER'] }] }],
    ['GET', `/api/projects/notificationSettings?graph=${acme.processCode}`, undefined],
    ['GET', `/api/users/assignees?permission=list=>Requirement&graph=${acme.processCode}`, undefined],
  ];
  const answers: string[] = [];
  for (const [method, url, payload] of cases) answers.push(`${method} ${url} → ${(await call(bob, method, url, payload)).statusCode}`);
  expect(answers).toEqual(cases.map(([method, url]) => `${method} ${url} → 404`));
});

it("leaves the other organization's objects as they were", async () => {
  const users = await json<{ id: string; name: string; inactive: boolean; memberships: { process: string; roles: string[] }[] }[]>(
    call(alice, 'GET', '/api/users'),
  );
  expect(users.find((user) => user.id === acme.userId)).toMatchObject({
    name: 'Amy Acme',
    inactive: true,
    memberships: [{ process: 'pa', roles: ['READER'] }],
  });
  const workgroups = await json<{ id: string; name: string; members: unknown[] }[]>(call(alice, 'GET', '/api/workgroups'));
  expect(workgroups).toEqual([expect.objectContaining({ id: acme.workgroupId, name: 'Auditors', members: [expect.objectContaining({ id: acme.userId })] })]);
  const modules = await json<{ id: string; name: string }[]>(call(alice, 'GET', '/api/modules'));
  expect(modules).toEqual([expect.objectContaining({ id: acme.moduleId, name: 'Acme CI' })]);
  const processes = await json<{ id: string; name: string }[]>(call(alice, 'GET', '/api/projects'));
  expect(processes).toEqual([expect.objectContaining({ id: acme.processId, name: 'Acme process' })]);
  const roles = await json<{ name: string; description: string }[]>(call(alice, 'GET', '/api/iam/roles'));
  expect(roles.find((role) => role.name === 'AUDITOR')).toMatchObject({ description: 'Reads subscriptions' });
  const settings = await json<{ name: string }>(call(alice, 'GET', `/api/organizations/${acme.organizationId}/settings`));
  expect(settings.name).toBe('Acme');
});
