// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// A finding's links to requirements (issue 24 item 1): linked by who may triage it, shown in the
// list (`requirements`) and the detail (`linkedRequirements` with codes), kept through a
// re-import, replaced and removed; another process's or a deleted requirement, a finding not the
// caller's, a reader and hostile bodies refused with nothing changed.
import { readOps } from './importers/ops-data';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { LINK_MESSAGES } from './links';

let world: TaskWorld;
let finding = '';
let second = '';
let otherProcessRequirement = '';

interface Detail {
  requirements: string[];
  linkedRequirements: Array<{ id: string; code: string; title: string }>;
}

const link = (body: unknown, who: 'olga' | 'andy' | 'reed' | 'ursula' = 'andy', id = finding, graph = G) =>
  world.call(who, 'PUT', `/api/security/findings/${id}/requirements?${graph}`, body);
const detail = (id = finding) => world.ok<Detail>('olga', 'GET', `/api/security/findings/${id}?${G}`);
const links = async () => world.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM security_finding_requirements');

beforeAll(async () => {
  world = await taskWorld();
  expect((await world.call('olga', 'POST', `/api/security/findings?${G}&repository=web`, readOps('eslint.sarif'))).statusCode).toBe(200);
  const page = await world.ok<{ items: Array<{ id: string; state: string }> }>('olga', 'GET', `/api/security/findings?${G}&scope=repo:web&state=open&limit=2`);
  [finding, second] = page.items.map((item) => item.id) as [string, string];
  otherProcessRequirement = (await world.ok<{ id: string }>('ursula', 'POST', '/api/requirements?graph=omega', { code: 'OM-1', title: 'Elsewhere' }, 201)).id;
}, 120_000);
afterAll(async () => world?.close());

it('links a finding to requirements of its process: the list and the detail show them, by code (natural order)', async () => {
  const another = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-3', title: 'Input is encoded' }, 201)).id;
  const answer = await link({ requirement_ids: [world.requirementId, another, world.requirementId.toUpperCase()] });
  expect(answer.statusCode).toBe(200);
  expect(answer.json().requirements.map((requirement: { code: string }) => requirement.code)).toEqual(['RQ-3', 'RQ-12']);
  const shown = await detail();
  expect(shown.linkedRequirements).toEqual([
    { id: another, code: 'RQ-3', title: 'Input is encoded' },
    { id: world.requirementId, code: 'RQ-12', title: 'Password length' },
  ]);
  expect([...shown.requirements].sort()).toEqual([world.requirementId, another].sort());
  const listed = await world.ok<{ items: Array<{ id: string; requirements: string[] }> }>('olga', 'GET', `/api/security/findings?${G}&scope=repo:web&limit=500`);
  expect(listed.items.find((item) => item.id === finding)?.requirements.sort()).toEqual([world.requirementId, another].sort());
  expect(listed.items.find((item) => item.id === second)?.requirements).toEqual([]);

  // A re-import of the scope keeps them.
  expect((await world.call('olga', 'POST', `/api/security/findings?${G}&repository=web`, readOps('eslint.sarif'))).statusCode).toBe(200);
  expect((await detail()).linkedRequirements.map((requirement) => requirement.code)).toEqual(['RQ-3', 'RQ-12']);

  // Replaced, then removed.
  expect((await link({ requirement_ids: [another] })).json().requirements.map((requirement: { code: string }) => requirement.code)).toEqual(['RQ-3']);
  expect((await link({ requirement_ids: [] })).json()).toEqual({ requirements: [] });
  expect((await detail()).linkedRequirements).toEqual([]);
});

it("refuses another process's requirement, a deleted one and an unknown id with a 404, linking none of the list", async () => {
  await link({ requirement_ids: [world.requirementId] });
  const before = await links();
  expectProblem(await link({ requirement_ids: [world.requirementId, otherProcessRequirement] }), 404, LINK_MESSAGES.requirements);
  expectProblem(await link({ requirement_ids: ['00000000-0000-4000-8000-000000000000'] }), 404, LINK_MESSAGES.requirements);
  expectProblem(await link({ requirement_ids: ['RQ-12'] }), 404, LINK_MESSAGES.requirements);
  const doomed = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-99', title: 'Soon gone' }, 201)).id;
  expect((await world.call('olga', 'DELETE', `/api/requirements/${doomed}?${G}`)).statusCode).toBeLessThan(300);
  expectProblem(await link({ requirement_ids: [doomed] }), 404, LINK_MESSAGES.requirements);
  expect(await links()).toEqual(before);
  expect((await detail()).linkedRequirements.map((requirement) => requirement.code)).toEqual(['RQ-12']);
});

it("refuses a finding that is not the caller's, a reader, and another organization", async () => {
  const before = await links();
  expectProblem(await link({ requirement_ids: [] }, 'andy', '00000000-0000-4000-8000-000000000000'), 404, LINK_MESSAGES.finding);
  expectProblem(await link({ requirement_ids: [] }, 'andy', 'not-a-uuid'), 404, LINK_MESSAGES.finding);
  expect((await link({ requirement_ids: [] }, 'reed')).statusCode).toBe(403);
  expect((await link({ requirement_ids: [otherProcessRequirement] }, 'ursula', finding, 'graph=omega')).statusCode).toBe(404);
  expect((await link({ requirement_ids: [] }, 'ursula', finding, 'graph=alpha')).statusCode).toBe(404);
  expect(await links()).toEqual(before);
});

it.each([
  ['not an object', ['RQ-12']],
  ['no requirement_ids', {}],
  ['a string', { requirement_ids: 'RQ-12' }],
  ['a number in it', { requirement_ids: [12] }],
  ['another field', { requirement_ids: [], note: 'x' }],
  ['more than 50', { requirement_ids: Array.from({ length: 51 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`) }],
])('refuses a body with %s with a 400 naming requirement_ids', async (_name, body) => {
  const before = await links();
  const answer = await link(body);
  expectProblem(answer, 400, LINK_MESSAGES.body);
  expect(answer.json().errors).toEqual([{ field: 'requirement_ids', message: LINK_MESSAGES.body }]);
  expect(await links()).toEqual(before);
});
