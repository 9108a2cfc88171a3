// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The process's SLA for its findings and what it gives (issue 24 items 1, 5): a due date per
// finding from its first sighting and severity (the default SLA until the process sets one), the
// list's `overdue` filter as the clock passes a due date, GET security/findings/trend's found,
// fixed and open per day through an import and a re-import, and the refusals (a bad SLA, a reader
// setting it, a bad range).
import { DEFAULT_FINDING_SLA } from '@portal/shared/server';
import { readOps } from './importers/ops-data';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;

interface Page {
  total: number;
  items: Array<{ id: string; title: string; severity: string; state: string; dueDate: string | null; firstSeen: string }>;
}
interface Trend {
  days: Array<{ date: string; new: number; fixed: number; open: number }>;
}

/** ESLint's SARIF without its first result that ESLint did not suppress, and that result's message. */
function eslintWithoutOne(): { file: Buffer; removed: string } {
  const sarif = JSON.parse(readOps('eslint.sarif').toString('utf8')) as { runs: Array<{ results: Array<{ message: { text: string }; suppressions?: unknown[] }> }> };
  const results = sarif.runs[0]!.results;
  const index = results.findIndex((result) => !result.suppressions || result.suppressions.length === 0);
  const [removed] = results.splice(index, 1);
  return { file: Buffer.from(JSON.stringify(sarif)), removed: removed!.message.text };
}

/** Moves the web findings' first sighting `days` back (sessions would not survive the clock moving months). */
const age = (days: number) =>
  world.app.database.query(`UPDATE security_findings SET first_seen = first_seen - make_interval(days => $1) WHERE process_id = $2 AND scope = 'repo:web'`, [days, world.processId]);

const list = (query = '') => world.ok<Page>('olga', 'GET', `/api/security/findings?${G}&scope=repo:web&limit=500${query}`);

beforeAll(async () => {
  world = await taskWorld();
  // 2030-06-01: ESLint's ten results, five of them suppressed in the source; all medium.
  expect((await world.call('olga', 'POST', `/api/security/findings?${G}&repository=web`, readOps('eslint.sarif'))).statusCode).toBe(200);
}, 120_000);
afterAll(async () => world?.close());

it('gives every finding a due date from the default SLA until the process sets one', async () => {
  expect(await world.ok('reed', 'GET', `/api/security/sla?${G}`)).toEqual({ sla: DEFAULT_FINDING_SLA, default: true });
  const page = await list();
  expect(page.total).toBe(10);
  // Medium: 90 days after 2030-06-01.
  expect(new Set(page.items.map((item) => `${item.severity} ${item.dueDate}`))).toEqual(new Set(['medium 2030-08-30']));
});

it('lists as overdue only the open findings past their due date, as the clock passes it', async () => {
  expect((await list('&overdue=true')).total).toBe(0);
  await age(89);
  expect((await list('&overdue=true')).total).toBe(0);
  await age(2);
  const overdue = await list('&overdue=true');
  expect(overdue.total).toBe(5);
  expect(overdue.items.every((item) => item.state === 'open')).toBe(true);
  expect((await list('&overdue=false')).total).toBe(10);
  await age(-91);
});

it('takes a new SLA: null gives a severity no due date, and the change shows at once', async () => {
  const noMedium = { ...DEFAULT_FINDING_SLA, medium: null };
  expect(await world.ok('olga', 'PUT', `/api/security/sla?${G}`, noMedium)).toEqual({ sla: noMedium, default: false });
  expect(new Set((await list()).items.map((item) => item.dueDate))).toEqual(new Set([null]));
  await age(400);
  expect((await list('&overdue=true')).total).toBe(0);
  await age(-400);
  const longer = { ...DEFAULT_FINDING_SLA, medium: 200 };
  await world.ok('olga', 'PUT', `/api/security/sla?${G}`, longer);
  expect(new Set((await list()).items.map((item) => item.dueDate))).toEqual(new Set(['2030-12-18']));
  expect(await world.ok('reed', 'GET', `/api/security/sla?${G}`)).toEqual({ sla: longer, default: false });
  // The CSV export carries the due date.
  const csv = await world.call('olga', 'GET', `/api/security/findings/export.csv?${G}&scope=repo:web`);
  expect(csv.body.split('\r\n')[0]).toContain('due_date');
  expect(csv.body).toContain(',2030-12-18,');
});

