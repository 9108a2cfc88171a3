// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// GET security/findings/groups and the cloud filters of the findings list (issue 24 item 5: the
// AWS screen's accounts, regions, standards and controls; Azure's subscriptions; the overview's
// top rules): each group's count is what the list answers for that key, the groups add up to the
// filter's total, the standard is read off a Security Hub control's generator id, and bad queries
// are 400s naming the parameter. A reader, who sees no cloud findings, gets no cloud group.
import { readOps } from './importers/ops-data';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;

interface Groups {
  by: string;
  groups: Array<{ key: string | null; count: number; severity: Record<string, number> }>;
  total: number;
}
interface Page {
  total: number;
  items: Array<{ id: string; location: { provider?: string; account?: string; region?: string } | null }>;
}

beforeAll(async () => {
  world = await taskWorld();
  for (const [file, repository] of [
    ['awssecurityhub_config_many_findings.json', 'aws-config'],
    ['awssecurityhub_inspector_ecr.json', 'aws-ecr'],
    ['prowler_aws_v3plus_many_vuln.ocsf.json', 'prowler'],
    ['azure_security_center_recommendations_many_vulns.csv', 'azure'],
    ['eslint.sarif', 'web'],
  ]) {
    const answer = await world.call('olga', 'POST', `/api/security/findings?${G}&repository=${repository}`, readOps(file));
    expect(answer.statusCode).toBe(200);
  }
  // The only Security Hub file with controls has them all PASSED (not findings): the same three failed.
  const controls = JSON.parse(readOps('awssecurityhub_config_many_findings.json').toString('utf8')) as { findings: Array<{ Compliance: { Status: string } }> };
  for (const finding of controls.findings) finding.Compliance.Status = 'FAILED';
  expect((await world.call('olga', 'POST', `/api/security/findings?${G}&repository=aws-controls`, Buffer.from(JSON.stringify(controls)))).statusCode).toBe(200);
}, 120_000);
afterAll(async () => world?.close());

const groups = (query: string, login: 'olga' | 'reed' = 'olga') => world.ok<Groups>(login, 'GET', `/api/security/findings/groups?${G}&${query}`);
const list = (query: string) => world.ok<Page>('olga', 'GET', `/api/security/findings?${G}&limit=500&${query}`);

it.each(['account', 'region', 'service', 'standard', 'rule', 'scope', 'tool'])('counts the AWS findings by %s as the list filtered by each key does', async (by) => {
  const all = await list('provider=aws');
  expect(all.total).toBeGreaterThan(0);
  const answer = await groups(`provider=aws&by=${by}&limit=200`);
  expect(answer.by).toBe(by);
  expect(answer.groups.reduce((sum, group) => sum + group.count, 0)).toBe(all.total);
  expect(answer.total).toBe(answer.groups.length);
  // Largest first, and each group's severities add up to its count.
  expect(answer.groups.map((group) => group.count)).toEqual(answer.groups.map((group) => group.count).sort((a, b) => b - a));
  for (const group of answer.groups) {
    expect(Object.values(group.severity).reduce((sum, count) => sum + count, 0)).toBe(group.count);
    if (group.key !== null) expect((await list(`provider=aws&${by}=${encodeURIComponent(group.key)}`)).total).toBe(group.count);
  }
});

it('tells the clouds apart: the provider filter and the groups by provider', async () => {
  const aws = await list('provider=aws');
  const azure = await list('provider=azure');
  expect(aws.items.every((item) => item.location?.provider === 'aws')).toBe(true);
  expect(azure.total).toBeGreaterThan(0);
  expect(azure.items.every((item) => item.location?.provider === 'azure')).toBe(true);
  const byProvider = await groups('by=provider&category=cloud-posture,cloud-threat,container');
  const count = (key: string) => byProvider.groups.find((group) => group.key === key)?.count ?? 0;
  expect(count('aws') + count('azure')).toBe((await list('category=cloud-posture,cloud-threat,container')).total);
  // Prowler's and Security Hub's accounts and regions, as their files say (README facts).
  const regions = await groups('provider=aws&by=region');
  expect(regions.groups.map((group) => group.key)).toEqual(expect.arrayContaining(['eu-central-1', 'us-east-1']));
  const accounts = await groups('provider=aws&by=account');
  expect(accounts.groups.map((group) => group.key)).toContain('123456789012');
});

it("reads the standard off a Security Hub control's generator id; other findings have none", async () => {
  const standards = await groups('provider=aws&by=standard');
  const standard = standards.groups.find((group) => group.key === 'aws-foundational-security-best-practices');
  expect(standard?.count).toBe(3);
  const rules = await groups('provider=aws&by=rule&limit=200');
  const controls = rules.groups.filter((group) => group.key?.startsWith('aws-foundational-security-best-practices/v/'));
  expect(controls.reduce((sum, group) => sum + group.count, 0)).toBe(standard?.count);
  expect(standards.groups.some((group) => group.key === null)).toBe(true);
});

it('cuts at the limit, keeping how many groups there are', async () => {
  const all = await groups('by=rule&limit=200');
  expect(all.total).toBeGreaterThan(3);
  const top = await groups('by=rule&limit=3');
  expect(top.groups).toEqual(all.groups.slice(0, 3));
  expect(top.total).toBe(all.total);
});

