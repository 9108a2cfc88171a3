// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Requirements and their review workflow through the API (issue 6, docs/requirements-api.md):
// add, modify, list (search, filter, sort, paging), delete (kept; refused with live children),
// the review workflow from submission to completion with its history and outbox rows, task
// authorization, a reader's refusals and the due-date scheduler.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { MESSAGES, STATUS_MESSAGES, type Requirement, type RequirementDetail, type RequirementEventRecord, type RequirementPage, type RequirementTask } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { schedulerSettings } from '../tasks/scheduler';
import { REVIEW_HAS_NO_PROGRESS } from '../tasks/workflow';
import { historyOf } from './history.repository';
import { DUPLICATE_CODE, HAS_CHILDREN, STALE_VERSION } from './service';

const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
const cookies: Record<string, SessionCookie> = {};
const ids: Record<string, string> = {};
let workgroupId: string;

const call = (who: string, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(cookies[who]), ...(payload ? { payload } : {}) });
const G = 'graph=alpha';

async function ok<T>(who: string, method: InjectOptions['method'], url: string, payload?: object, status = 200): Promise<T> {
  const response = await call(who, method, url, payload);
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

const add = (who: string, input: object) => ok<Requirement>(who, 'POST', `/api/requirements?${G}`, input, 201);

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  cookies.olga = await authenticate(app, 'olga', clock.now);
  await ok('olga', 'POST', '/api/projects', { code_name: 'Alpha', name: 'Alpha', type: 'REQUIREMENTS', dashboard_type: 'LIVE' }, 201);
  const members: [string, string][] = [
    ['andy', 'AUTHOR'],
    ['rita', 'REVIEWER'],
    ['ivan', 'AUTHOR'],
    ['reed', 'READER'],
    ['nina', 'AUTHOR'],
    ['gwen', 'REVIEWER'],
  ];
  for (const [login, role] of members) {
    await createTestUser(app, login, clock.now, '--org', 'Acme', '--member', `alpha=${role}`);
    cookies[login] = await authenticate(app, login, clock.now);
  }
  for (const login of ['olga', ...members.map(([login]) => login)]) ids[login] = (await findUserByLogin(app.database, login))!.id;
  workgroupId = (await ok<{ id: string }>('olga', 'POST', '/api/workgroups', { name: 'Reviewers', description: '', member_ids: [ids.gwen] }, 201)).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('add, modify, list', () => {
  it('adds with a generated code, refuses invalid input field by field, and a taken code', async () => {
    const first = await add('andy', { title: '  Access control ', description: '# Who may **do** what', tags: ['iam', 'iam', 'core'], priority: 'HIGH' });
    expect(first).toMatchObject({
      code: 'REQ-1',
      title: 'Access control',
      description: '# Who may **do** what',
      parent_id: null,
      priority: 'HIGH',
      status: 'DRAFT',
      progress: 0,
      tags: ['iam', 'core'],
      children_count: 0,
      created_by: { id: ids.andy, login_id: 'andy', name: 'User andy' },
      deleted_at: null,
      version: 1,
    });
    expect((await add('andy', { title: 'Second' })).code).toBe('REQ-2');

    const refused = await call('andy', 'POST', `/api/requirements?${G}`, { title: ' ', priority: 'URGENT', due_date: '2030-02-30', tags: [''] });
    expectProblem(refused, 400, MESSAGES.required);
    expect(refused.json().errors).toEqual([
      { field: 'title', message: MESSAGES.required },
      { field: 'priority', message: 'Must be one of LOW, MEDIUM, HIGH, CRITICAL.' },
      { field: 'due_date', message: 'Must be a date (YYYY-MM-DD).' },
      { field: 'tags.0', message: MESSAGES.required },
    ]);
    expectProblem(await call('andy', 'POST', `/api/requirements?${G}`, { title: 'x', description: '[click](javascript:alert(1))' }), 400, MESSAGES.invalidInput);
    expectProblem(await call('andy', 'POST', `/api/requirements?${G}`, { title: 'x', description: '<div dangerouslySetInnerHTML={{}} />' }), 400, MESSAGES.invalidInput);
    expectProblem(await call('andy', 'POST', `/api/requirements?${G}`, { title: 't'.repeat(501) }), 400, MESSAGES.maxLength(500));
    const taken = await call('andy', 'POST', `/api/requirements?${G}`, { code: 'req-1', title: 'Again' });
    expectProblem(taken, 409, DUPLICATE_CODE);
  });

  it('modifies at the version read, refuses a stale version and a parent cycle', async () => {
    const parent = await add('andy', { code: 'P-1', title: 'Parent' });
    const child = await add('andy', { code: 'P-1.1', title: 'Child', parent_id: parent.id });
    const grandchild = await add('andy', { code: 'P-1.1.1', title: 'Grandchild', parent_id: child.id });
    const detail = await ok<RequirementDetail>('andy', 'GET', `/api/requirements/${grandchild.id}?${G}`);
    expect(detail.ancestors.map((ancestor) => ancestor.code)).toEqual(['P-1', 'P-1.1']);
    expect((await ok<RequirementDetail>('andy', 'GET', `/api/requirements/${parent.id}?${G}`)).children_count).toBe(1);

    const changed = await ok<Requirement>('andy', 'PUT', `/api/requirements/${child.id}?${G}`, {
      version: 1,
      title: 'Child renamed',
      owner_id: ids.ivan,
      due_date: '2030-07-01',
      source: 'ac-2.1',
    });
    expect(changed).toMatchObject({ title: 'Child renamed', owner: { id: ids.ivan, login_id: 'ivan' }, due_date: '2030-07-01', source: 'ac-2.1', version: 2 });
    expectProblem(await call('andy', 'PUT', `/api/requirements/${child.id}?${G}`, { version: 1, title: 'Late' }), 409, STALE_VERSION);
    const cycle = await call('andy', 'PUT', `/api/requirements/${parent.id}?${G}`, { version: 1, parent_id: grandchild.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().errors).toEqual([{ field: 'parent_id', message: expect.any(String) }]);
    expectProblem(await call('andy', 'PUT', `/api/requirements/${parent.id}?${G}`, { version: 1, parent_id: parent.id }), 400, expect.any(String) as unknown as string);
    expectProblem(await call('andy', 'PUT', `/api/requirements/${parent.id}?${G}`, { version: 1, code: 'REQ-1' }), 409, DUPLICATE_CODE);
    expectProblem(await call('andy', 'PUT', `/api/requirements/00000000-0000-4000-8000-000000000000?${G}`, { version: 1, title: 'x' }), 404, STATUS_MESSAGES[404]);
  });

  it('lists pages with search, filters and sorts; the tree by parent', async () => {
    for (let n = 1; n <= 12; n += 1) {
      await add('andy', { code: `LST-${String(n).padStart(2, '0')}`, title: `Listed ${n}`, priority: n % 2 ? 'LOW' : 'CRITICAL', tags: n % 3 ? [] : ['third'], source: n === 7 ? 'nist-800-53' : null });
    }
    const page = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=listed&sort=code&limit=5&offset=5`);
    expect(page.total).toBe(12);
    expect(page.items.map((item) => item.code)).toEqual(['LST-06', 'LST-07', 'LST-08', 'LST-09', 'LST-10']);
    const desc = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=LST&sort=code&order=desc&limit=2`);
    expect(desc.items.map((item) => item.code)).toEqual(['LST-12', 'LST-11']);
    const critical = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=lst-&priority=CRITICAL&tag=third`);
    expect(critical.items.map((item) => item.code)).toEqual(['LST-06', 'LST-12']);
    expect((await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=NIST`)).items.map((item) => item.code)).toEqual(['LST-07']);
    const byPriority = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=lst&sort=priority&order=desc&limit=1`);
    expect(byPriority.items[0].priority).toBe('CRITICAL');
    expect((await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=nothing-like-this`))).toEqual({ items: [], total: 0 });
    expect((await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=lst&offset=100`))).toEqual({ items: [], total: 12 });
    expect((await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=100%25`)).total).toBe(0);

    const roots = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&parent=root&limit=500`);
    expect(roots.items.every((item) => item.parent_id === null)).toBe(true);
    const parent = roots.items.find((item) => item.code === 'P-1')!;
    expect(parent.children_count).toBe(1);
    const children = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&parent=${parent.id}`);
    expect(children.items.map((item) => item.code)).toEqual(['P-1.1']);
    expectProblem(await call('reed', 'GET', `/api/requirements?${G}&status=DONE`), 400, 'Must be one of DRAFT, IN_REVIEW, REJECTED, ACCEPTED, IN_PROGRESS, COMPLETED, FAILED.');
    expect((await call('reed', 'GET', `/api/requirements?${G}&limit=501`)).statusCode).toBe(400);
  });
});

