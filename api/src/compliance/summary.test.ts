// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// GET compliance/summary on Acme's process alpha (testing/tasks.ts): the requirements with checks
// grouped by the standard they were imported from and their family (top-level requirement), the
// share passing and its 30-day trend replayed from the history (a requirement counted on the days
// it had checks, its last check's deletion included), deleted requirements left out, and
// who may read it (list=>Requirement; another organization: 404).
import { COMPLIANCE_TREND_DAYS, STATUS_MESSAGES, type ComplianceSummary, type RequirementCompliance, type StandardImportView } from '@portal/shared/server';
import { DEFAULT_IDENTITY } from '../config';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { seedApplication, seedBuild, type ProcessIds } from '../testing/compliance-seed';
import { NO_CHECK_LEFT } from './evaluate';

const DAY = 86_400_000;
let world: TaskWorld;
let process: ProcessIds;
const ids: Record<string, string> = {};
const summary = () => world.ok<ComplianceSummary>('reed', 'GET', `/api/compliance/summary?${G}`);
const ago = (days: number) => new Date(world.clock.now().getTime() - days * DAY);
const fresh = (appKey: string) => ({ kind: 'sbom-fresh', scope: { kind: 'applications', keys: [appKey] }, params: { max_age_days: 30 } });

const CATALOG = {
  catalog: {
    metadata: { title: 'Tiny Controls', version: '1.0' },
    groups: [
      { id: 'ac', title: 'Access Control', controls: [{ id: 'ac-1', title: 'Policy' }, { id: 'ac-2', title: 'Account Management' }] },
      { id: 'ra', title: 'Risk Assessment', controls: [{ id: 'ra-5', title: 'Vulnerability Monitoring' }] },
    ],
  },
};

