// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The compliance templates on Acme's process alpha (testing/tasks.ts) with the NIST SP 800-53 LOW
// baseline imported: listed with the process's SLA in SI-2's checks, applied to the catalog by
// control id in one action (what the LOW baseline lacks skipped), idempotent, each applied check a
// normal check, the refusals with nothing written, who may, and another organization's standard
// refused.
import { COMPLIANCE_MESSAGES, COMPLIANCE_TEMPLATE_MESSAGES as M, STATUS_MESSAGES, type ComplianceCheck, type ComplianceTemplate, type ComplianceTemplateApplyResult } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { importLowBaseline } from '../testing/compliance-catalog';
import { seedBuild } from '../testing/compliance-seed';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let standardId: string;
const apply = `/api/compliance/templates/apply?${G}`;
const count = async () => (await world.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM compliance_checks'))[0].n;
const requirementOf = async (source: string) =>
  (await world.app.database.query<{ id: string }>('SELECT id FROM requirements WHERE process_id = $1 AND source = $2', [world.processId, source]))[0].id;

beforeAll(async () => {
  world = await taskWorld();
  const [row] = await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]);
  standardId = await importLowBaseline(world.app.database, { organizationId: row.organization_id, processId: world.processId, processCode: 'alpha', actor: { id: world.ids.olga, login_id: 'olga' } });
  // portal-web has a processed SBOM of yesterday.
  await seedBuild(world.app.database, world.applicationId, new Date(world.clock.now().getTime() - 86_400_000));
}, 120_000);

afterAll(async () => world?.close());

it("lists the templates, SI-2's checks following the process's SLA", async () => {
  const templates = await world.ok<ComplianceTemplate[]>('reed', 'GET', `/api/compliance/templates?${G}`);
  expect(templates.map((template) => template.label)).toEqual(['RA-5', 'SI-2', 'CM-8', 'SA-11', 'CM-6', 'SR-4', 'SR-11']);
  const si2 = (list: ComplianceTemplate[]) => list.find((template) => template.control_id === 'si-2')!.checks.map((check) => [check.params!.severity, check.params!.older_than_days]);
  expect(si2(templates)).toEqual([['critical', 7], ['high', 30], ['medium', 90], ['low', 180]]);
  await world.ok('olga', 'PUT', `/api/security/sla?${G}`, { critical: 3, high: 14, medium: null, low: null, info: null });
  expect(si2(await world.ok<ComplianceTemplate[]>('reed', 'GET', `/api/compliance/templates?${G}`))).toEqual([['critical', 3], ['high', 14]]);
  expectProblem(await world.call('vic', 'GET', `/api/compliance/templates?${G}`), 403, STATUS_MESSAGES[403]);
});

it('refuses a body naming no standard of the process, or unknown templates, and writes nothing', async () => {
  const [other] = await world.app.database.query<{ id: string }>(
    "INSERT INTO standards (organization_id, process_id, title) SELECT organization_id, id, 'Theirs' FROM processes WHERE code_name = 'omega' RETURNING id",
  );
  const cases: Array<[unknown, string, string]> = [
    [{}, 'standard_id', M.standard],
    [{ standard_id: 'nope' }, 'standard_id', M.standard],
    [{ standard_id: '00000000-0000-4000-8000-000000000000' }, 'standard_id', M.standard],
    // Another organization's standard is none of this process's.
    [{ standard_id: other.id }, 'standard_id', M.standard],
    [{ standard_id: standardId, controls: ['ac-1'] }, 'controls', M.controls],
    [{ standard_id: standardId, controls: [] }, 'controls', M.controls],
    [{ standard_id: standardId, colour: 'red' }, 'colour', M.unknownField('colour')],
  ];
  for (const [body, field, message] of cases) {
    const response = await world.call('andy', 'POST', apply, body);
    const problem = response.json() as { detail: string; errors?: Array<{ field: string; message: string }> };
    expect([JSON.stringify(body), response.statusCode, problem.errors?.find((error) => error.field === field)?.message]).toEqual([JSON.stringify(body), 400, message]);
  }
  expectProblem(await world.call('andy', 'POST', apply, [standardId]), 400, 'Data is not valid: the body must be object.');
  expect(await count()).toBe(0);
});

it('is for who may update requirements', async () => {
  expectProblem(await world.call('reed', 'POST', apply, { standard_id: standardId }), 403, STATUS_MESSAGES[403]);
  // Other's admin names Acme's process: it is none of hers.
  expect((await world.call('ursula', 'POST', apply, { standard_id: standardId })).statusCode).toBe(404);
  expect(await count()).toBe(0);
});