describe('delete', () => {
  it('refuses a requirement with live sub-requirements; keeps a deleted one viewable', async () => {
    const parent = await add('andy', { code: 'DEL-1', title: 'To delete' });
    const child = await add('andy', { code: 'DEL-1.1', title: 'Its child', parent_id: parent.id });
    expectProblem(await call('andy', 'DELETE', `/api/requirements/${parent.id}?${G}`), 409, HAS_CHILDREN);
    expect((await call('andy', 'DELETE', `/api/requirements/${child.id}?${G}`)).statusCode).toBe(204);
    expect((await call('andy', 'DELETE', `/api/requirements/${parent.id}?${G}`)).statusCode).toBe(204);

    const kept = await ok<RequirementDetail>('reed', 'GET', `/api/requirements/${parent.id}?${G}`);
    expect(kept.deleted_at).toEqual(expect.any(String));
    const live = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=DEL-`);
    expect(live.total).toBe(0);
    const only = await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=DEL-&deleted=only`);
    expect(only.items.map((item) => item.code)).toEqual(['DEL-1', 'DEL-1.1']);
    expect((await ok<RequirementPage>('reed', 'GET', `/api/requirements?${G}&search=del-1&deleted=include`)).total).toBe(2);
    const history = await ok<RequirementEventRecord[]>('reed', 'GET', `/api/requirements/${parent.id}/events?${G}`);
    expect(history.map((event) => event.type)).toEqual(['Add', 'Delete']);
    expectProblem(await call('andy', 'PUT', `/api/requirements/${parent.id}?${G}`, { version: kept.version, title: 'Back' }), 409, 'A deleted requirement cannot be changed.');
    expectProblem(await call('andy', 'DELETE', `/api/requirements/${parent.id}?${G}`), 404, STATUS_MESSAGES[404]);
  });
});

