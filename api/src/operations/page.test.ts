// Runs in the servers pass too: the page's statement is prepared (a named statement of the pg
// driver on a server), which the embedded database does not do the same way.
// GET security/findings's page as Postgres writes it (page.repository.ts): every finding of a page,
// of every format (code with rules, CWEs and regions; IaC; container with vulnerability ids;
// AWS and Azure cloud findings), suppressed, decided on, risk-accepted until a date, linked to
// requirements, first seen at the last microsecond of a day, under an SLA of the process's own with
// a severity never due, is what the detail says (findingView, through the response schema), field
// for field; the page's JSON text is the contract's SecurityFindingsPage, with and without its
// counts, first page and by cursor.
import type { SecurityFindingsPage } from '@portal/shared/server';
import { readOps } from './importers/ops-data';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;

type Item = SecurityFindingsPage['items'][number];

beforeAll(async () => {
  world = await taskWorld();
  for (const [file, repository] of [
    ['lgtm_DefectDojo_django-DefectDojo__2020-12-11_13_42_10__export.sarif', 'dojo'],
    ['eslint.sarif', 'web'],
    ['kics_many_findings.json', 'infra'],
    ['trivy_misconfigurations_and_secrets.json', 'image'],
    ['awssecurityhub_inspector_ecr.json', 'aws'],
    ['azure_security_center_recommendations_many_vulns.csv', 'azure'],
  ]) {
    const answer = await world.call('olga', 'POST', `/api/security/findings?${G}&repository=${repository}`, readOps(file));
    expect(answer.statusCode).toBe(200);
  }
  const upload = await world.call('olga', 'POST', `/api/security/findings?${G}&application=portal-web`, readOps('gitleaks_7.5.0.sarif'));
  expect(upload.statusCode).toBe(200);
  // The process's own SLA: a severity never due, another longer than the default.
  await world.ok('olga', 'PUT', `/api/security/sla?${G}`, { critical: 3, high: null, medium: 45, low: 400, info: 1 });
  const some = await world.ok<SecurityFindingsPage>('olga', 'GET', `/api/security/findings?${G}&state=open&limit=6&counts=false`);
  const [accepted, falsePositive, linked, lastMicrosecond] = some.items.map((item) => item.id);
  await world.ok('olga', 'PUT', `/api/security/findings/${accepted}/state?${G}`, { state: 'risk_accepted', reason: 'Behind the VPN "for now"\n', expires_at: '2031-01-31' });
  await world.ok('olga', 'PUT', `/api/security/findings/${falsePositive}/state?${G}`, { state: 'false_positive', reason: 'Test code' });
  await world.ok('olga', 'PUT', `/api/security/findings/${linked}/requirements?${G}`, { requirement_ids: [world.requirementId] });
  // Some found two months ago: past due by the SLA for some severities, not for others.
  await world.app.database.query("UPDATE security_findings SET first_seen = first_seen - interval '60 days' WHERE scope IN ('repo:infra', 'repo:aws', 'repo:dojo')");
  // The driver reads microseconds into milliseconds (truncated): the page writes them the same.
  await world.app.database.query("UPDATE security_findings SET first_seen = '2030-05-31 23:59:59.999999+00' WHERE id = $1", [lastMicrosecond]);
}, 120_000);
afterAll(async () => world?.close());