describe('applied to the LOW baseline', () => {
  let first: ComplianceTemplateApplyResult;

  it('adds each template’s checks to the requirement of its control and evaluates them; what the baseline lacks is skipped', async () => {
    first = await world.ok<ComplianceTemplateApplyResult>('andy', 'POST', apply, { standard_id: standardId });
    expect(first.standard_id).toBe(standardId);
    expect(first.added.map((entry) => [entry.code, entry.kind])).toEqual([
      ['RA-5', 'open-findings'],
      ['RA-5', 'active-exploit'],
      ['SI-2', 'open-findings'],
      ['SI-2', 'open-findings'],
      ['CM-8', 'sbom-fresh'],
      ['CM-6', 'open-findings'],
      ['SR-11', 'sbom-provenance'],
    ]);
    // SA-11 and SR-4 are not in the LOW baseline.
    expect(first.skipped).toEqual([
      { control_id: 'sa-11', requirement_id: null, code: null, kind: 'open-findings', reason: 'not-in-catalog' },
      { control_id: 'sr-4', requirement_id: null, code: null, kind: 'sbom-provenance', reason: 'not-in-catalog' },
    ]);
    expect(first.added.find((entry) => entry.code === 'CM-8')).toMatchObject({ requirement_id: await requirementOf('cm-8'), description: 'Every application of the process has an SBOM newer than 30 days' });
    const cm8 = await world.ok<ComplianceCheck[]>('reed', 'GET', `/api/requirements/${await requirementOf('cm-8')}/checks?${G}`);
    expect(cm8).toEqual([expect.objectContaining({ kind: 'sbom-fresh', created_by: expect.objectContaining({ login_id: 'andy' }), result: expect.objectContaining({ status: 'passing' }) })]);
    expect(await count()).toBe(7);
  });

  it('adds nothing twice: applying again skips every check already there', async () => {
    const again = await world.ok<ComplianceTemplateApplyResult>('andy', 'POST', apply, { standard_id: standardId });
    expect(again.added).toEqual([]);
    expect(again.skipped.filter((entry) => entry.reason === 'already-applied').map((entry) => entry.code)).toEqual(['RA-5', 'RA-5', 'SI-2', 'SI-2', 'CM-8', 'CM-6', 'SR-11']);
    expect(await count()).toBe(7);
  });

  it('leaves each applied check a normal check: edited through the check routes, and then the template adds it again', async () => {
    const cm8 = await requirementOf('cm-8');
    const [check] = await world.ok<ComplianceCheck[]>('andy', 'GET', `/api/requirements/${cm8}/checks?${G}`);
    const edited = await world.ok<ComplianceCheck>('andy', 'PUT', `/api/requirements/${cm8}/checks/${check.id}?${G}`, { kind: 'sbom-fresh', params: { max_age_days: 7 } });
    expect(edited.params).toEqual({ max_age_days: 7 });
    world.clock.advance(60_000);
    const only = await world.ok<ComplianceTemplateApplyResult>('andy', 'POST', apply, { standard_id: standardId, controls: ['CM-8', 'ra-5'] });
    expect(only.added.map((entry) => [entry.code, entry.kind])).toEqual([['CM-8', 'sbom-fresh']]);
    expect(only.skipped.map((entry) => [entry.code, entry.reason])).toEqual([
      ['RA-5', 'already-applied'],
      ['RA-5', 'already-applied'],
    ]);
    expect((await world.ok<ComplianceCheck[]>('andy', 'GET', `/api/requirements/${cm8}/checks?${G}`)).map((each) => each.params)).toEqual([{ max_age_days: 7 }, { max_age_days: 30 }]);
  });

  it('skips a requirement that has its 20 checks', async () => {
    const cm6 = await requirementOf('cm-6');
    for (let days = 1; days < 20; days += 1) await world.ok('andy', 'POST', `/api/requirements/${cm6}/checks?${G}`, { kind: 'sbom-fresh', params: { max_age_days: days } }, 201);
    // Its template's check removed: the template would add it, but the requirement is full.
    const [templated] = (await world.ok<ComplianceCheck[]>('andy', 'GET', `/api/requirements/${cm6}/checks?${G}`)).filter((each) => each.kind === 'open-findings');
    await world.ok('andy', 'DELETE', `/api/requirements/${cm6}/checks/${templated.id}?${G}`, undefined, 204);
    await world.ok('andy', 'POST', `/api/requirements/${cm6}/checks?${G}`, { kind: 'sbom-fresh', params: { max_age_days: 100 } }, 201);
    const full = await world.ok<ComplianceTemplateApplyResult>('andy', 'POST', apply, { standard_id: standardId, controls: ['cm-6'] });
    expect(full).toEqual({ standard_id: standardId, added: [], skipped: [{ control_id: 'cm-6', requirement_id: cm6, code: 'CM-6', kind: 'open-findings', reason: 'too-many-checks' }] });
    expectProblem(await world.call('andy', 'POST', `/api/requirements/${cm6}/checks?${G}`, { kind: 'sbom-fresh' }), 409, COMPLIANCE_MESSAGES.tooManyChecks);
  });
});