describe('a reader', () => {
  it('may look but gets 403 on every change', async () => {
    const target = await add('andy', { code: 'RO-1', title: 'Read only' });
    const refusals: [InjectOptions['method'], string, object | undefined][] = [
      ['POST', `/api/requirements?${G}`, { title: 'Mine' }],
      ['PUT', `/api/requirements/${target.id}?${G}`, { version: 1, title: 'Mine' }],
      ['DELETE', `/api/requirements/${target.id}?${G}`, undefined],
      ['PATCH', `/api/requirements/${target.id}/progress?${G}`, { progress: 10 }],
      ['POST', `/api/requirements/${target.id}/submit?${G}`, {}],
      ['POST', `/api/requirements/${target.id}/comments?${G}`, { text: 'Hello' }],
    ];
    for (const [method, url, payload] of refusals) expect(`${method} ${url} → ${(await call('reed', method, url, payload)).statusCode}`).toBe(`${method} ${url} → 403`);
    expect((await call('reed', 'GET', `/api/requirements/${target.id}?${G}`)).statusCode).toBe(200);
    expect((await ok<Requirement>('reed', 'GET', `/api/requirements/${target.id}?${G}`)).version).toBe(1);
  });
});

describe('the review workflow', () => {
  it('submit → reject with a comment → resolve → resubmit (Resume) → accept and delegate → progress 50, 100 → COMPLETED', async () => {
    const requirement = await add('andy', { code: 'WF-1', title: 'Encrypt backups', due_date: '2030-09-01' });
    const outboxBefore = await outboxCount();

    const review = await ok<RequirementTask>('andy', 'POST', `/api/requirements/${requirement.id}/submit?${G}`, { reviewer_id: ids.rita, comment: 'Please review' }, 201);
    expect(review).toMatchObject({ type: 'REVIEW', status: 'OPEN', assigned_to_user: { login_id: 'rita' }, requirement: { id: requirement.id }, due_date: '2030-09-01' });
    expect((await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`)).status).toBe('IN_REVIEW');
    expectProblem(await call('andy', 'POST', `/api/requirements/${requirement.id}/submit?${G}`, {}), 409, 'Only a draft or rejected requirement can be submitted for review.');
    const mine = await ok<RequirementTask[]>('rita', 'GET', `/api/tasks?${G}&mine=true`);
    expect(mine.map((task) => task.id)).toEqual([review.id]);

    // Neither assignee, nor delegate, nor permitted: 403. Nor may the author review his own.
    expectProblem(await call('nina', 'POST', `/api/tasks/${review.id}/reject?${G}`, { comment: 'no' }), 403, expect.any(String) as unknown as string);
    expect((await call('andy', 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: ids.ivan })).statusCode).toBe(403);
    expect((await call('gwen', 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: ids.ivan })).statusCode).toBe(403);
    const noComment = await call('rita', 'POST', `/api/tasks/${review.id}/reject?${G}`, {});
    expectProblem(noComment, 400, MESSAGES.required);
    expect(noComment.json().errors).toEqual([{ field: 'comment', message: MESSAGES.required }]);

    const resolve = await ok<RequirementTask>('rita', 'POST', `/api/tasks/${review.id}/reject?${G}`, { comment: 'Name the key store' }, 201);
    expect(resolve).toMatchObject({ type: 'RESOLVE_REJECTED', status: 'OPEN', assigned_to_user: { login_id: 'andy' }, comment: 'Name the key store' });
    expect((await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`)).status).toBe('REJECTED');
    expect((await ok<RequirementTask>('andy', 'GET', `/api/tasks/${review.id}?${G}`)).status).toBe('COMPLETED');
    expectProblem(await call('rita', 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: ids.ivan }), 409, 'The task is already closed.');

    // The author edits and resubmits, this time to a workgroup.
    const current = await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`);
    await ok('andy', 'PUT', `/api/requirements/${requirement.id}?${G}`, { version: current.version, description: 'Backups are encrypted with keys from the key store.' });
    const second = await ok<RequirementTask>('andy', 'POST', `/api/requirements/${requirement.id}/submit?${G}`, { workgroup_id: workgroupId }, 201);
    expect(second).toMatchObject({ type: 'REVIEW', assigned_to_user: null, assigned_to_group: { id: workgroupId, name: 'Reviewers' } });
    expect((await ok<RequirementTask>('andy', 'GET', `/api/tasks/${resolve.id}?${G}`)).status).toBe('COMPLETED');
    // In the group and a reviewer: may act; a reviewer outside the group may not.
    expect((await call('rita', 'POST', `/api/tasks/${second.id}/accept?${G}`, { delegate_to_id: ids.ivan })).statusCode).toBe(403);
    expect((await ok<RequirementTask[]>('gwen', 'GET', `/api/tasks?${G}&mine=true`)).map((task) => task.id)).toEqual([second.id]);
    const delegated = await ok<RequirementTask>('gwen', 'POST', `/api/tasks/${second.id}/accept?${G}`, { delegate_to_id: ids.ivan }, 201);
    expect(delegated).toMatchObject({ type: 'DELEGATE', status: 'OPEN', delegated_to: { login_id: 'ivan' }, due_date: '2030-09-01' });
    expect((await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`)).status).toBe('IN_PROGRESS');

    expectProblem(await call('gwen', 'PATCH', `/api/tasks/${second.id}/progress?${G}`, { progress: 50 }), 409, 'The task is already closed.');
    expect((await call('nina', 'PATCH', `/api/tasks/${delegated.id}/progress?${G}`, { progress: 50 })).statusCode).toBe(403);
    expectProblem(await call('ivan', 'PATCH', `/api/tasks/${delegated.id}/progress?${G}`, { progress: 101 }), 400, 'Must be a whole number from 0 to 100.');
    expect((await ok<RequirementTask>('ivan', 'PATCH', `/api/tasks/${delegated.id}/progress?${G}`, { progress: 50 })).progress).toBe(50);
    expect(await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`)).toMatchObject({ progress: 50, status: 'IN_PROGRESS' });
    expect((await ok<RequirementTask>('ivan', 'PATCH', `/api/tasks/${delegated.id}/progress?${G}`, { progress: 100 })).status).toBe('COMPLETED');
    expect(await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`)).toMatchObject({ progress: 100, status: 'COMPLETED' });

    const tasks = await ok<RequirementTask[]>('reed', 'GET', `/api/tasks?${G}&requirement=${requirement.id}`);
    expect(tasks.map((task) => `${task.type} ${task.status}`).sort()).toEqual(['DELEGATE COMPLETED', 'RESOLVE_REJECTED COMPLETED', 'REVIEW COMPLETED', 'REVIEW COMPLETED']);
    const filtered = await ok<RequirementTask[]>('reed', 'GET', `/api/tasks?${G}&requirement=${requirement.id}&type=DELEGATE&status=COMPLETED`);
    expect(filtered.map((task) => task.id)).toEqual([delegated.id]);
    expect(await ok<RequirementTask[]>('ivan', 'GET', `/api/tasks?${G}&mine=true&status=OPEN`)).toEqual([]);

    const history = await ok<RequirementEventRecord[]>('reed', 'GET', `/api/requirements/${requirement.id}/events?${G}`);
    expect(history.map((event) => `${event.type} by ${event.actor?.login_id}`)).toEqual([
      'Add by andy',
      'Submit for Review by andy',
      'Reject Review by rita',
      'Update by andy',
      'Resume by andy',
      'Accept Review by gwen',
      'Update Progress by ivan',
      'Update Progress by ivan',
      'Complete by ivan',
    ]);
    expect(history[2].data).toMatchObject({ comment: 'Name the key store' });
    const recent = await ok<RequirementEventRecord[]>('reed', 'GET', `/api/events?${G}&limit=3`);
    expect(recent.map((event) => event.type)).toEqual(['Complete', 'Update Progress', 'Update Progress']);

    // The outbox holds each event for every member of the process and the organization admin.
    const rows = await app.database.query<{ destination: string; body: { type: string; eventId: string; data: Record<string, string> } }>(
      "SELECT destination, body FROM outbox WHERE seq > $1 AND destination LIKE 'events#%' ORDER BY seq",
      [outboxBefore],
    );
    const members = ['olga', 'andy', 'rita', 'ivan', 'reed', 'nina', 'gwen'].map((login) => `events#${ids[login]}`).sort();
    const complete = rows.filter((row) => row.body.type === 'Complete' && row.body.data.kind === 'requirement');
    expect(complete.map((row) => row.destination).sort()).toEqual(members);
    expect(complete[0].body).toMatchObject({ eventId: history[8].eventId, data: { graph: 'alpha', id: requirement.id, login_id: 'ivan', kind: 'requirement' } });
    const taskTypes = new Set(rows.filter((row) => row.body.data.kind === 'task').map((row) => row.body.type));
    expect([...taskTypes].sort()).toEqual(['Complete', 'New', 'Update Progress']);
    const taskEvents = await app.database.query<{ type: string }>('SELECT type FROM task_events WHERE task_id = $1 ORDER BY time', [delegated.id]);
    expect(taskEvents.map((event) => event.type)).toEqual(['New', 'Update Progress', 'Update Progress', 'Complete']);
  });

  it('fails a delegated requirement; assigns a task; updates progress directly', async () => {
    const requirement = await add('andy', { code: 'WF-2', title: 'Rotate keys' });
    const review = await ok<RequirementTask>('andy', 'POST', `/api/requirements/${requirement.id}/submit?${G}`, {}, 201);
    expect(review.assigned_to_user).toBeNull();
    expectProblem(await call('rita', 'PATCH', `/api/tasks/${review.id}/progress?${G}`, { progress: 50 }), 409, REVIEW_HAS_NO_PROGRESS);
    // Unassigned: any reviewer may act (REVIEW_REQUIREMENT); an author may not.
    expect((await call('nina', 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: ids.ivan })).statusCode).toBe(403);
    expect((await call('reed', 'POST', `/api/tasks/${review.id}/assign?${G}`, { user_id: ids.gwen })).statusCode).toBe(403);
    const assigned = await ok<RequirementTask>('rita', 'POST', `/api/tasks/${review.id}/assign?${G}`, { user_id: ids.gwen });
    expect(assigned.assigned_to_user).toMatchObject({ login_id: 'gwen' });
    expect((await call('rita', 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: ids.ivan })).statusCode).toBe(403);
    const delegated = await ok<RequirementTask>('gwen', 'POST', `/api/tasks/${review.id}/accept?${G}`, { delegate_to_id: ids.ivan }, 201);
    const failed = await ok<RequirementTask>('ivan', 'POST', `/api/tasks/${delegated.id}/fail?${G}`, { comment: 'No HSM' });
    expect(failed.status).toBe('FAILED');
    expect((await ok<Requirement>('andy', 'GET', `/api/requirements/${requirement.id}?${G}`)).status).toBe('FAILED');

    const direct = await add('andy', { code: 'WF-3', title: 'Direct' });
    expect((await ok<Requirement>('andy', 'PATCH', `/api/requirements/${direct.id}/progress?${G}`, { progress: 30 })).progress).toBe(30);
    expect((await ok<Requirement>('andy', 'PATCH', `/api/requirements/${direct.id}/progress?${G}`, { progress: 100 })).status).toBe('COMPLETED');
    const history = await ok<RequirementEventRecord[]>('andy', 'GET', `/api/requirements/${direct.id}/events?${G}`);
    expect(history.map((event) => event.type)).toEqual(['Add', 'Update Progress', 'Update Progress', 'Complete']);
  });
});

