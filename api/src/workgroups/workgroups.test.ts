// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// Workgroups through the API (spec 7, docs/authorization.md "Workgroups"): an organization admin
// creates, lists, replaces and deletes them; members are users of the same organization; names
// are unique per organization; readers and authors may look but not change; another
// organization's workgroups and users are not found.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { MESSAGES, STATUS_MESSAGES } from '@portal/shared/server';
import { buildApp } from '../app';
import { setMembership } from '../authorization/memberships.repository';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { findOrganizationByName } from '../organizations/repository';
import { ensureProcess } from '../processes/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin, type UserSummary } from '../users/repository';
import { authenticate } from '../testing/users';
import type { Workgroup } from './repository';
import { nameTakenMessage } from './service';

const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // Acme, READER held organization-wide
let arthur: SessionCookie; // Acme, AUTHOR through a membership of p1
let bob: SessionCookie; // Beta's ORG_ADMIN
const ids: Record<string, string> = {};

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  const acme = (await findOrganizationByName(app.database, 'Acme'))!;
  const { process: p1 } = await ensureProcess(app.database, acme.id, {
    code_name: 'p1',
    name: 'Process one',
    type: 'REQUIREMENTS',
    dashboard_type: 'LIVE',
  });
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--role', 'READER');
  await createTestUser(app, 'arthur', clock.now, '--org', 'Acme');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'betty', clock.now, '--org', 'Beta');
  for (const login of ['olga', 'rita', 'arthur', 'bob', 'betty']) ids[login] = (await findUserByLogin(app.database, login))!.id;
  await setMembership(app.database, ids.arthur, p1.id, ['AUTHOR']);
  olga = await authenticate(app, 'olga', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  arthur = await authenticate(app, 'arthur', clock.now);
  bob = await authenticate(app, 'bob', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object) =>
  app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

async function workgroupsOf(cookie: SessionCookie): Promise<Workgroup[]> {
  const response = await call(cookie, 'GET', '/api/workgroups');
  expect(response.statusCode).toBe(200);
  return response.json();
}

let reviewers: Workgroup;

it('creates a workgroup of users of the organization and lists it with its members', async () => {
  const response = await call(olga, 'POST', '/api/workgroups', {
    name: 'Reviewers',
    description: 'Those who review.',
    member_ids: [ids.rita, ids.olga, ids.rita],
  });
  expect(response.statusCode).toBe(201);
  reviewers = response.json();
  expect(reviewers).toEqual({
    id: expect.any(String),
    name: 'Reviewers',
    description: 'Those who review.',
    members: [
      { id: ids.olga, login_id: 'olga', name: 'User olga' },
      { id: ids.rita, login_id: 'rita', name: 'User rita' },
    ],
  });
  expect(await workgroupsOf(olga)).toEqual([reviewers]);
  // Readers may look (list=>Workgroup).
  expect(await workgroupsOf(rita)).toEqual([reviewers]);
  // The users list shows each user's workgroups.
  const users: UserSummary[] = (await call(olga, 'GET', '/api/users')).json();
  expect(users.find((user) => user.login_id === 'rita')?.workgroups).toEqual([{ id: reviewers.id, name: 'Reviewers' }]);
  expect(users.find((user) => user.login_id === 'arthur')?.workgroups).toEqual([]);
});

it("answers the caller's own workgroups to any signed-in user", async () => {
  expect((await call(rita, 'GET', '/api/workgroups/myMembership')).json()).toEqual([{ id: reviewers.id, name: 'Reviewers' }]);
  expect((await call(arthur, 'GET', '/api/workgroups/myMembership')).json()).toEqual([]);
  expect((await call(bob, 'GET', '/api/workgroups/myMembership')).json()).toEqual([]);
});

it('refuses a duplicate name (any letter case) with 409 and an empty name with the spec 5 message', async () => {
  expectProblem(await call(olga, 'POST', '/api/workgroups', { name: 'reviewers', member_ids: [] }), 409, nameTakenMessage('reviewers'));
  const invalid = await call(olga, 'POST', '/api/workgroups', { name: '  ', description: '', member_ids: [] });
  expectProblem(invalid, 400, MESSAGES.required);
  expect(invalid.json().errors).toEqual([{ field: 'name', message: MESSAGES.required }]);
  expect(await workgroupsOf(olga)).toHaveLength(1);
});

it("accepts members of the organization only: another organization's user or a malformed id is not found", async () => {
  for (const member_ids of [[ids.betty], [ids.rita, 'not-a-uuid']]) {
    expectProblem(await call(olga, 'POST', '/api/workgroups', { name: 'Mixed', member_ids }), 404, STATUS_MESSAGES[404]);
    expectProblem(await call(olga, 'PUT', `/api/workgroups/${reviewers.id}`, { name: 'Reviewers', member_ids }), 404, STATUS_MESSAGES[404]);
  }
  expect(await workgroupsOf(olga)).toEqual([reviewers]);
});

it('replaces name, description and members; a name of another workgroup is refused', async () => {
  const authors: Workgroup = (await call(olga, 'POST', '/api/workgroups', { name: 'Authors', member_ids: [ids.arthur] })).json();
  expect(authors).toMatchObject({ name: 'Authors', description: '', members: [{ login_id: 'arthur' }] });
  const response = await call(olga, 'PUT', `/api/workgroups/${reviewers.id}`, {
    name: 'Review board',
    description: 'Reviews every requirement.',
    member_ids: [ids.arthur],
  });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    id: reviewers.id,
    name: 'Review board',
    description: 'Reviews every requirement.',
    members: [{ id: ids.arthur, login_id: 'arthur', name: 'User arthur' }],
  });
  // Its own name in another letter case is not a duplicate; another workgroup's name is.
  expect((await call(olga, 'PUT', `/api/workgroups/${reviewers.id}`, { name: 'REVIEW BOARD', member_ids: [] })).statusCode).toBe(200);
  expectProblem(await call(olga, 'PUT', `/api/workgroups/${reviewers.id}`, { name: 'authors', member_ids: [] }), 409, nameTakenMessage('authors'));
  expect((await workgroupsOf(olga)).map((workgroup) => workgroup.name)).toEqual(['Authors', 'REVIEW BOARD']);
});

