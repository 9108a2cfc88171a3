// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// The metrics API (issue 25 items 1-3) on a small known world: Acme's process alpha with an
// application whose SBOM (a vulnerable lodash) is matched against real advisories and a KEV
// entry, ESLint's real SARIF (five open medium SAST findings, five suppressed), requirements and
// tasks. Each built-in metric's value is checked against what the other routes say; custom
// metrics' validation and permissions; snapshots storing only changes and raising Update Metric;
// series and CSV; the Prometheus text parsed back equal to GET metrics; keys refused; hostile
// queries 4xx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { MetricReading, MetricsAnswer, MetricSeries } from '@portal/shared/server';
import { readOps } from '../operations/importers/ops-data';
import { caller } from '../testing/apps';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { createMetricSnapshots } from './snapshots';
import { globalAdmin } from '../testing/users';

const OSV = path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv');
const LODASH_ADVISORIES = ['GHSA-29mw-wpgm-hmr9', 'GHSA-35jh-r3h4-6jhm', 'GHSA-4xc9-xhrj-v574', 'GHSA-fvqr-27wr-82fm', 'GHSA-jf85-cpcp-j695', 'GHSA-p6mc-m468-83gw', 'GHSA-x5rq-j2xg-h7qm'];
const KEV = {
  catalogVersion: '2030.05.01',
  vulnerabilities: [{ cveID: 'CVE-2021-23337', vendorProject: 'lodash', product: 'lodash', vulnerabilityName: 'Test entry: lodash command injection', dateAdded: '2030-05-01' }],
};
const LODASH = 'pkg:npm/lodash@4.17.15';
const SBOM = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', 'bom-ref': 'web', name: 'web' } },
  components: [
    { type: 'library', 'bom-ref': LODASH, name: 'lodash', version: '4.17.15', purl: LODASH },
    { type: 'library', 'bom-ref': 'pkg:npm/left-pad@1.3.0', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
  ],
  dependencies: [{ ref: 'web', dependsOn: [LODASH, 'pkg:npm/left-pad@1.3.0'] }],
});

let world: TaskWorld;
let sbomFindings: Array<{ id: string; vulnerability_id: string; severity: string; active_exploit: boolean }> = [];
let pipelineKey = '';

const reading = (answer: MetricsAnswer, key: string): MetricReading => answer.metrics.find((metric) => metric.key === key)!;
/** A metric's current values as 'label=value,…: value' (sorted), zeros left out. */
const values = (answer: MetricsAnswer, key: string): Record<string, number | null> =>
  Object.fromEntries(
    reading(answer, key)
      .values.filter((value) => value.value !== 0)
      .map((value) => [Object.entries(value.labels).map(([name, label]) => `${name}=${label}`).join(','), value.value]),
  );