describe('comments', () => {
  it('comments on a requirement; lists the process comments newest first with search and author', async () => {
    const requirement = await add('andy', { code: 'CM-1', title: 'Commented' });
    await ok('andy', 'POST', `/api/requirements/${requirement.id}/comments?${G}`, { text: 'First thought' }, 201);
    clock.advance(1000);
    await ok('rita', 'POST', `/api/requirements/${requirement.id}/comments?${G}`, { text: 'A reply' }, 201);
    expectProblem(await call('andy', 'POST', `/api/requirements/${requirement.id}/comments?${G}`, { text: ' ' }), 400, MESSAGES.required);
    expectProblem(await call('andy', 'POST', `/api/requirements/${requirement.id}/comments?${G}`, { text: 'javascript:void(0)' }), 400, MESSAGES.invalidInput);
    const thread = await ok<{ text: string; author: { login_id: string } }[]>('reed', 'GET', `/api/requirements/${requirement.id}/comments?${G}`);
    expect(thread.map((comment) => `${comment.author.login_id}: ${comment.text}`)).toEqual(['andy: First thought', 'rita: A reply']);
    const all = await ok<{ items: { text: string }[]; total: number }>('reed', 'GET', `/api/requirements/comments?${G}`);
    expect(all.items.map((comment) => comment.text)).toEqual(['A reply', 'First thought']);
    expect((await ok<{ total: number }>('reed', 'GET', `/api/requirements/comments?${G}&author=rita`)).total).toBe(1);
    expect((await ok<{ items: { text: string }[] }>('reed', 'GET', `/api/requirements/comments?${G}&search=THOUGHT`)).items.map((c) => c.text)).toEqual(['First thought']);
    expect(await ok('reed', 'GET', `/api/requirements/comments?${G}&offset=5`)).toEqual({ items: [], total: 2 });
  });
});