it.each([
  [{ ...DEFAULT_FINDING_SLA, info: -1 }, 'info'],
  [{ ...DEFAULT_FINDING_SLA, high: 0 }, 'high'],
  [{ ...DEFAULT_FINDING_SLA, high: 3651 }, 'high'],
  [{ ...DEFAULT_FINDING_SLA, low: 2.5 }, 'low'],
  [{ ...DEFAULT_FINDING_SLA, critical: '7' }, 'critical'],
  [{ ...DEFAULT_FINDING_SLA, urgent: 1 }, 'urgent'],
])('refuses the SLA %j with a 400 naming %s, and keeps the one it had', async (body, field) => {
  const before = await world.ok('olga', 'GET', `/api/security/sla?${G}`);
  const answer = await world.call('olga', 'PUT', `/api/security/sla?${G}`, body);
  expect(answer.statusCode).toBe(400);
  expect(answer.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);
  expect(await world.ok('olga', 'GET', `/api/security/sla?${G}`)).toEqual(before);
});

it('reads a severity left out as no due date (the API client drops null fields)', async () => {
  const before = await world.ok<{ sla: object }>('olga', 'GET', `/api/security/sla?${G}`);
  expect(await world.ok('olga', 'PUT', `/api/security/sla?${G}`, { critical: 3, high: 14 })).toEqual({
    sla: { critical: 3, high: 14, medium: null, low: null, info: null },
    default: false,
  });
  await world.ok('olga', 'PUT', `/api/security/sla?${G}`, before.sla);
});

it('refuses an SLA that is not an object, and a reader setting one', async () => {
  expectProblem(await world.call('olga', 'PUT', `/api/security/sla?${G}`, [7, 30]), 400, 'The SLA is an object of the severities (critical, high, medium, low, info), each a number of days; one left out or null has no due date.');
  expect((await world.call('reed', 'PUT', `/api/security/sla?${G}`, DEFAULT_FINDING_SLA)).statusCode).toBe(403);
});

it('counts found, fixed and open per day through an import and a re-import that fixed one', async () => {
  // Found three days ago; today the file comes back without one open result: it is fixed today.
  await age(3);
  const { file, removed } = eslintWithoutOne();
  expect((await world.ok<{ fixed: number }>('olga', 'POST', `/api/security/findings?${G}&repository=web`, file)).fixed).toBe(1);
  expect((await list('&state=fixed')).items.map((item) => item.title)).toEqual([removed]);

  const trend = await world.ok<Trend>('olga', 'GET', `/api/security/findings/trend?${G}&days=7`);
  expect(trend.days.map((day) => day.date)).toEqual(['2030-05-26', '2030-05-27', '2030-05-28', '2030-05-29', '2030-05-30', '2030-05-31', '2030-06-01']);
  // The suppressed five are not to remedy: five found on May 29, one of them fixed on June 1.
  expect(trend.days.map((day) => [day.new, day.fixed, day.open])).toEqual([
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
    [5, 0, 5],
    [0, 0, 5],
    [0, 0, 5],
    [0, 1, 4],
  ]);
  // The last day's open count is the list's.
  expect(trend.days.at(-1)!.open).toBe((await list('&state=open,confirmed')).total);
  // The default range: 30 days, ending today.
  const month = await world.ok<Trend>('olga', 'GET', `/api/security/findings/trend?${G}&scope=repo:web`);
  expect(month.days).toHaveLength(30);
  expect(month.days.at(-1)!.date).toBe('2030-06-01');
});

it.each(['days=6', 'days=366', 'days=x', 'overdue=yes', 'sort=severity'])('refuses the trend query %s with a 400', async (query) => {
  const answer = await world.call('olga', 'GET', `/api/security/findings/trend?${G}&${query}`);
  expect(answer.statusCode).toBe(400);
});