const metrics = (graph = 'alpha', who: 'olga' | 'ursula' = 'olga') => world.ok<MetricsAnswer>(who, 'GET', `/api/metrics?graph=${encodeURIComponent(graph)}`);
const updateMetricEvents = async () =>
  (await world.app.database.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE body ->> 'type' = 'Update Metric'"))[0]!.n;

beforeAll(async () => {
  world = await taskWorld();
  const api = caller(world.app, 'alpha');
  const admin = await globalAdmin(world.app, world.clock.now);
  const advisories = LODASH_ADVISORIES.map((id) => JSON.parse(readFileSync(path.join(OSV, `${id}.json`), 'utf8')));
  expect((await api.call(admin, 'POST', '/api/vulnerabilities/imports', advisories)).statusCode).toBe(200);
  expect((await api.call(admin, 'POST', '/api/vulnerabilities/kev', KEV)).statusCode).toBe(200);
  await world.ok('olga', 'POST', `/api/apps?${G}`, { app_key: 'web', name: 'Web' }, 201);
  const upload = await world.call('olga', 'POST', `/api/apps/web/builds?${G}`, JSON.parse(SBOM));
  expect(upload.statusCode).toBe(202);
  for (let attempt = 0; attempt < 800; attempt += 1) {
    const build = await world.ok<{ status: string }>('olga', 'GET', `/api/apps/web/builds/1?${G}`);
    if (build.status === 'DONE') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  sbomFindings = (await world.ok<{ items: typeof sbomFindings }>('olga', 'POST', `/api/apps/web/builds/1/vulnerabilities?${G}`, { limit: 500 })).items;
  expect(sbomFindings.length).toBeGreaterThan(1);
  // ESLint's SARIF: ten medium results, five of them suppressed in the source.
  expect((await world.call('olga', 'POST', `/api/security/findings?${G}&repository=web`, readOps('eslint.sarif'))).statusCode).toBe(200);
  pipelineKey = (await world.ok<{ api_key_value: string }>('olga', 'POST', '/api/modules/pipeline-management', { name: 'Pipelines', configs: { url: 'https://ci.acme.test', token: 'secret' } }, 201)).api_key_value;
}, 180_000);
afterAll(async () => world?.close());

describe('built-in metrics', () => {
  it('counts open findings by source and severity: the SBOM findings of the current build and the open security findings', async () => {
    const expected: Record<string, number> = { 'source=sast,severity=medium': 5 };
    for (const finding of sbomFindings) {
      const key = `source=sbom,severity=${finding.severity.toLowerCase()}`;
      expected[key] = (expected[key] ?? 0) + 1;
    }
    expect(values(await metrics(), 'open_findings')).toEqual(expected);
    // One lodash has findings, left-pad none.
    expect(values(await metrics(), 'vulnerable_components')).toEqual({ '': 1 });
  });

  it('leaves out an SBOM finding analysed not_affected, and counts the ones with an active exploit (KEV)', async () => {
    const exploited = sbomFindings.filter((finding) => finding.active_exploit);
    expect(exploited.length).toBe(1);
    expect(values(await metrics(), 'active_exploit_findings')).toEqual({ 'source=sbom': 1 });
    const other = sbomFindings.find((finding) => !finding.active_exploit)!;
    await world.ok('olga', 'POST', `/api/apps/web/builds/1/vulnerabilities/${other.id}/vex?${G}`, { state: 'not_affected', justification: 'code_not_reachable' });
    const after = values(await metrics(), 'open_findings');
    const key = `source=sbom,severity=${other.severity.toLowerCase()}`;
    const before = sbomFindings.filter((finding) => finding.severity === other.severity).length;
    expect(after[key] ?? 0).toBe(before - 1);
  });

  it('counts SLA breaches as the clock passes due dates, and the mean time to remediate of fixed findings', async () => {
    expect(values(await metrics(), 'sla_breaches')).toEqual({});
    const age = (days: number) =>
      world.app.database.query('UPDATE security_findings SET first_seen = first_seen - make_interval(days => $1) WHERE process_id = $2', [days, world.processId]);
    // Medium: due 90 days after first seen (the default SLA).
    await age(91);
    expect(values(await metrics(), 'sla_breaches')).toEqual({ 'severity=medium': 5 });
    await age(-91);
    expect(values(await metrics(), 'mean_time_to_remediate_days')).toEqual({ '': null });
    // Found 3 days ago; today's scan no longer reports one open result: fixed after 3 days.
    await age(3);
    const sarif = JSON.parse(readOps('eslint.sarif').toString('utf8')) as { runs: Array<{ results: Array<{ suppressions?: unknown[] }> }> };
    const results = sarif.runs[0]!.results;
    results.splice(results.findIndex((result) => !result.suppressions || result.suppressions.length === 0), 1);
    expect((await world.ok<{ fixed: number }>('olga', 'POST', `/api/security/findings?${G}&repository=web`, Buffer.from(JSON.stringify(sarif)))).fixed).toBe(1);
    const answer = await metrics();
    expect(values(answer, 'mean_time_to_remediate_days')).toEqual({ '': 3 });
    expect(values(answer, 'open_findings')['source=sast,severity=medium']).toBe(4);
  });

  it('gives requirement status mix and progress, overdue tasks and the review cycle time', async () => {
    const second = await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-13', title: 'Session timeout' }, 201);
    await world.app.database.query('UPDATE requirements SET progress = 50, status = $2 WHERE id = $1', [second.id, 'IN_PROGRESS']);
    const t = (days: number) => new Date(world.clock.now().getTime() + days * 86_400_000).toISOString();
    const insertTask = (type: string, status: string, due: string | null, created: string) =>
      world.app.database.query<{ id: string }>(
        `INSERT INTO tasks (organization_id, process_id, requirement_id, type, status, due_date, created_at, updated_at)
         SELECT organization_id, id, $2, $3, $4, $5::date, $6, $6 FROM processes WHERE id = $1 RETURNING id`,
        [world.processId, world.requirementId, type, status, due, created],
      );
    await insertTask('DELEGATE', 'OPEN', t(-2).slice(0, 10), t(-10));
    await insertTask('DELEGATE', 'OPEN', t(5).slice(0, 10), t(-10));
    await insertTask('DELEGATE', 'COMPLETED', t(-2).slice(0, 10), t(-10));
    const [review] = await insertTask('REVIEW', 'COMPLETED', null, t(-4));
    await world.app.database.query("INSERT INTO task_events (task_id, type, time) VALUES ($1, 'Complete', $2)", [review!.id, t(0)]);
    const answer = await metrics();
    expect(values(answer, 'requirements')).toEqual({ 'status=DRAFT': 1, 'status=IN_PROGRESS': 1 });
    expect(values(answer, 'requirement_progress_percent')).toEqual({ '': 25 });
    expect(values(answer, 'overdue_tasks')).toEqual({ '': 1 });
    expect(values(answer, 'review_cycle_time_days')).toEqual({ '': 4 });
  });

  it("gives the platform (graph=*) the caller's processes only; another organization sees none of Acme's", async () => {
    const platform = await metrics('*');
    expect(platform.graph).toBe('*');
    expect(platform.metrics.map((metric) => [metric.key, metric.values.map((value) => value.value)])).toEqual(
      (await metrics()).metrics.map((metric) => [metric.key, metric.values.map((value) => value.value)]),
    );
    const omega = await metrics('*', 'ursula');
    expect(values(omega, 'open_findings')).toEqual({});
    expect(values(omega, 'requirements')).toEqual({});
    expect((await world.call('ursula', 'GET', '/api/metrics?graph=alpha')).statusCode).toBe(404);
    expect((await world.call('reed', 'GET', `/api/metrics?${G}`)).statusCode).toBe(403);
    expectProblem(await world.call('olga', 'GET', '/api/metrics'), 400, "The 'graph' parameter (a process code name) is required.");
  });
});

describe('custom metrics', () => {
  const definition = { name: 'Open critical or high', entity: 'findings', aggregate: 'count', filters: [{ field: 'state', value: 'open' }, { field: 'severity', value: ['medium', 'high'] }] };

  it('defines, reads, changes and deletes a custom metric, whose value GET metrics gives', async () => {
    const created = await world.ok<{ id: string; key: string }>('olga', 'POST', `/api/metrics/custom?${G}`, definition, 201);
    expect(created).toMatchObject({ ...definition, key: `custom.${created.id}` });
    expect(values(await metrics(), created.key)).toEqual({ '': 4 });
    expect(await world.ok('olga', 'GET', `/api/metrics/custom?${G}`)).toEqual([expect.objectContaining({ id: created.id })]);
    const average = { name: 'Mean requirement progress', entity: 'requirements', aggregate: 'avg', field: 'progress', filters: [{ field: 'status', value: 'IN_PROGRESS' }] };
    await world.ok('olga', 'PUT', `/api/metrics/custom/${created.id}?${G}`, average);
    expect(values(await metrics(), created.key)).toEqual({ '': 50 });
    expectProblem(await world.call('olga', 'POST', `/api/metrics/custom?${G}`, average), 409, "The process already has a custom metric named 'Mean requirement progress'.");
    await world.ok('olga', 'DELETE', `/api/metrics/custom/${created.id}?${G}`, undefined, 204);
    expect((await world.call('olga', 'GET', `/api/metrics/custom/${created.id}?${G}`)).statusCode).toBe(404);
  });

  it.each([
    [[1, 2], 'body', 'A custom metric is an object: name, entity, aggregate, field (for avg) and filters.'],
    [{ ...definition, name: '' }, 'name', 'The name is required: 1 to 200 characters.'],
    [{ ...definition, entity: 'users' }, 'entity', 'The entity must be one of findings, tasks, requirements, applications.'],
    [{ ...definition, aggregate: 'sum' }, 'aggregate', 'The aggregate must be one of count, avg.'],
    [{ ...definition, aggregate: 'avg', field: 'severity' }, 'field', 'The field of an average of findings must be one of age_days.'],
    [{ ...definition, entity: 'applications', aggregate: 'avg', field: 'x', filters: [] }, 'field', 'The applications have no numeric field to average: use count.'],
    [{ ...definition, field: 'progress' }, 'field', 'A count takes no field.'],
    [{ ...definition, filters: [{ field: 'password', value: 'x' }] }, 'filters[0].field', 'A filter of findings must name one of severity, state, category, tool, scope.'],
    [{ ...definition, filters: [{ field: 'severity', value: 'urgent' }] }, 'filters[0].value', "The value of the filter on 'severity' must be one of critical, high, medium, low, info."],
    [{ ...definition, filters: [{ field: 'tool', value: [] }] }, 'filters[0].value', "The value of the filter on 'tool' must be a text, or a list of 1 to 50 texts, each 1 to 300 characters."],
    [{ ...definition, filters: [{ field: 'tool', value: "x'; DROP TABLE tasks; --", op: 'raw' }] }, 'filters[0]', 'The filters are a list of at most 10 objects { field, value }.'],
    [{ ...definition, sql: 'SELECT 1' }, 'sql', "'sql' is not a part of a custom metric."],
  ])('refuses the definition %j with a 400 naming %s', async (body, field, message) => {
    const answer = await world.call('olga', 'POST', `/api/metrics/custom?${G}`, body);
    expectProblem(answer, 400, message);
    expect(answer.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it("refuses a reader's changes (403) and another organization's metric (404)", async () => {
    expect((await world.call('reed', 'POST', `/api/metrics/custom?${G}`, definition)).statusCode).toBe(403);
    const created = await world.ok<{ id: string }>('olga', 'POST', `/api/metrics/custom?${G}`, { ...definition, name: 'Kept' }, 201);
    expect((await world.call('reed', 'DELETE', `/api/metrics/custom/${created.id}?${G}`)).statusCode).toBe(403);
    expect((await world.call('ursula', 'DELETE', `/api/metrics/custom/${created.id}?graph=omega`)).statusCode).toBe(404);
    expect((await world.call('ursula', 'GET', `/api/metrics/custom.${created.id}/series?graph=omega`)).statusCode).toBe(404);
    await world.ok('olga', 'DELETE', `/api/metrics/custom/${created.id}?${G}`, undefined, 204);
  });
});

describe('snapshots and series', () => {
  it('stores only the values that changed, and raises Update Metric when any did', async () => {
    const eventsBefore = await updateMetricEvents();
    const first = await world.app.metricSnapshots.tick();
    expect(first).toBeGreaterThan(5);
    expect(await updateMetricEvents()).toBeGreaterThan(eventsBefore);
    // Nothing moved: nothing stored, nothing told.
    const told = await updateMetricEvents();
    expect(await world.app.metricSnapshots.tick()).toBe(0);
    expect(await updateMetricEvents()).toBe(told);
    const answer = await metrics();
    expect(reading(answer, 'open_findings').values.every((value) => value.previous === value.value)).toBe(true);

    // A triage through the API schedules a snapshot of the process: one value moves (sast medium 4 → 3).
    // A day later (the snapshots moved back a day: sessions would not survive the clock moving).
    await world.app.database.query("UPDATE metric_snapshots SET taken_at = taken_at - interval '1 day'");
    const open = await world.ok<{ items: Array<{ id: string }> }>('olga', 'GET', `/api/security/findings?${G}&state=open&limit=1`);
    await world.ok('olga', 'PUT', `/api/security/findings/${open.items[0]!.id}/state?${G}`, { state: 'false_positive', reason: 'test code' });
    const stored = await world.app.metricSnapshots.flush();
    expect(stored).toBe(1);
    expect(await updateMetricEvents()).toBeGreaterThan(told);
    const after = reading(await metrics(), 'open_findings').values.find((value) => value.labels.source === 'sast')!;
    expect(after).toMatchObject({ value: 3, previous: 3, previous_at: world.clock.now().toISOString() });
    // Told to who may view metrics in alpha (olga), not to a reader without the permission (reed).
    const destinations = await world.app.database.query<{ destination: string }>("SELECT DISTINCT destination FROM outbox WHERE body ->> 'type' = 'Update Metric'");
    expect(destinations.map((row) => row.destination)).toContain(`events#${world.ids.olga}`);
    expect(destinations.map((row) => row.destination)).not.toContain(`events#${world.ids.reed}`);
  });

  it('gives the series of a metric over a range, and its CSV', async () => {
    const now = world.clock.now();
    const from = new Date(now.getTime() - 7 * 86_400_000).toISOString();
    const series = await world.ok<MetricSeries>('olga', 'GET', `/api/metrics/open_findings/series?${G}&from=${from}`);
    const sast = series.series.find((line) => line.labels.source === 'sast')!;
    expect(sast.points.map((point) => point.value)).toEqual([4, 3]);
    expect(sast.points[1]!.at).toBe(now.toISOString());
    const platform = await world.ok<MetricSeries>('olga', 'GET', `/api/metrics/open_findings/series?graph=*&from=${from}`);
    expect(platform.series).toEqual(series.series);
    const csv = await world.call('olga', 'GET', `/api/metrics/open_findings/series.csv?${G}&from=${from}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('at,source,severity,value');
    expect(lines).toContain(`${now.toISOString()},sast,medium,3`);
  });

  it('stores a series that disappeared as 0, once', async () => {
    const open = await world.ok<{ items: Array<{ id: string }> }>('olga', 'GET', `/api/security/findings?${G}&state=open,confirmed&limit=100`);
    expect(open.items).toHaveLength(3);
    await world.ok('olga', 'POST', `/api/security/findings/triage?${G}`, { ids: open.items.map((item) => item.id), state: 'false_positive', reason: 'test code' });
    expect(await world.app.metricSnapshots.flush()).toBe(1);
    const sast = reading(await metrics(), 'open_findings').values.find((value) => value.labels.source === 'sast')!;
    expect(sast).toMatchObject({ value: 0, previous: 0 });
    expect(await world.app.metricSnapshots.tick()).toBe(0);
    const series = await world.ok<MetricSeries>('olga', 'GET', `/api/metrics/open_findings/series?${G}`);
    expect(series.series.find((line) => line.labels.source === 'sast')!.points.map((point) => point.value)).toEqual([4, 0]);
  });

  it('takes one snapshot per process a debounce delay after changes, however many', async () => {
    const snapshots = createMetricSnapshots({ db: world.app.database, now: world.clock.now, debounceMs: 100, tickMs: 0, published: jest.fn() });
    const alpha = { id: world.processId, organization_id: (await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]))[0]!.organization_id, code_name: 'alpha' };
    const stored = async () => (await world.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM metric_snapshots WHERE process_id = $1', [world.processId]))[0]!.n;
    const before = await stored();
    await world.ok('olga', 'POST', `/api/requirements?${G}`, { code: 'RQ-14', title: 'Audit log' }, 201);
    snapshots.schedule(alpha);
    snapshots.schedule(alpha);
    expect(await stored()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 600));
    // DRAFT 1 → 2, and the average progress 25 → 16.67.
    expect(await stored()).toBe(before + 2);
    await snapshots.stop();
    await world.app.metricSnapshots.flush();
  });

  it.each([
    ['from=2030-05-30', 400],
    ['from=2029-01-01', 400],
    ['from=yesterday', 400],
    ['to=2030-13-45', 400],
    ['limit=5', 400],
    ['from=%00', 400],
  ])('refuses the range %s with a %d', async (query, status) => {
    expect((await world.call('olga', 'GET', `/api/metrics/open_findings/series?${G}&${query}`)).statusCode).toBe(status);
  });

  it('answers 404 to an unknown metric', async () => {
    expect((await world.call('olga', 'GET', `/api/metrics/nope/series?${G}`)).statusCode).toBe(404);
    expect((await world.call('olga', 'GET', `/api/metrics/custom.00000000-0000-4000-8000-000000000000/series.csv?${G}`)).statusCode).toBe(404);
  });
});

/** The samples of a Prometheus text: 'name{label="value",…}' → value. */
function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-z_]+)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels = [...(match[3] ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => [name!, value!] as const).sort(([a], [b]) => a.localeCompare(b));
    samples.set(`${match[1]}{${labels.map(([name, value]) => `${name}=${value}`).join(',')}}`, Number(match[4]));
  }
  return samples;
}

describe('GET metrics/prometheus', () => {
  const scrape = (headers: Record<string, string>) => world.app.inject({ method: 'GET', url: '/api/metrics/prometheus', headers });

  it('serves every metric of every process of the key\'s organization, equal to GET metrics', async () => {
    const answer = await scrape({ 'x-api-key': pipelineKey });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // The job queue's counts (the next test) are no metric of GET metrics.
    const samples = new Map([...parsePrometheus(answer.body)].filter(([name]) => !name.startsWith('portal_jobs_')));
    const expected = new Map<string, number>();
    for (const metric of (await metrics()).metrics.filter((each) => !each.custom)) {
      for (const value of metric.values) {
        if (value.value === null) continue;
        const labels = Object.entries({ ...value.labels, process: 'alpha' }).sort(([a], [b]) => a.localeCompare(b));
        // A series the snapshot has and the reading no longer has reads 0 in GET metrics; Prometheus leaves it out.
        if (value.value === 0 && metric.values.length > 1) continue;
        expected.set(`portal_${metric.key}{${labels.map(([name, label]) => `${name}=${label}`).join(',')}}`, value.value);
      }
    }
    expect(Object.fromEntries(samples)).toEqual(Object.fromEntries(expected));
    expect(answer.body).not.toContain('omega');
    // The same with Authorization: Bearer.
    expect((await scrape({ authorization: `Bearer ${pipelineKey}` })).body).toBe(answer.body);
  });

  it("serves the job queue's queued, running and failed jobs per kind, and the last hour's completed jobs and durations", async () => {
    const jobSamples = async () =>
      Object.fromEntries([...parsePrometheus((await scrape({ 'x-api-key': pipelineKey })).body)].filter(([name]) => name.startsWith('portal_jobs_') && name.endsWith('{kind=due-dates}')));
    const before = await jobSamples();
    expect(before).toEqual({
      'portal_jobs_queued{kind=due-dates}': expect.any(Number),
      'portal_jobs_running{kind=due-dates}': 0,
      'portal_jobs_failed{kind=due-dates}': 0,
      // The suite works no due dates: nothing of the kind completed.
      'portal_jobs_completed_last_hour{kind=due-dates}': 0,
      'portal_jobs_duration_seconds_avg{kind=due-dates}': 0,
      'portal_jobs_duration_seconds_max{kind=due-dates}': 0,
    });
    // The suite's app works the on-demand kinds only (JOB_WORKERS, testing/global-setup.ts), not the
    // due dates: a job sent waits, as behind busy workers.
    await world.app.jobs.send('due-dates');
    expect(await jobSamples()).toEqual({ ...before, 'portal_jobs_queued{kind=due-dates}': before['portal_jobs_queued{kind=due-dates}']! + 1 });
    const text = (await scrape({ 'x-api-key': pipelineKey })).body;
    for (const kind of ['due-dates', 'alarms', 'metric-snapshots']) expect(text).toContain(`portal_jobs_queued{kind="${kind}"}`);
    expect(text).toContain('# TYPE portal_jobs_failed gauge');
    expect(text).toContain('# TYPE portal_jobs_duration_seconds_max gauge');
  });

  it('refuses a missing or wrong key (401) and a key of another module type (403)', async () => {
    expectProblem(await scrape({}), 401, "The Prometheus endpoint takes a service module's API key: X-Api-Key: <key> or Authorization: Bearer <key>.");
    expectProblem(await scrape({ 'x-api-key': 'not-a-key' }), 401, 'Invalid API key.');
    expectProblem(await scrape({ authorization: 'Bearer not-a-key' }), 401, 'Invalid API key.');
    const quality = (await world.ok<{ api_key_value: string }>('olga', 'POST', '/api/modules/code-quality', { name: 'Sonar', configs: { url: 'https://sonar.acme.test', token: 'secret' } }, 201)).api_key_value;
    expectProblem(await scrape({ 'x-api-key': quality }), 403, 'This API key may not scrape metrics: the Prometheus endpoint takes the key of a pipeline-management or cicd-ingestion service module.');
    // A key is never taken by the other metrics routes.
    expect((await world.app.inject({ method: 'GET', url: `/api/metrics?${G}`, headers: { 'x-api-key': pipelineKey } })).statusCode).toBe(403);
  });
});

describe('hostile query strings', () => {
  it.each([
    `/api/metrics?graph=${encodeURIComponent("alpha' OR 1=1 --")}`,
    '/api/metrics?graph=%00',
    `/api/metrics?graph=${'a'.repeat(2000)}`.slice(0, 2030),
    `/api/metrics/${encodeURIComponent("open_findings' OR '1'='1")}/series?${G}`,
    `/api/metrics/open_findings/series?${G}&from=${'9'.repeat(400)}`,
    `/api/metrics/open_findings/series?${G}&from=2030-05-01&from=2030-05-02`,
    `/api/metrics/open_findings/series?${G}&to=%E0%A4%A`,
    `/api/metrics/custom/${'%FF'.repeat(20)}?${G}`,
    `/api/metrics/custom.%25/series.csv?${G}`,
  ])('answers a hostile URL (%#) with a 4xx, never a 5xx', async (url) => {
    const answer = await world.call('olga', 'GET', url);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });
});
