// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Moving a requirement under another parent (issue 26 item 1) and the natural order of codes
// (item 3) through the API: PUT requirements/:id with parent_id ('' or null: the top level), the
// rules (not under itself or its sub-requirements, not under a deleted one or another process's or
// organization's), the history's record of the move, the codes kept, and the orders that read them.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Requirement, RequirementDetail, RequirementEventRecord, RequirementPage } from '@portal/shared/server';
import { STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { DELETED, PARENT_CYCLE, STALE_VERSION } from './service';

const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
const cookies: Record<string, SessionCookie> = {};

const call = (who: string, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(cookies[who]), ...(payload ? { payload } : {}) });
const G = 'graph=alpha';

async function ok<T>(who: string, method: InjectOptions['method'], url: string, payload?: object, status = 200): Promise<T> {
  const response = await call(who, method, url, payload);
  if (response.statusCode !== status) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

const add = (who: string, input: object, graph = G) => ok<Requirement>(who, 'POST', `/api/requirements?${graph}`, input, 201);
const detail = (id: string) => ok<RequirementDetail>('andy', 'GET', `/api/requirements/${id}?${G}`);
const move = (who: string, requirement: { id: string; version: number }, parent: string | null) =>
  call(who, 'PUT', `/api/requirements/${requirement.id}?${G}`, { version: requirement.version, parent_id: parent });
const codes = (page: RequirementPage) => page.items.map((item) => item.code);

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Other']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  cookies.olga = await authenticate(app, 'olga', clock.now);
  await ok('olga', 'POST', '/api/projects', { code_name: 'Alpha', name: 'Alpha', type: 'REQUIREMENTS', dashboard_type: 'LIVE' }, 201);
  await ok('olga', 'POST', '/api/projects', { code_name: 'Beta', name: 'Beta', type: 'REQUIREMENTS', dashboard_type: 'LIVE' }, 201);
  await createTestUser(app, 'andy', clock.now, '--org', 'Acme', '--member', 'alpha=AUTHOR');
  await createTestUser(app, 'reed', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  await createTestUser(app, 'oscar', clock.now, '--org', 'Other', '--role', 'ORG_ADMIN');
  for (const login of ['andy', 'reed', 'oscar']) cookies[login] = await authenticate(app, login, clock.now);
  await ok('oscar', 'POST', '/api/projects', { code_name: 'Gamma', name: 'Gamma', type: 'REQUIREMENTS', dashboard_type: 'LIVE' }, 201);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('moving a requirement', () => {
  it('moves it under another parent, last among its new siblings, keeping its code; the history says from where to where', async () => {
    const ac = await add('andy', { code: 'AC', title: 'Access control' });
    const at = await add('andy', { code: 'AT', title: 'Awareness and training' });
    const ac2 = await add('andy', { code: 'AC-2', title: 'Account management', parent_id: ac.id });
    const at1 = await add('andy', { code: 'AT-1', title: 'Policy', parent_id: at.id });
    await add('andy', { code: 'AC-2(1)', title: 'Automated management', parent_id: ac2.id });

    const response = await move('andy', ac2, at.id);
    expect(response.statusCode).toBe(200);
    const moved = response.json<Requirement>();
    expect(moved).toMatchObject({ code: 'AC-2', parent_id: at.id, version: 2, children_count: 1 });
    expect(moved.position).toBeGreaterThan(at1.position);
    expect((await detail(ac2.id)).ancestors.map((ancestor) => ancestor.code)).toEqual(['AT']);
    expect((await detail(ac.id)).children_count).toBe(0);
    expect((await detail(at.id)).children_count).toBe(2);
    // Its sub-requirements go with it.
    const grandchild = (await ok<RequirementPage>('andy', 'GET', `/api/requirements?${G}&parent=${ac2.id}`)).items[0];
    expect((await detail(grandchild.id)).ancestors.map((ancestor) => ancestor.code)).toEqual(['AT', 'AC-2']);

    const history = await ok<RequirementEventRecord[]>('andy', 'GET', `/api/requirements/${ac2.id}/events?${G}`);
    expect(history.at(-1)).toMatchObject({
      type: 'Update',
      data: { fields: ['parent_id'], moved: { from: { id: ac.id, code: 'AC', title: 'Access control' }, to: { id: at.id, code: 'AT', title: 'Awareness and training' } } },
    });
  });

  it("moves it to the top level with '' (the browser's client drops nulls) or null", async () => {
    const parent = await add('andy', { code: 'TOP-P', title: 'Parent' });
    const child = await add('andy', { code: 'TOP-C', title: 'Child', parent_id: parent.id });
    const first = await ok<Requirement>('andy', 'PUT', `/api/requirements/${child.id}?${G}`, { version: 1, parent_id: '' });
    expect(first).toMatchObject({ parent_id: null, code: 'TOP-C', version: 2 });
    const history = await ok<RequirementEventRecord[]>('andy', 'GET', `/api/requirements/${child.id}/events?${G}`);
    expect(history.at(-1)?.data).toMatchObject({ moved: { from: { code: 'TOP-P' }, to: null } });
    const back = await ok<Requirement>('andy', 'PUT', `/api/requirements/${child.id}?${G}`, { version: 2, parent_id: parent.id });
    expect(back.parent_id).toBe(parent.id);
    expect((await move('andy', back, null)).json()).toMatchObject({ parent_id: null, version: 4 });
    // The same parent again is no move: nothing in the history says so.
    const again = await ok<Requirement>('andy', 'PUT', `/api/requirements/${child.id}?${G}`, { version: 4, parent_id: '', title: 'Child' });
    expect(again.version).toBe(5);
    expect((await ok<RequirementEventRecord[]>('andy', 'GET', `/api/requirements/${child.id}/events?${G}`)).at(-1)?.data).toEqual({ fields: ['title'] });
  });

  it('refuses a move under itself or one of its sub-requirements, with the message on the parent field', async () => {
    const a = await add('andy', { code: 'CYC-A', title: 'A' });
    const b = await add('andy', { code: 'CYC-B', title: 'B', parent_id: a.id });
    const c = await add('andy', { code: 'CYC-C', title: 'C', parent_id: b.id });
    for (const target of [a, b, c]) {
      const response = await move('andy', a, target.id);
      expectProblem(response, 400, PARENT_CYCLE);
      expect(response.json().errors).toEqual([{ field: 'parent_id', message: PARENT_CYCLE }]);
    }
    expect(await detail(a.id)).toMatchObject({ parent_id: null, version: 1 });
  });

  it("refuses a deleted parent (400), another process's or organization's requirement (404), a reader (403), a stale version (409), a deleted requirement (409)", async () => {
    const mine = await add('andy', { code: 'MV-1', title: 'Mine' });
    const gone = await add('andy', { code: 'MV-GONE', title: 'Gone' });
    await ok('andy', 'DELETE', `/api/requirements/${gone.id}?${G}`, undefined, 204);
    expectProblem(await move('andy', mine, gone.id), 400, DELETED);
    const beta = await add('olga', { code: 'BETA-1', title: 'In Beta' }, 'graph=beta');
    expectProblem(await move('andy', mine, beta.id), 404, STATUS_MESSAGES[404]);
    const foreign = await add('oscar', { code: 'G-1', title: 'In Gamma' }, 'graph=gamma');
    expectProblem(await move('andy', mine, foreign.id), 404, STATUS_MESSAGES[404]);
    // Another organization's requirement is not there to be moved.
    expect((await call('andy', 'PUT', `/api/requirements/${foreign.id}?${G}`, { version: 1, parent_id: mine.id })).statusCode).toBe(404);
    expect((await call('oscar', 'PUT', `/api/requirements/${mine.id}?graph=gamma`, { version: 1, parent_id: foreign.id })).statusCode).toBe(404);
    expect((await move('reed', mine, '')).statusCode).toBe(403);
    const other = await add('andy', { code: 'MV-2', title: 'Other' });
    expectProblem(await move('andy', { id: mine.id, version: 7 }, other.id), 409, STALE_VERSION);
    expect((await call('andy', 'PUT', `/api/requirements/${mine.id}?${G}`, { version: 1, parent_id: 'not-an-id' })).statusCode).toBe(400);
    expect((await move('andy', gone, other.id)).statusCode).toBe(409);
    expect(await detail(mine.id)).toMatchObject({ parent_id: null, version: 1 });
    expect((await ok<RequirementDetail>('oscar', 'GET', `/api/requirements/${foreign.id}?graph=gamma`)).version).toBe(1);
  });
});

describe('orders', () => {
  it('lists the whole process by position in tree order, depth first, also after a move', async () => {
    const env = 'graph=beta';
    const x = await add('olga', { code: 'X', title: 'X' }, env);
    const y = await add('olga', { code: 'Y', title: 'Y' }, env);
    const y1 = await add('olga', { code: 'Y-1', title: 'Y-1', parent_id: y.id }, env);
    await add('olga', { code: 'X-1', title: 'X-1', parent_id: x.id }, env);
    await add('olga', { code: 'Y-1-a', title: 'Y-1-a', parent_id: y1.id }, env);
    await add('olga', { code: 'X-2', title: 'X-2', parent_id: x.id }, env);
    const list = () => ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&sort=position&search=-&limit=500`);
    const all = () => ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&limit=500`);
    expect(codes(await all())).toEqual(['BETA-1', 'X', 'X-1', 'X-2', 'Y', 'Y-1', 'Y-1-a']);
    expect(codes(await list())).toEqual(['BETA-1', 'X-1', 'X-2', 'Y-1', 'Y-1-a']);
    const desc = await ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&sort=position&order=desc&limit=3`);
    expect(codes(desc)).toEqual(['Y-1-a', 'Y-1', 'Y']);
    await ok('olga', 'PUT', `/api/requirements/${y1.id}?${env}`, { version: 1, parent_id: x.id });
    expect(codes(await all())).toEqual(['BETA-1', 'X', 'X-1', 'X-2', 'Y-1', 'Y-1-a', 'Y']);
    const second = await ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&limit=2&offset=4`);
    expect(codes(second)).toEqual(['Y-1', 'Y-1-a']);
  });

  it('sorts codes naturally: the list by code, the plane\'s unplaced list, the progress report', async () => {
    const env = 'graph=beta';
    const parent = await add('olga', { code: 'NAT', title: 'Natural' }, env);
    for (const code of ['NAT-14', 'NAT-2', 'nat-1', 'NAT-2(10)', 'NAT-2(1)']) await add('olga', { code, title: code, parent_id: parent.id }, env);
    const page = await ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&search=nat-&sort=code`);
    expect(codes(page)).toEqual(['nat-1', 'NAT-2', 'NAT-2(1)', 'NAT-2(10)', 'NAT-14']);
    const desc = await ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&search=nat-&sort=code&order=desc&limit=2`);
    expect(codes(desc)).toEqual(['NAT-14', 'NAT-2(10)']);
    const planes = await ok<{ unplaced: { code: string }[] }>('olga', 'GET', `/api/requirements/planes?${env}`);
    const unplaced = planes.unplaced.map((item) => item.code).filter((code) => code.toLowerCase().startsWith('nat-'));
    expect(unplaced).toEqual(['nat-1', 'NAT-2', 'NAT-2(1)', 'NAT-2(10)', 'NAT-14']);
    const children = await ok<RequirementPage>('olga', 'GET', `/api/requirements?${env}&parent=${parent.id}&sort=code`);
    expect(codes(children)).toEqual(['nat-1', 'NAT-2', 'NAT-2(1)', 'NAT-2(10)', 'NAT-14']);
    const overdue = await ok<{ rows: { code: string }[] }>('olga', 'GET', `/api/reports/progress?${env}&format=json`);
    expect(overdue.rows.map((row) => row.code).filter((code) => code.startsWith('X'))).toEqual(['X', 'X-1', 'X-2']);
  });
});