describe('the due-date scheduler', () => {
  let task: RequirementTask;
  let owned: Requirement;
  beforeAll(async () => {
    const requirement = await add('andy', { code: 'DUE-1', title: 'Due soon' });
    task = await ok<RequirementTask>('andy', 'POST', `/api/requirements/${requirement.id}/submit?${G}`, { reviewer_id: ids.rita, due_date: '2030-08-05' }, 201);
    owned = await add('andy', { code: 'DUE-2', title: 'Owned', owner_id: ids.ivan, due_date: '2030-10-03' });
  });

  it('reminds once before the due date and raises Past Due once after, notifying the assignee', async () => {
    const before = await outboxCount();
    clock.set(new Date('2030-08-01T08:00:00Z'));
    await app.dueDates.tick(); // four days ahead: nothing yet for this task
    expect(await taskEventTypes(task.id)).toEqual(['New']);
    clock.set(new Date('2030-08-02T09:00:00Z'));
    await app.dueDates.tick();
    await app.dueDates.tick();
    expect(await taskEventTypes(task.id)).toEqual(['New', 'Remind Due Date']);
    clock.set(new Date('2030-08-06T00:30:00Z'));
    await app.dueDates.tick();
    await app.dueDates.tick();
    expect(await taskEventTypes(task.id)).toEqual(['New', 'Remind Due Date', 'Past Due']);
    const notes = await app.database.query<{ body: Record<string, unknown> }>(
      `SELECT body FROM outbox WHERE seq > $1 AND destination = $2 ORDER BY seq`,
      [before, `notifications#${ids.rita}`],
    );
    expect(notes.map((note) => note.body)).toEqual([
      expect.objectContaining({ project: 'alpha', login_id: 'rita', sender: 'Portal', title: 'Task due soon', time: '2030-08-02T09:00:00.000Z', eventId: expect.any(String), message: 'The review task of ##DUE-1 Due soon## is due on 08/05/2030.' }),
      expect.objectContaining({ project: 'alpha', login_id: 'rita', sender: 'Portal', title: 'Task past due', time: '2030-08-06T00:30:00.000Z', message: 'The review task of ##DUE-1 Due soon## was due on 08/05/2030.' }),
    ]);
    const events = await app.database.query<{ destination: string }>(
      `SELECT destination FROM outbox WHERE seq > $1 AND body->>'type' = 'Remind Due Date' AND body->'data'->>'task_id' = $2`,
      [before, task.id],
    );
    expect(events.length).toBe(7); // every member of the process and the organization admin
  });

  it('reads its lead time and interval from the environment', () => {
    expect(schedulerSettings({})).toEqual({ reminderDays: 3, intervalMs: 60_000 });
    expect(schedulerSettings({ REQUIREMENT_REMINDER_DAYS: '5', REQUIREMENT_SCHEDULER_INTERVAL_MS: '0' })).toEqual({ reminderDays: 5, intervalMs: 0 });
    expect(schedulerSettings({ REQUIREMENT_REMINDER_DAYS: 'soon' }).reminderDays).toBe(3);
  });

  it("reminds a requirement's owner of its own due date once", async () => {
    clock.set(new Date('2030-10-01T08:00:00Z'));
    await app.dueDates.tick();
    await app.dueDates.tick();
    const history = await historyOf(app.database, (await processId()), owned.id);
    expect(history.map((event) => event.type)).toEqual(['Add', 'Remind Due Date']);
    const [note] = await app.database.query<{ body: { message: string } }>(
      `SELECT body FROM outbox WHERE destination = $1 AND body->>'title' = 'Requirement due soon'`,
      [`notifications#${ids.ivan}`],
    );
    expect(note.body.message).toBe('The requirement ##DUE-2 Owned## is due on 10/03/2030.');
  });
});

async function processId(): Promise<string> {
  const [row] = await app.database.query<{ id: string }>(`SELECT id FROM processes WHERE code_name = 'Alpha'`);
  return row.id;
}

async function outboxCount(): Promise<number> {
  const [row] = await app.database.query<{ n: string }>('SELECT coalesce(max(seq), 0) AS n FROM outbox');
  return Number(row.n);
}

async function taskEventTypes(taskId: string): Promise<string[]> {
  return (await app.database.query<{ type: string }>('SELECT type FROM task_events WHERE task_id = $1 ORDER BY time', [taskId])).map((row) => row.type);
}
