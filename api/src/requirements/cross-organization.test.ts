// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the requirement families (/api/requirements, /api/tasks, /api/events; see
// DOMAIN_SUITES in api/src/authorization/cross-organization.test.ts): every route called by
// another organization — with its own process or with the owner's process as `graph`, with the
// owner's ids in the path or the body — answers 404, never 403 or data, and nothing changes.
// The routes are enumerated from the app: a new route whose path parameter has no fixture here
// fails 'has a fixture for every route' with its name until one is added to `fill`.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RequirementDetail, RequirementEventRecord, RequirementTask } from '@portal/shared/server';
import { buildApp } from '../app';
import type { DeclaredRoute } from '../authorization/guard';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';

const clock = manualClock(new Date('2030-03-02T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let alice: SessionCookie; // Acme's organization admin: owns the objects
let bob: SessionCookie; // Beta's organization admin: reaches for them

const PREFIXES = ['/api/requirements', '/api/tasks', '/api/events', '/api/compliance'];
const inSuite = (url: string) => PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

interface AcmeObjects {
  processCode: string;
  requirementId: string;
  childId: string;
  taskId: string;
  userId: string;
  workgroupId: string;
  applicationId: string;
  checkId: string;
}
let acme: AcmeObjects;
let bobId: string;
const BOB_PROCESS = 'pb';

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
  const project = { type: 'REQUIREMENTS', dashboard_type: 'LIVE' };
  await json(call(alice, 'POST', '/api/projects', { code_name: 'pa', name: 'Acme process', ...project }));
  await json(call(bob, 'POST', '/api/projects', { code_name: BOB_PROCESS, name: 'Beta process', ...project }));
  await createTestUser(app, 'amy', clock.now, '--org', 'Acme', '--member', 'pa=REVIEWER');
  const userId = (await findUserByLogin(app.database, 'amy'))!.id;
  bobId = (await findUserByLogin(app.database, 'bob'))!.id;

  const requirement = await json<RequirementDetail>(call(alice, 'POST', '/api/requirements?graph=pa', { code: 'A-1', title: 'Acme requirement' }));
  const child = await json<RequirementDetail>(call(alice, 'POST', '/api/requirements?graph=pa', { code: 'A-1.1', title: 'Acme child', parent_id: requirement.id }));
  await json(call(alice, 'POST', `/api/requirements/${requirement.id}/comments?graph=pa`, { text: 'Acme comment' }));
  const task = await json<RequirementTask>(call(alice, 'POST', `/api/requirements/${child.id}/submit?graph=pa`, { reviewer_id: userId }));
  const workgroup = await json<{ id: string }>(call(alice, 'POST', '/api/workgroups', { name: 'Acme reviewers', description: '', member_ids: [userId] }));
  const [application] = await app.database.query<{ id: string }>(
    `INSERT INTO applications (organization_id, process_id, app_key, name)
     SELECT organization_id, id, 'acme-app', 'Acme application' FROM processes WHERE code_name = 'pa' RETURNING id`,
  );
  // Not evaluated (no recurring task linked): the requirement's history keeps only its Add.
  const check = await json<{ id: string }>(call(alice, 'POST', `/api/requirements/${requirement.id}/checks?graph=pa`, { kind: 'recurring-task' }));
  // A recurring task of Acme's (GET compliance/recurring-tasks lists it to Acme only).
  await json(call(alice, 'POST', '/api/tasks?graph=pa', { title: 'Acme monthly review', due_date: '2030-03-31', recurrence: 'FREQ=MONTHLY' }));
  acme = { processCode: 'pa', requirementId: requirement.id, childId: child.id, taskId: task.id, userId, workgroupId: workgroup.id, applicationId: application.id, checkId: check.id };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;

/** The Acme object each path parameter names; undefined for a parameter without a fixture. */
function fill(route: DeclaredRoute): string | undefined {
  let unknown = false;
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (route.url.startsWith('/api/requirements/') && name === 'id') return acme.requirementId;
    if (route.url.startsWith('/api/tasks/') && name === 'id') return acme.taskId;
    if (name === 'applicationId') return acme.applicationId;
    if (name === 'checkId') return acme.checkId;
    unknown = true;
    return `:${name}`;
  });
  return unknown ? undefined : url;
}

