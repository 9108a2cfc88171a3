// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The compliance routes on Acme's process alpha (testing/tasks.ts): checks refused field by field
// with nothing written, added and evaluated at once, the requirement's compliance with its history,
// the gap and close-gap task of a failure and their closing when it passes, reasons hidden from who
// may not see what they point at, permissions, and another organization's or process's objects
// answering 404.
import { COMPLIANCE_MESSAGES as M, STATUS_MESSAGES, type ComplianceCheck, type ComplianceStatusItem, type MetricsAnswer, type RequirementCompliance } from '@portal/shared/server';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { seedApplication, seedBuild, seedComponents, seedSbomFinding, seedSecurityFinding, type ProcessIds } from '../testing/compliance-seed';

let world: TaskWorld;
let process: ProcessIds;
let requirement: string;
const ago = (days: number) => new Date(world.clock.now().getTime() - days * 86_400_000);
const checks = `/api/requirements/:id/checks?${G}`;
const url = (path: string, id = requirement) => path.replace(':id', id);
const count = async (table: string) => (await world.app.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

beforeAll(async () => {
  world = await taskWorld();
  requirement = world.requirementId;
  const [row] = await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]);
  process = { organizationId: row.organization_id, processId: world.processId };
  const shop = await seedApplication(world.app.database, process, 'shop');
  const build = await seedBuild(world.app.database, shop, ago(40));
  await seedComponents(world.app.database, build, [{ position: 0, name: 'lodash', version: '4.17.15' }]);
  await seedSbomFinding(world.app.database, build, 0, 'GHSA-35jh-r3h4-6jhm', 'HIGH');
  await seedSecurityFinding(world.app.database, process, {
    scope: 'aws:111122223333:eu-west-1', category: 'cloud-posture', severity: 'critical', firstSeen: ago(10), title: 'S3 bucket is public', resource: 'arn:aws:s3:::logs', provider: 'aws',
  });
}, 120_000);

afterAll(async () => world?.close());

describe('refusals', () => {
  it('refuses a check field by field, with the message of each, and writes nothing', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'kind', 'Required.'],
      [{ kind: 'nope' }, 'kind', M.kind],
      [{ kind: 'open-findings', colour: 'red' }, 'colour', M.unknownField('colour')],
      [{ kind: 'open-findings', scope: 'process' }, 'scope', M.scopeObject],
      [{ kind: 'open-findings', scope: { kind: 'galaxy' } }, 'scope.kind', M.scopeKind],
      [{ kind: 'sbom-fresh', scope: { kind: 'repositories', names: ['api'] } }, 'scope.kind', M.scopeNotTaken('sbom-fresh')],
      [{ kind: 'open-findings', scope: { kind: 'applications' } }, 'scope.keys', M.applicationsEmpty],
      [{ kind: 'open-findings', scope: { kind: 'applications', keys: ['a'], owner: 'x' } }, 'scope.owner', M.unknownScopeField('owner', 'applications')],
      [{ kind: 'open-findings', scope: { kind: 'applications', keys: [''] } }, 'scope.keys', M.list],
      [{ kind: 'open-findings', scope: { kind: 'cloud-accounts', accounts: ['123456789012'] } }, 'scope.accounts', M.account],
      [{ kind: 'open-findings', params: { severity: 'urgent' } }, 'params.severity', M.severity],
      [{ kind: 'open-findings', params: { older_than_days: -1 } }, 'params.older_than_days', M.days(0, 3650)],
      [{ kind: 'open-findings', params: { older_than_days: 1.5 } }, 'params.older_than_days', M.days(0, 3650)],
      [{ kind: 'open-findings', params: { sources: [] } }, 'params.sources', M.sources],
      [{ kind: 'open-findings', params: { colour: 'red' } }, 'params.colour', M.unknownParam('colour', 'open-findings')],
      [{ kind: 'sbom-fresh', params: { max_age_days: 0 } }, 'params.max_age_days', M.days(1, 3650)],
      [{ kind: 'license-category', params: { categories: ['gpl'] } }, 'params.categories', M.categories],
      [{ kind: 'license-category', params: { environments: ['moon'] } }, 'params.environments', M.environments],
      [{ kind: 'cloud-control' }, 'params.controls', M.controls],
      [{ kind: 'cloud-control', params: { controls: ['S3.1; DROP TABLE'] } }, 'params.controls', M.controls],
      [{ kind: 'evidence-file', params: { folder: '' } }, 'params.folder', M.text],
      [{ kind: 'recurring-task', params: { task_id: 'not-an-id' } }, 'params.task_id', M.task],
      [{ kind: 'recurring-task', params: { grace_days: 366 } }, 'params.grace_days', M.days(0, 365)],
    ];
    const answers: string[] = [];
    for (const [body, field, message] of cases) {
      const response = await world.call('andy', 'POST', url(checks), body);
      const problem = response.json() as { detail: string; errors?: Array<{ field: string; message: string }> };
      answers.push(`${JSON.stringify(body)} → ${response.statusCode} ${problem.detail} ${JSON.stringify(problem.errors?.find((error) => error.field === field)?.message)}`);
      expect(answers[answers.length - 1]).toBe(`${JSON.stringify(body)} → 400 ${message} ${JSON.stringify(message)}`);
    }
    expectProblem(await world.call('andy', 'POST', url(checks), [1, 2]), 400, 'Data is not valid: the body must be object.');
    expect(await count('compliance_checks')).toBe(0);
  });

  it("refuses a task that is no recurring task of the process (another organization's included)", async () => {
    const general = await world.ok<{ id: string }>('olga', 'POST', `/api/tasks?${G}`, { title: 'Once' }, 201);
    const theirs = await world.ok<{ id: string }>('ursula', 'POST', '/api/tasks?graph=omega', { title: 'Monthly', due_date: '2030-06-30', recurrence: 'FREQ=MONTHLY' }, 201);
    for (const taskId of [general.id, theirs.id, '00000000-0000-4000-8000-000000000000']) {
      expectProblem(await world.call('andy', 'POST', url(checks), { kind: 'recurring-task', params: { task_id: taskId } }), 400, M.task);
    }
    expect(await count('compliance_checks')).toBe(0);
  });
});