it('refuses every change to a READER (organization role) and an AUTHOR (membership) with 403', async () => {
  const [authors] = await workgroupsOf(olga);
  const changes: [InjectOptions['method'], string, object | undefined][] = [
    ['POST', '/api/workgroups', { name: 'Nope', member_ids: [] }],
    ['PUT', `/api/workgroups/${authors.id}`, { name: 'Nope', member_ids: [] }],
    ['DELETE', `/api/workgroups/${authors.id}`, undefined],
  ];
  for (const [method, url, payload] of changes) {
    expectProblem(await call(rita, method, url, payload), 403, STATUS_MESSAGES[403]);
    expectProblem(await call(arthur, method, `${url}?graph=p1`, payload), 403, STATUS_MESSAGES[403]);
  }
  expect((await workgroupsOf(olga)).map((workgroup) => workgroup.name)).toEqual(['Authors', 'REVIEW BOARD']);
});

it("keeps another organization's workgroups out of sight: listed nowhere, 404 on change", async () => {
  const [authors] = await workgroupsOf(olga);
  expect(await workgroupsOf(bob)).toEqual([]);
  expectProblem(await call(bob, 'PUT', `/api/workgroups/${authors.id}`, { name: 'Taken over', member_ids: [ids.betty] }), 404, STATUS_MESSAGES[404]);
  expectProblem(await call(bob, 'DELETE', `/api/workgroups/${authors.id}`), 404, STATUS_MESSAGES[404]);
  expectProblem(await call(olga, 'DELETE', '/api/workgroups/not-a-uuid'), 404, STATUS_MESSAGES[404]);
  // Beta may use the same name: names are unique per organization.
  expect((await call(bob, 'POST', '/api/workgroups', { name: 'Authors', member_ids: [ids.betty] })).statusCode).toBe(201);
  expect((await workgroupsOf(olga)).find((workgroup) => workgroup.id === authors.id)).toEqual(authors);
});

it('deletes a workgroup; its members stay users', async () => {
  const [authors] = await workgroupsOf(olga);
  expect((await call(olga, 'DELETE', `/api/workgroups/${authors.id}`)).statusCode).toBe(204);
  expectProblem(await call(olga, 'DELETE', `/api/workgroups/${authors.id}`), 404, STATUS_MESSAGES[404]);
  expect((await workgroupsOf(olga)).map((workgroup) => workgroup.name)).toEqual(['REVIEW BOARD']);
  expect(await findUserByLogin(app.database, 'arthur')).toBeDefined();
});