it('counts for a reader only the categories he may see: no cloud posture, no Prowler or Defender', async () => {
  const tools = await groups('by=tool', 'reed');
  expect(tools.groups.map((group) => group.key).sort()).toEqual(['ESLint', 'Inspector']);
  const everyone = await groups('by=tool');
  expect(everyone.groups.map((group) => group.key)).toEqual(expect.arrayContaining(['Prowler', 'Microsoft Defender for Cloud']));
});

it('shows a member with the AWS view alone the AWS cloud findings, never Azure\'s: list, groups, detail and export', async () => {
  // vic's role gets the AWS view, not the Azure one.
  await world.ok('olga', 'PUT', '/api/iam/roles/TASK_VIEWER', {
    description: 'Views tasks and AWS findings.',
    policies: [
      { effect: 'allow', actions: ['view'], resources: ['Task', 'AWS'], condition: null },
    ],
  });
  const vic = (query: string) => world.ok<Page>('vic', 'GET', `/api/security/findings?${G}&limit=500&${query}`);
  const cloud = 'category=cloud-posture,cloud-threat';
  const seen = await vic(cloud);
  expect(seen.total).toBe((await list(`${cloud}&provider=aws`)).total);
  expect(seen.items.every((item) => item.location?.provider === 'aws')).toBe(true);
  expect((await vic(`${cloud}&provider=azure`)).total).toBe(0);
  const providers = await world.ok<Groups>('vic', 'GET', `/api/security/findings/groups?${G}&by=provider`);
  expect(providers.groups.map((group) => group.key)).toEqual(['aws']);
  // An Azure finding is a 404 to him, for reading and export alike; an AWS one is his.
  const azure = (await list(`${cloud}&provider=azure`)).items[0]!.id;
  expect((await world.call('vic', 'GET', `/api/security/findings/${azure}?${G}`)).statusCode).toBe(404);
  expect((await world.call('vic', 'POST', `/api/security/findings/export.sarif?${G}`, { ids: [azure] })).statusCode).toBe(404);
  const aws = seen.items[0]!.id;
  expect((await world.call('vic', 'GET', `/api/security/findings/${aws}?${G}`)).statusCode).toBe(200);
  expect((await world.call('vic', 'POST', `/api/security/findings/export.sarif?${G}`, { ids: [aws] })).statusCode).toBe(200);
});

it.each([
  ['', 'by'],
  ['by=colour', 'by'],
  ['by=rule&limit=0', 'limit'],
  ['by=rule&limit=201', 'limit'],
  ['by=rule&provider=oracle', 'provider'],
  ['by=rule&account=', 'account'],
  ['by=rule&sort=severity', 'sort'],
  ['by=rule&by=tool', 'by'],
])('refuses %j with a 400 naming %s', async (query, field) => {
  const answer = await world.call('olga', 'GET', `/api/security/findings/groups?${G}&${query}`);
  expect(answer.statusCode).toBe(400);
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(answer.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);
});

it('refuses a bad cloud filter of the list with a 400 naming it', async () => {
  const message = "'provider' must be one of aws, azure, gcp, other (several separated by commas).";
  const answer = await world.call('olga', 'GET', `/api/security/findings?${G}&provider=aws,oracle`);
  expectProblem(answer, 400, message);
  expect(answer.json().errors).toEqual([{ field: 'provider', message }]);
});

describe('GET security/findings/counts and the list with counts=false', () => {
  interface Counts {
    total: number;
    totals: { severity: Record<string, number>; category: Record<string, number> };
  }
  const counts = (query: string, login: 'olga' | 'reed' | 'vic' = 'olga') => world.ok<Counts>(login, 'GET', `/api/security/findings/counts?${G}&${query}`);

  it.each(['', 'provider=aws', 'category=sast&state=open', 'q=bucket', 'severity=high,critical'])('counts %j as the first page does', async (query) => {
    const page = await world.ok<Page & { totals: Counts['totals'] }>('olga', 'GET', `/api/security/findings?${G}&${query}`);
    const answer = await counts(query);
    expect(answer).toEqual({ total: page.total, totals: page.totals });
    expect(Object.values(answer.totals.severity).reduce((sum, count) => sum + count, 0)).toBe(answer.total);
  });

  it('a first page asked with counts=false has its items and cursor, no counts', async () => {
    const page = await world.ok<Record<string, unknown>>('olga', 'GET', `/api/security/findings?${G}&limit=2&counts=false`);
    expect(Object.keys(page).sort()).toEqual(['items', 'next_cursor']);
    expect(page.items).toHaveLength(2);
    const counted = await world.ok<Record<string, unknown>>('olga', 'GET', `/api/security/findings?${G}&limit=2&counts=true`);
    expect(counted.total).toBe((await counts('')).total);
  });

  it('counts only what the caller may see: a reader no cloud findings', async () => {
    const reader = await counts('', 'reed');
    expect(reader.totals.category['cloud-posture']).toBe(0);
    expect(reader.total).toBeLessThan((await counts('')).total);
  });

  it.each([
    ['counts=maybe', 'counts', '/api/security/findings'],
    ['sort=severity', 'sort', '/api/security/findings/counts'],
    ['cursor=abc', 'cursor', '/api/security/findings/counts'],
    ['severity=urgent', 'severity', '/api/security/findings/counts'],
    ['counts=false', 'counts', '/api/security/findings/counts'],
  ])('refuses %j with a 400 naming %s', async (query, field, path) => {
    const answer = await world.call('olga', 'GET', `${path}?${G}&${query}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });
});