describe('a check through its life', () => {
  let check: ComplianceCheck;

  it('adds a check, evaluates it at once and answers the compliance with its history', async () => {
    check = await world.ok<ComplianceCheck>('andy', 'POST', url(checks), { kind: 'open-findings', params: { sources: ['sbom'], older_than_days: 30 } }, 201);
    expect(check).toMatchObject({
      requirement_id: requirement,
      kind: 'open-findings',
      scope: { kind: 'process' },
      params: { sources: ['sbom'], severity: 'high', older_than_days: 30 },
      description: 'No open SBOM finding at or above high first seen more than 30 days ago in the process',
      created_by: { id: world.ids.andy, login_id: 'andy' },
      result: { status: 'failing', summary: '1 open SBOM finding at or above high first seen more than 30 days ago in the process.', reason_total: 1, hidden_reasons: 0 },
    });
    expect(check.result.reasons).toEqual([
      { kind: 'vulnerability', id: expect.any(String), label: 'GHSA-35jh-r3h4-6jhm in lodash@4.17.15 of shop (high, 40 days)', link: expect.stringMatching(/^\/applications\/shop\?tab=builds&build=.+&view=findings$/) },
    ]);
    const compliance = await world.ok<RequirementCompliance>('reed', 'GET', url(`/api/requirements/:id/compliance?${G}`));
    expect(compliance).toMatchObject({ requirement_id: requirement, status: 'failing', since: world.clock.now().toISOString(), checks: [{ id: check.id }] });
    expect(compliance.history.map((entry) => [entry.check_id, entry.kind, entry.from, entry.to])).toEqual([
      [null, null, null, 'failing'],
      [check.id, 'open-findings', null, 'failing'],
    ]);
    expect(await world.ok<ComplianceStatusItem[]>('reed', 'GET', `/api/compliance/statuses?${G}`)).toEqual([{ requirement_id: requirement, status: 'failing', since: world.clock.now().toISOString() }]);
  });

  it('raises Identify Gap with a gap and its close-gap task, tells the owner, and announces it live', async () => {
    const events = await world.ok<Array<{ type: string; data: Record<string, unknown> }>>('reed', 'GET', url(`/api/requirements/:id/events?${G}`));
    const identified = events.find((event) => event.type === 'Identify Gap');
    expect(identified?.data).toMatchObject({ compliance: 'failing', gap_id: expect.any(String), task_id: expect.any(String) });
    const [task] = await world.app.database.query<{ type: string; status: string; comment: string; related_id: string }>('SELECT type, status, comment, related_id FROM tasks WHERE id = $1', [identified!.data.task_id]);
    expect(task).toMatchObject({ type: 'HAS_GAP', status: 'OPEN', related_id: identified!.data.gap_id });
    expect(task.comment).toContain('- GHSA-35jh-r3h4-6jhm in lodash@4.17.15 of shop (high, 40 days)');
    // RQ-12 has no owner: its creator hears of it.
    const [told] = await world.app.database.query<{ body: { title: string; message: string; link: string } }>(
      "SELECT body FROM outbox WHERE destination = $1 AND body->>'title' = 'Requirement failing its checks'",
      [`notifications#${world.ids.olga}`],
    );
    expect(told.body).toMatchObject({ link: `/requirements?id=${requirement}`, message: expect.stringContaining('##RQ-12 Password length## fails: 1 open SBOM finding') });
    const live = await world.app.database.query<{ body: { data: Record<string, unknown> } }>("SELECT body FROM outbox WHERE destination = $1 AND body->>'type' = 'Compliance'", [`events#${world.ids.reed}`]);
    expect(live.map((row) => row.body.data)).toContainEqual({ graph: 'alpha', id: requirement, kind: 'compliance', status: 'failing', previous: null });
    // Other's admin hears nothing of Acme's process.
    expect(await world.app.database.query("SELECT 1 FROM outbox WHERE destination = $1 AND body->>'type' = 'Compliance'", [`events#${world.ids.ursula}`])).toEqual([]);
  });

  it('replaces the check and evaluates it again: passing closes the gap and completes its task', async () => {
    world.clock.advance(60_000);
    const replaced = await world.ok<ComplianceCheck>('andy', 'PUT', url(`/api/requirements/:id/checks/${check.id}?${G}`), { kind: 'open-findings', params: { sources: ['sbom'], older_than_days: 60 } });
    expect(replaced.result).toMatchObject({ status: 'passing', reasons: [], reason_total: 0 });
    const compliance = await world.ok<RequirementCompliance>('reed', 'GET', url(`/api/requirements/:id/compliance?${G}`));
    expect(compliance.status).toBe('passing');
    expect(compliance.history.slice(0, 2).map((entry) => [entry.check_id, entry.from, entry.to])).toEqual([
      [null, 'failing', 'passing'],
      [check.id, 'failing', 'passing'],
    ]);
    const [gap] = await world.app.database.query<{ status: string; task_status: string }>('SELECT g.status, t.status AS task_status FROM gaps g JOIN tasks t ON t.id = g.task_id WHERE g.requirement_id = $1', [requirement]);
    expect(gap).toEqual({ status: 'CLOSED', task_status: 'COMPLETED' });
  });

  it('is a metric: the share of requirements passing, and the requirements by status', async () => {
    const answer = await world.ok<MetricsAnswer>('olga', 'GET', `/api/metrics?${G}`);
    const reading = (key: string) => answer.metrics.find((metric) => metric.key === key)!.values.map((value) => [value.labels, value.value]);
    expect(reading('compliance_percent')).toEqual([[{}, 100]]);
    expect(reading('requirements_by_compliance')).toContainEqual([{ status: 'passing' }, 1]);
  });

  it('hides the reasons the caller may not see, and counts them', async () => {
    const cloud = await world.ok<ComplianceCheck>('olga', 'POST', url(checks), { kind: 'open-findings', params: { sources: ['cloud'], severity: 'critical' } }, 201);
    expect(cloud.result).toMatchObject({ status: 'failing', reason_total: 1, hidden_reasons: 0, reasons: [{ kind: 'finding', label: 'S3 bucket is public in arn:aws:s3:::logs (critical, 10 days)' }] });
    // A reader has no view of AWS: the finding is left out of the answer.
    const asReader = (await world.ok<ComplianceCheck[]>('reed', 'GET', url(checks))).find((each) => each.id === cloud.id)!;
    expect(asReader.result).toMatchObject({ status: 'failing', reason_total: 1, hidden_reasons: 1, reasons: [] });
    expect(asReader.result.summary).toBe('1 open cloud finding at or above critical in the process.');
  });

  it('deletes checks: the status is what the others say, and none left is no status', async () => {
    for (const each of await world.ok<ComplianceCheck[]>('olga', 'GET', url(checks))) {
      expect((await world.call('andy', 'DELETE', url(`/api/requirements/:id/checks/${each.id}?${G}`))).statusCode).toBe(204);
    }
    const compliance = await world.ok<RequirementCompliance>('reed', 'GET', url(`/api/requirements/:id/compliance?${G}`));
    expect(compliance).toMatchObject({ status: null, since: null, checks: [] });
    expect(await world.ok('reed', 'GET', `/api/compliance/statuses?${G}`)).toEqual([]);
    // Its history stays.
    expect(compliance.history.length).toBeGreaterThan(3);
  });
});