/** A body the route accepts, so that the answer is about the object, not the input. */
const BODIES: Record<string, () => object> = {
  'PUT /api/requirements/:id': () => ({ version: 1, title: 'Taken over' }),
  'PATCH /api/requirements/:id/progress': () => ({ progress: 50 }),
  'POST /api/requirements/:id/submit': () => ({}),
  'POST /api/requirements/:id/comments': () => ({ text: 'Taken over' }),
  'POST /api/tasks/:id/accept': () => ({ delegate_to_id: bobId }),
  'POST /api/tasks/:id/reject': () => ({ comment: 'Taken over' }),
  'PATCH /api/tasks/:id/progress': () => ({ progress: 50 }),
  'POST /api/tasks/:id/fail': () => ({ comment: 'Taken over' }),
  'POST /api/tasks/:id/assign': () => ({ user_id: bobId }),
  'POST /api/requirements/:id/gaps': () => ({ description: 'Gap', remediation_plan: 'Plan', target_date: '2030-12-31' }),
  'POST /api/requirements/:id/risks': () => ({ likelihood: 3, impact: 3, description: 'Risk' }),
  'PUT /api/requirements/:id/plane': () => ({ x: 0.5, y: 0.5 }),
  'POST /api/requirements/:id/checks': () => ({ kind: 'sbom-fresh' }),
  'PUT /api/requirements/:id/checks/:checkId': () => ({ kind: 'open-findings' }),
};

const routes = () => app.declaredRoutes.filter((route) => route.permission !== 'public' && inSuite(route.url));
const withGraph = (url: string, graph: string) => `${url}${url.includes('?') ? '&' : '?'}graph=${graph}`;
const bodyOf = (route: DeclaredRoute) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : (BODIES[key(route)]?.() ?? {}));

it('has a fixture for every route with a path parameter', () => {
  expect(routes().filter((route) => route.url.includes(':') && fill(route) === undefined).map(key)).toEqual([]);
});

it("answers 404 to every route called with the other organization's process as graph", async () => {
  const answers: string[] = [];
  for (const route of routes()) {
    const url = withGraph(fill(route) ?? route.url, acme.processCode);
    answers.push(`${key(route)} → ${(await call(bob, route.method, url, bodyOf(route))).statusCode}`);
  }
  expect(answers).toEqual(routes().map((route) => `${key(route)} → 404`));
});

it("answers 404 to every object route called with the other organization's ids in the caller's own process", async () => {
  const objectRoutes = routes().filter((route) => route.url.includes(':'));
  const answers: string[] = [];
  for (const route of objectRoutes) {
    const url = withGraph(fill(route)!, BOB_PROCESS);
    answers.push(`${key(route)} → ${(await call(bob, route.method, url, bodyOf(route))).statusCode}`);
  }
  expect(answers).toEqual(objectRoutes.map((route) => `${key(route)} → 404`));
});