/** Every page of the list (limit 37: the pages end anywhere), by cursor. */
async function everyPage(query: string): Promise<SecurityFindingsPage[]> {
  const pages: SecurityFindingsPage[] = [];
  let cursor: string | null = null;
  do {
    const page: SecurityFindingsPage = await world.ok<SecurityFindingsPage>('olga', 'GET', `/api/security/findings?${G}&limit=37${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor);
  return pages;
}

it('writes each finding as the detail does (findingView): every field, of every kind of finding', async () => {
  const items = (await everyPage('&sort=first_seen&order=desc')).flatMap((page) => page.items);
  expect(items.length).toBeGreaterThan(100);
  // The kinds the page must write: cloud and code locations, a rule's CWEs, vulnerability ids, no due date, a linked requirement.
  expect(new Set(items.map((item) => item.category))).toEqual(new Set(['sast', 'secret', 'iac', 'container', 'cloud-posture']));
  expect(new Set(items.map((item) => item.location?.kind))).toEqual(new Set(['code', 'cloud']));
  expect(new Set(items.flatMap((item) => (item.location?.kind === 'cloud' ? [item.location.provider] : [])))).toEqual(new Set(['aws', 'azure']));
  expect(items.some((item) => item.rule.cwe.length > 0 && item.rule.help)).toBe(true);
  expect(items.some((item) => item.vulnerabilityIds.length > 0)).toBe(true);
  expect(items.some((item) => item.application === 'portal-web')).toBe(true);
  expect(items.some((item) => item.dueDate === null) && items.some((item) => item.dueDate !== null)).toBe(true);
  expect(items.some((item) => item.requirements.length > 0)).toBe(true);
  expect(items.some((item) => item.state === 'risk_accepted' && item.expiresAt === '2031-01-31' && item.reason === 'Behind the VPN "for now"')).toBe(true);
  expect(items.some((item) => item.state === 'suppressed' || item.suppression !== null)).toBe(true);
  const lastMicrosecond = items.find((item) => item.firstSeen === '2030-05-31T23:59:59.999Z');
  expect(lastMicrosecond).toBeDefined();
  for (const item of items) {
    const { history: _history, related: _related, linkedRequirements: _linked, ...detail } = await world.ok<Item & { history: unknown; related: unknown; linkedRequirements: unknown }>(
      'olga',
      'GET',
      `/api/security/findings/${item.id}?${G}`,
    );
    expect(item).toStrictEqual(detail);
  }
}, 120_000);

it("answers SecurityFindingsPage's JSON: the counts on a first page unless counts=false, none by cursor, the cursor to the next", async () => {
  const answer = await world.call('olga', 'GET', `/api/security/findings?${G}&limit=5`);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const first = answer.json<SecurityFindingsPage>();
  expect(Object.keys(first)).toEqual(['items', 'next_cursor', 'total', 'totals']);
  expect(first.items).toHaveLength(5);
  expect(first.total).toBe((await world.ok<{ total: number }>('olga', 'GET', `/api/security/findings/counts?${G}`)).total);
  expect(first.totals).toEqual((await world.ok<{ totals: unknown }>('olga', 'GET', `/api/security/findings/counts?${G}`)).totals);
  expect(Object.keys(await world.ok('olga', 'GET', `/api/security/findings?${G}&limit=5&counts=false`))).toEqual(['items', 'next_cursor']);
  const next = await world.ok<SecurityFindingsPage>('olga', 'GET', `/api/security/findings?${G}&limit=5&cursor=${encodeURIComponent(first.next_cursor!)}`);
  expect(Object.keys(next)).toEqual(['items', 'next_cursor']);
  expect(next.items.map((item) => item.id)).not.toContain(first.items[0].id);
  // The last page has no cursor; an empty filter answers no items.
  const pages = await everyPage('&state=risk_accepted');
  expect(pages.at(-1)?.next_cursor).toBeNull();
  expect(pages.flatMap((page) => page.items).map((item) => item.state)).toEqual(['risk_accepted']);
  expect(await world.ok('olga', 'GET', `/api/security/findings?${G}&q=nothing%20like%20this`)).toEqual({
    items: [],
    next_cursor: null,
    total: 0,
    totals: { severity: { critical: 0, high: 0, medium: 0, low: 0, info: 0 }, category: { sast: 0, secret: 0, iac: 0, container: 0, 'cloud-posture': 0, 'cloud-threat': 0 } },
  });
});

it('marks as overdue by the SLA the process set, as the due dates it writes', async () => {
  const overdue = (await everyPage('&overdue=true')).flatMap((page) => page.items);
  const all = (await everyPage('&state=open,confirmed')).flatMap((page) => page.items);
  // The world's clock: first seen more than the severity's days before it (high: never due).
  const now = Date.parse('2030-06-01T08:00:00.000Z');
  const late = all.filter((item) => SLA[item.severity] !== null && Date.parse(item.firstSeen) + SLA[item.severity]! * 86_400_000 < now);
  expect(late.length).toBeGreaterThan(0);
  expect(overdue.map((item) => item.id).sort()).toEqual(late.map((item) => item.id).sort());
  expect(overdue.every((item) => item.severity !== 'high' && item.dueDate !== null)).toBe(true);
});

const SLA: Record<string, number | null> = { critical: 3, high: null, medium: 45, low: 400, info: 1 };