beforeAll(async () => {
  // Sessions that last the days the trend is followed over.
  world = await taskWorld({ config: { identity: { ...DEFAULT_IDENTITY, sessionIdleMs: 60 * DAY, sessionAbsoluteMs: 60 * DAY } } });
  const [row] = await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]);
  process = { organizationId: row.organization_id, processId: world.processId };
  const started = await world.ok<StandardImportView>('olga', 'POST', `/api/standards/imports?${G}`, CATALOG, 202);
  for (let attempt = 0; ; attempt += 1) {
    const job = await world.ok<StandardImportView>('olga', 'GET', `/api/standards/imports/${started.id}?${G}`);
    if (job.status === 'DONE') break;
    if (job.status === 'FAILED' || attempt > 200) throw new Error(`the import did not finish: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const source of ['ac', 'ac-1', 'ac-2', 'ra', 'ra-5']) {
    const [requirement] = await world.app.database.query<{ id: string }>('SELECT id FROM requirements WHERE process_id = $1 AND source = $2', [world.processId, source]);
    ids[source] = requirement.id;
  }
  ids.rq12 = world.requirementId;
  await seedBuild(world.app.database, await seedApplication(world.app.database, process, 'shop'), ago(2));
  await seedBuild(world.app.database, await seedApplication(world.app.database, process, 'legacy'), ago(90));
}, 120_000);

afterAll(async () => world?.close());

it('is empty, with a trend of days without a figure, while no requirement has checks', async () => {
  const answer = await summary();
  expect(answer).toMatchObject({ at: world.clock.now().toISOString(), requirements: 0, passing: 0, failing: 0, not_evaluated: 0, percentage: null, standards: [] });
  expect(answer.trend).toHaveLength(COMPLIANCE_TREND_DAYS);
  expect(answer.trend[COMPLIANCE_TREND_DAYS - 1]).toEqual({ day: '2030-06-01', percentage: null });
  expect(answer.trend[0].day).toBe('2030-05-03');
});

it('groups the requirements with checks by standard and family, with the share passing', async () => {
  await world.ok('olga', 'POST', `/api/requirements/${ids['ac-1']}/checks?${G}`, fresh('shop'), 201);
  await world.ok('olga', 'POST', `/api/requirements/${ids['ac-2']}/checks?${G}`, fresh('legacy'), 201);
  await world.ok('olga', 'POST', `/api/requirements/${ids.rq12}/checks?${G}`, fresh('shop'), 201);

  const answer = await summary();
  expect(answer).toMatchObject({ requirements: 3, passing: 2, failing: 1, not_evaluated: 0, percentage: 66.7 });
  expect(answer.standards.map((group) => [group.standard?.title ?? null, group.requirements, group.percentage])).toEqual([
    ['Tiny Controls', 2, 50],
    [null, 1, 100],
  ]);
  const [tiny, none] = answer.standards;
  expect(tiny.standard).toMatchObject({ title: 'Tiny Controls', version: '1.0' });
  // Risk Assessment has no requirement with checks: not listed.
  expect(tiny.families.map((group) => [group.family.id, group.family.title, group.requirements, group.passing, group.failing])).toEqual([[ids.ac, 'Access Control', 2, 1, 1]]);
  expect(none.families.map((group) => [group.family.code, group.percentage])).toEqual([['RQ-12', 100]]);
  expect(answer.trend[COMPLIANCE_TREND_DAYS - 1]).toEqual({ day: '2030-06-01', percentage: 66.7 });
  expect(answer.trend[COMPLIANCE_TREND_DAYS - 2]).toEqual({ day: '2030-05-31', percentage: null });
});

it("replays the trend from the history: each day's end as it was, today as it is", async () => {
  // Two days later the legacy app gets a fresh SBOM and AC-2 is evaluated again: it passes.
  world.clock.advance(2 * DAY);
  await seedBuild(world.app.database, (await world.app.database.query<{ id: string }>("SELECT id FROM applications WHERE app_key = 'legacy'"))[0].id, world.clock.now());
  await world.ok('olga', 'POST', `/api/requirements/${ids['ac-2']}/compliance/evaluate?${G}`);

  const answer = await summary();
  expect(answer).toMatchObject({ requirements: 3, passing: 3, percentage: 100 });
  const last = (trend: ComplianceSummary['trend'], count: number) => trend.slice(-count).map((point) => `${point.day} ${point.percentage}`);
  expect(last(answer.trend, 4)).toEqual(['2030-05-31 null', '2030-06-01 66.7', '2030-06-02 66.7', '2030-06-03 100']);
  const family = answer.standards[0].families[0];
  expect(last(family.trend, 4)).toEqual(['2030-05-31 null', '2030-06-01 50', '2030-06-02 50', '2030-06-03 100']);

  // Thirty days on, the first day of the trend is the earliest within it, its status carried over.
  world.clock.advance(40 * DAY);
  const later = await summary();
  expect(later.trend[0]).toEqual({ day: '2030-06-14', percentage: 100 });
});

it('counts a requirement on the days it had checks, not after its last check was deleted', async () => {
  // RA-5 fails for a day (legacy's SBOM is 40 days old), then its only check is deleted.
  const check = await world.ok<{ id: string }>('olga', 'POST', `/api/requirements/${ids['ra-5']}/checks?${G}`, fresh('legacy'), 201);
  world.clock.advance(DAY);
  await world.ok('olga', 'DELETE', `/api/requirements/${ids['ra-5']}/checks/${check.id}?${G}`, undefined, 204);

  const answer = await summary();
  expect(answer).toMatchObject({ requirements: 3, passing: 3, percentage: 100 });
  const last = (trend: ComplianceSummary['trend']) => trend.slice(-2).map((point) => `${point.day} ${point.percentage}`);
  expect(last(answer.trend)).toEqual(['2030-07-13 75', '2030-07-14 100']);
  const [tiny] = answer.standards;
  expect(last(tiny.trend)).toEqual(['2030-07-13 66.7', '2030-07-14 100']);
  // Risk Assessment has no requirement with checks today: not listed, though its day counts above.
  expect(tiny.families.map((group) => group.family.id)).toEqual([ids.ac]);
  // The requirement's history says when it lost its last check.
  const compliance = await world.ok<RequirementCompliance>('reed', 'GET', `/api/requirements/${ids['ra-5']}/compliance?${G}`);
  expect(compliance.status).toBeNull();
  expect(compliance.history[0]).toMatchObject({ check_id: null, kind: null, from: 'failing', to: null, summary: NO_CHECK_LEFT });
});

it('leaves deleted requirements out', async () => {
  await world.ok('olga', 'DELETE', `/api/requirements/${ids.rq12}?${G}`, undefined, 204);
  const answer = await summary();
  expect(answer).toMatchObject({ requirements: 2 });
  expect(answer.standards.map((group) => group.standard?.title ?? null)).toEqual(['Tiny Controls']);
});

it('is read with list=>Requirement; another organization gets 404', async () => {
  expect((await world.call('andy', 'GET', `/api/compliance/summary?${G}`)).statusCode).toBe(200);
  expectProblem(await world.call('vic', 'GET', `/api/compliance/summary?${G}`), 403, STATUS_MESSAGES[403]);
  expect((await world.call('ursula', 'GET', `/api/compliance/summary?${G}`)).statusCode).toBe(404);
  expect((await world.call('ursula', 'GET', '/api/compliance/summary?graph=omega')).json()).toMatchObject({ requirements: 0, standards: [] });
});