it("answers 404 where the body names the other organization's object", async () => {
  const mine = await json<RequirementDetail>(call(bob, 'POST', `/api/requirements?graph=${BOB_PROCESS}`, { title: 'Beta requirement' }));
  const cases: [string, string, object][] = [
    ['POST', `/api/requirements?graph=${BOB_PROCESS}`, { title: 'Under Acme', parent_id: acme.requirementId }],
    ['POST', `/api/requirements?graph=${BOB_PROCESS}`, { title: 'Owned by Acme', owner_id: acme.userId }],
    ['PUT', `/api/requirements/${mine.id}?graph=${BOB_PROCESS}`, { version: 1, parent_id: acme.requirementId }],
    ['PUT', `/api/requirements/${mine.id}?graph=${BOB_PROCESS}`, { version: 1, owner_id: acme.userId }],
    ['POST', `/api/requirements/${mine.id}/submit?graph=${BOB_PROCESS}`, { reviewer_id: acme.userId }],
    ['POST', `/api/requirements/${mine.id}/submit?graph=${BOB_PROCESS}`, { workgroup_id: acme.workgroupId }],
  ];
  const answers: string[] = [];
  for (const [method, url, payload] of cases) answers.push(`${method} ${url} → ${(await call(bob, method, url, payload)).statusCode}`);
  expect(answers).toEqual(cases.map(([method, url]) => `${method} ${url} → 404`));

  const review = await json<RequirementTask>(call(bob, 'POST', `/api/requirements/${mine.id}/submit?graph=${BOB_PROCESS}`, { reviewer_id: bobId }));
  const taskCases: [string, string, object][] = [
    ['POST', `/api/tasks/${review.id}/assign?graph=${BOB_PROCESS}`, { user_id: acme.userId }],
    ['POST', `/api/tasks/${review.id}/assign?graph=${BOB_PROCESS}`, { workgroup_id: acme.workgroupId }],
    ['POST', `/api/tasks/${review.id}/accept?graph=${BOB_PROCESS}`, { delegate_to_id: acme.userId }],
  ];
  const taskAnswers: string[] = [];
  for (const [method, url, payload] of taskCases) taskAnswers.push(`${method} ${url} → ${(await call(bob, method, url, payload)).statusCode}`);
  expect(taskAnswers).toEqual(taskCases.map(([method, url]) => `${method} ${url} → 404`));
  // Bob's own lists show nothing of Acme's.
  const tasks = await json<RequirementTask[]>(call(bob, 'GET', `/api/tasks?graph=${BOB_PROCESS}&requirement=${acme.childId}`));
  expect(tasks).toEqual([]);
  const page = await json<{ total: number }>(call(bob, 'GET', `/api/requirements?graph=${BOB_PROCESS}&parent=${acme.requirementId}`));
  expect(page.total).toBe(0);
  expect(await json(call(bob, 'GET', `/api/compliance/recurring-tasks?graph=${BOB_PROCESS}`))).toEqual([]);
  expect(await json<Array<{ title: string }>>(call(alice, 'GET', '/api/compliance/recurring-tasks?graph=pa'))).toEqual([expect.objectContaining({ title: 'Acme monthly review' })]);
});

it("leaves the other organization's objects as they were", async () => {
  const requirement = await json<RequirementDetail>(call(alice, 'GET', `/api/requirements/${acme.requirementId}?graph=pa`));
  expect(requirement).toMatchObject({ title: 'Acme requirement', version: 1, progress: 0, status: 'DRAFT', deleted_at: null, children_count: 1 });
  const child = await json<RequirementDetail>(call(alice, 'GET', `/api/requirements/${acme.childId}?graph=pa`));
  expect(child).toMatchObject({ title: 'Acme child', status: 'IN_REVIEW', deleted_at: null });
  const task = await json<RequirementTask>(call(alice, 'GET', `/api/tasks/${acme.taskId}?graph=pa`));
  expect(task).toMatchObject({ status: 'OPEN', progress: 0, assigned_to_user: { id: acme.userId }, assigned_to_group: null });
  const comments = await json<{ text: string }[]>(call(alice, 'GET', `/api/requirements/${acme.requirementId}/comments?graph=pa`));
  expect(comments.map((comment) => comment.text)).toEqual(['Acme comment']);
  const history = await json<RequirementEventRecord[]>(call(alice, 'GET', `/api/requirements/${acme.requirementId}/events?graph=pa`));
  expect(history.map((event) => event.type)).toEqual(['Add']);
  const childHistory = await json<RequirementEventRecord[]>(call(alice, 'GET', `/api/requirements/${acme.childId}/events?graph=pa`));
  expect(childHistory.map((event) => event.type)).toEqual(['Add', 'Submit for Review']);
  const checks = await json<Array<{ id: string; kind: string; params: unknown }>>(call(alice, 'GET', `/api/requirements/${acme.requirementId}/checks?graph=pa`));
  expect(checks).toEqual([expect.objectContaining({ id: acme.checkId, kind: 'recurring-task', params: { task_id: null, grace_days: 0 } })]);
});