describe('who may', () => {
  let other: string;
  let check: ComplianceCheck;

  beforeAll(async () => {
    other = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-13', title: 'Other' }, 201)).id;
    check = await world.ok<ComplianceCheck>('olga', 'POST', url(checks, other), { kind: 'sbom-fresh' }, 201);
  });

  it('reads with view=>Requirement and changes with update=>Requirement', async () => {
    expect((await world.call('reed', 'GET', url(checks, other))).statusCode).toBe(200);
    expectProblem(await world.call('reed', 'POST', url(checks, other), { kind: 'sbom-fresh' }), 403, STATUS_MESSAGES[403]);
    expectProblem(await world.call('rita', 'PUT', url(`/api/requirements/:id/checks/${check.id}?${G}`, other), { kind: 'sbom-fresh' }), 403, STATUS_MESSAGES[403]);
    expectProblem(await world.call('reed', 'DELETE', url(`/api/requirements/:id/checks/${check.id}?${G}`, other)), 403, STATUS_MESSAGES[403]);
    expectProblem(await world.call('reed', 'POST', url(`/api/requirements/:id/compliance/evaluate?${G}`, other)), 403, STATUS_MESSAGES[403]);
    expect((await world.call('andy', 'POST', url(`/api/requirements/:id/compliance/evaluate?${G}`, other))).statusCode).toBe(200);
  });

  it("answers 404 for another organization's process, a requirement of another process and a check of another requirement", async () => {
    const theirs = (await world.ok<{ id: string }>('ursula', 'POST', '/api/requirements?graph=omega', { code: 'O-1', title: 'Omega' }, 201)).id;
    const calls: Array<[Parameters<TaskWorld['call']>[0], string, string, unknown?]> = [
      ['ursula', 'GET', url(checks, other)],
      ['ursula', 'GET', url(checks, other).replace(G, 'graph=omega')],
      ['ursula', 'GET', url(`/api/requirements/:id/compliance?graph=omega`, other)],
      ['ursula', 'POST', url(`/api/requirements/:id/compliance/evaluate?graph=omega`, other)],
      ['ursula', 'PUT', `/api/requirements/${theirs}/checks/${check.id}?graph=omega`, { kind: 'sbom-fresh' }],
      ['ursula', 'DELETE', `/api/requirements/${theirs}/checks/${check.id}?graph=omega`],
      ['olga', 'GET', url(checks, theirs)],
      ['olga', 'PUT', url(`/api/requirements/:id/checks/${check.id}?${G}`), { kind: 'sbom-fresh' }],
      ['olga', 'DELETE', url(`/api/requirements/:id/checks/not-an-id?${G}`)],
      ['olga', 'POST', url(checks, 'not-an-id'), { kind: 'sbom-fresh' }],
    ];
    const answers: string[] = [];
    for (const [who, method, path, body] of calls) answers.push(`${who} ${method} ${path} → ${(await world.call(who, method as 'GET', path, body)).statusCode}`);
    expect(answers).toEqual(calls.map(([who, method, path]) => `${who} ${method} ${path} → 404`));
    expect((await world.ok<ComplianceCheck[]>('olga', 'GET', url(checks, other))).map((each) => each.kind)).toEqual(['sbom-fresh']);
  });

  it('keeps the checks of a deleted requirement, unchanged and not evaluated', async () => {
    const doomed = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-14', title: 'Doomed' }, 201)).id;
    await world.ok('olga', 'POST', url(checks, doomed), { kind: 'sbom-fresh' }, 201);
    expect((await world.call('olga', 'DELETE', `/api/requirements/${doomed}?${G}`)).statusCode).toBe(204);
    expectProblem(await world.call('olga', 'POST', url(checks, doomed), { kind: 'sbom-fresh' }), 409, M.deleted);
    const compliance = await world.ok<RequirementCompliance>('olga', 'POST', url(`/api/requirements/:id/compliance/evaluate?${G}`, doomed));
    expect(compliance.checks[0].result).toMatchObject({ status: 'not_evaluated', summary: 'The requirement is deleted.' });
    expect((await world.ok<ComplianceStatusItem[]>('olga', 'GET', `/api/compliance/statuses?${G}`)).map((item) => item.requirement_id)).not.toContain(doomed);
  });

  it(`takes at most 20 checks per requirement`, async () => {
    const busy = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-15', title: 'Busy' }, 201)).id;
    for (let index = 0; index < 20; index += 1) await world.ok('olga', 'POST', url(checks, busy), { kind: 'sbom-fresh', params: { max_age_days: index + 1 } }, 201);
    expectProblem(await world.call('olga', 'POST', url(checks, busy), { kind: 'sbom-fresh' }), 409, M.tooManyChecks);
  });
});
