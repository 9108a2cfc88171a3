// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// The findings routes (issue 24 items 2–5, 7): upload (body, gzip, multipart) answering the
// import's summary; refused files (400 naming the format, nothing stored; 413 past the caps); the
// list's filters, sort, keyset paging and totals; one finding with its history; triage of one and
// of many with the history and the live event; a new critical finding's notification; the CSV
// export; who may do what (a READER lists code findings but neither uploads nor triages, nor sees
// cloud findings); another organization's finding is a 404; a re-import keeps triage.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { importFindings } from './importers';
import { readOps } from './importers/ops-data';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type Login, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;

beforeAll(async () => {
  world = await taskWorld();
}, 120_000);
afterAll(async () => world?.close());

interface Summary {
  importId: string;
  format: string;
  scope: string;
  findings: number;
  new: number;
  seen: number;
  fixed: number;
  reopened: number;
}
interface Finding {
  id: string;
  scope: string;
  category: string;
  severity: string;
  state: string;
  title: string;
  reason: string | null;
  expiresAt: string | null;
  rule: { id: string; name: string | null; cwe: string[] };
  tool: { name: string };
  location: { kind: string; file?: string } | null;
  application: string | null;
}
interface Page {
  items: Finding[];
  total: number;
  totals: { severity: Record<string, number>; category: Record<string, number> };
  next_cursor: string | null;
}

/** A request with the world's session of `who` and headers of its own (uploads send bytes). */
async function send(who: Login, method: 'POST' | 'GET', url: string, payload?: Buffer | string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  // world.call carries the cookie; the headers are added on the way to the app.
  const inject = world.app.inject.bind(world.app) as unknown as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  world.app.inject = ((options: InjectOptions) => inject({ ...options, headers: { ...options.headers, ...headers } })) as unknown as typeof world.app.inject;
  try {
    return await world.call(who, method, url, payload);
  } finally {
    world.app.inject = inject as unknown as typeof world.app.inject;
  }
}

const upload = (who: Login, query: string, bytes: Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  send(who, 'POST', `/api/security/findings?${G}&${query}`, bytes, headers);

async function uploaded(who: Login, query: string, bytes: Buffer, headers?: Record<string, string>): Promise<Summary> {
  const response = await upload(who, query, bytes, headers);
  if (response.statusCode !== 200) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json();
}

const list = (who: Login, query = '') => world.ok<Page>(who, 'GET', `/api/security/findings?${G}${query ? `&${query}` : ''}`);
const imports = async () => (await world.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM security_finding_imports'))[0].n;
const stored = async () => (await world.app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM security_findings'))[0].n;

/** A SARIF of CodeQL with these results (security-severity on the result). */
function sarif(results: Array<{ rule: string; file: string; line: number; securitySeverity?: string; text?: string }>): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: '2.1.0',
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      runs: [
        {
          tool: { driver: { name: 'CodeQL', version: '2.19.0', rules: [...new Set(results.map((r) => r.rule))].map((id) => ({ id, name: id, properties: { tags: ['external/cwe/cwe-079'] } })) } },
          results: results.map((r) => ({
            ruleId: r.rule,
            level: 'error',
            message: { text: r.text ?? `${r.rule} in ${r.file}` },
            locations: [{ physicalLocation: { artifactLocation: { uri: r.file }, region: { startLine: r.line } } }],
            ...(r.securitySeverity ? { properties: { 'security-severity': r.securitySeverity } } : {}),
          })),
        },
      ],
    }),
  );
}

const ESLINT = readOps('eslint.sarif');
const ESLINT_FINDINGS = new Set(importFindings(ESLINT).findings.map((finding) => finding.fingerprint)).size;

describe('upload', () => {
  it("stores a SARIF sent as the body into the application's scope and answers the import's summary", async () => {
    const summary = await uploaded('andy', 'application=portal-web', ESLINT);
    expect(summary).toMatchObject({ format: 'sarif', scope: 'app:portal-web', findings: ESLINT_FINDINGS, new: ESLINT_FINDINGS, seen: 0, fixed: 0, reopened: 0 });
    expect((await list('andy', 'application=portal-web')).total).toBe(ESLINT_FINDINGS);
    const page = await list('andy', 'application=portal-web&state=open');
    expect(page.items[0]).toMatchObject({ scope: 'app:portal-web', application: 'portal-web', tool: { name: 'ESLint' }, state: 'open' });
  });

  it('takes a gzip body (declared or not) and the multipart field file, into a repository scope', async () => {
    const kics = readOps('kics_many_findings.json');
    expect(await uploaded('andy', 'repository=infra', gzipSync(kics), { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' })).toMatchObject({
      format: 'kics',
      scope: 'repo:infra',
      findings: 15,
      new: 15,
    });
    expect(await uploaded('andy', 'repository=infra', gzipSync(kics), { 'content-type': 'application/gzip' })).toMatchObject({ new: 0, seen: 15 });
    const boundary = 'xXfindingsXx';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tfsec.json"\r\nContent-Type: application/json\r\n\r\n`),
      readOps('tfsec_many_findings_current.json'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(await uploaded('andy', 'repository=terraform&format=tfsec', body, { 'content-type': `multipart/form-data; boundary=${boundary}` })).toMatchObject({
      format: 'tfsec',
      scope: 'repo:terraform',
    });
  });

  it('refuses a file no importer reads with a 400 naming the format expected and where, and stores nothing', async () => {
    const before = { imports: await imports(), findings: await stored() };
    const broken = JSON.parse(ESLINT.toString('utf8')) as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    broken.runs[0].results[3].locations = 'nowhere';
    const response = await upload('andy', 'application=portal-web', Buffer.from(JSON.stringify(broken)));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().detail).toMatch(/^SARIF 2\.1\.0 expected: .*runs\[0\]\.results\[3\]\.locations/);
    expect((await upload('andy', 'application=portal-web', Buffer.from('{"hello": "world"}'))).json().detail).toMatch(/expected/);
    expect((await upload('andy', 'application=portal-web&format=checkov', ESLINT)).json().detail).toMatch(/^Checkov JSON expected/);
    expectProblem(await upload('andy', 'application=portal-web', Buffer.from([0x1f, 0x8b, 1, 2, 3])), 400, 'The gzip-compressed file could not be inflated: unknown compression method.');
    expect({ imports: await imports(), findings: await stored() }).toEqual(before);
  });

  it('refuses a bad query (400), an unknown application (404), no file (400), another encoding (415)', async () => {
    expectProblem(await upload('andy', '', ESLINT), 400, "Name what the file's findings belong to: 'application' (an application's key) or 'repository' (a repository's name).");
    expectProblem(await upload('andy', 'application=portal-web&repository=x', ESLINT), 400, "Name either 'application' or 'repository', not both.");
    expectProblem(await upload('andy', 'application=nope', ESLINT), 404, 'Invalid app key');
    expectProblem(await upload('andy', 'repository=x&format=zip', ESLINT), 400, expect.stringMatching(/^'format' must be one of sarif, /) as unknown as string);
    expectProblem(await upload('andy', 'repository=x&scope=app:other', ESLINT), 400, "'scope' is not a parameter of a findings upload.");
    expectProblem(await upload('andy', 'repository=x', Buffer.alloc(0)), 400, expect.stringMatching(/^No file was sent/) as unknown as string);
    expectProblem(await upload('andy', 'repository=x', ESLINT, { 'content-type': 'application/json', 'content-encoding': 'br' }), 415, expect.stringMatching(/^Content-Encoding "br"/) as unknown as string);
  });

  it('answers 413 past the upload cap and past the inflated cap, storing nothing', async () => {
    const before = await imports();
    const large = await upload('andy', 'repository=big', Buffer.alloc(64 * 1024 * 1024 + 1, 0x20));
    expect(large.statusCode).toBe(413);
    expect(large.headers['content-type']).toMatch(/^application\/problem\+json/);
    const bomb = gzipSync(Buffer.alloc(256 * 1024 * 1024 + 1, 0x20));
    expectProblem(await upload('andy', 'repository=big', bomb, { 'content-type': 'application/gzip' }), 413, 'The gzip-compressed file inflates to more than the 256 MiB accepted.');
    expect(await imports()).toBe(before);
  }, 60_000);

  it('lets only who may scan applications upload (a READER or a REVIEWER may not)', async () => {
    expect((await upload('reed', 'repository=x', ESLINT)).statusCode).toBe(403);
    expect((await upload('rita', 'repository=x', ESLINT)).statusCode).toBe(403);
    // Another organization's member naming this process: the process is not found for her.
    expect((await send('ursula', 'POST', `/api/security/findings?${G}&repository=x`, ESLINT, { 'content-type': 'application/json' })).statusCode).toBe(404);
  });
});

describe('list, detail and export', () => {
  let cloudId: string;

  beforeAll(async () => {
    await uploaded('olga', 'repository=aws-prod', readOps('prowler_aws_v3plus_many_vuln.ocsf.json'));
    cloudId = (await list('olga', 'category=cloud-posture&limit=1')).items[0].id;
  });

  it('filters by category, severity, state, tool, application and search, with totals per severity and category', async () => {
    const all = await list('olga');
    expect(all.total).toBe(Object.values(all.totals.severity).reduce((a, b) => a + b, 0));
    expect(all.total).toBe(Object.values(all.totals.category).reduce((a, b) => a + b, 0));
    const iac = await list('olga', 'category=iac');
    expect(iac.total).toBe(all.totals.category.iac);
    expect(iac.items.every((finding) => finding.category === 'iac')).toBe(true);
    const highOrMedium = await list('olga', 'severity=high,medium&limit=500');
    expect(highOrMedium.total).toBe(all.totals.severity.high + all.totals.severity.medium);
    expect(highOrMedium.items.every((finding) => ['high', 'medium'].includes(finding.severity))).toBe(true);
    expect((await list('olga', 'application=portal-web')).total).toBe(ESLINT_FINDINGS);
    expect((await list('olga', 'scope=repo:infra&tool=KICS')).items.every((finding) => finding.scope === 'repo:infra')).toBe(true);
    // The tool's name in any case.
    expect((await list('olga', 'scope=repo:infra&tool=kics')).total).toBe((await list('olga', 'scope=repo:infra&tool=KICS')).total);
    expect((await list('olga', 'scope=repo:infra&tool=kics')).total).toBeGreaterThan(0);
    const rule = (await list('olga', 'application=portal-web')).items[0].rule.id;
    const searched = await list('olga', `q=${encodeURIComponent(rule.toUpperCase())}&application=portal-web`);
    expect(searched.total).toBeGreaterThan(0);
    expect(searched.items.every((finding) => finding.rule.id.toLowerCase().includes(rule.toLowerCase()) || finding.title.toLowerCase().includes(rule.toLowerCase()) || (finding.location?.file ?? '').toLowerCase().includes(rule.toLowerCase()))).toBe(true);
    expect((await list('olga', 'q=%25%25nothing_like_this%25')).total).toBe(0);
    expect((await list('olga', 'state=fixed')).total).toBe(0);
  });

  it('pages by cursor in every sort, without duplicates or misses; only the first page has the total and the totals', async () => {
    const total = (await list('olga')).total;
    for (const sort of ['severity', 'first_seen', 'last_seen', 'rule_id', 'tool_name']) {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: Page = await list('olga', `sort=${sort}&order=${order}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
          // The first page counts the filter; a page by cursor continues it without counting again.
          if (cursor) expect(page).not.toHaveProperty('total');
          if (cursor) expect(page).not.toHaveProperty('totals');
          else expect(page.total).toBe(total);
          seen.push(...page.items.map((finding) => finding.id));
          cursor = page.next_cursor;
        } while (cursor);
        expect(seen).toHaveLength(total);
        expect(new Set(seen).size).toBe(total);
      }
    }
    const bySeverity = (await list('olga', 'limit=500')).items.map((finding) => finding.severity);
    const rank = ['critical', 'high', 'medium', 'low', 'info'];
    expect(bySeverity).toEqual([...bySeverity].sort((a, b) => rank.indexOf(a) - rank.indexOf(b)));
  });

  it('refuses bad parameters and a tampered cursor with a 400 naming them', async () => {
    const bad = (query: string) => world.call('olga', 'GET', `/api/security/findings?${G}&${query}`);
    expectProblem(await bad('severity=urgent'), 400, "'severity' must be one of critical, high, medium, low, info (several separated by commas).");
    expectProblem(await bad('limit=0'), 400, "'limit' must be a whole number from 1 to 500.");
    expectProblem(await bad('sort=title'), 400, "'sort' must be one of severity, first_seen, last_seen, rule_id, tool_name.");
    expectProblem(await bad('colour=red'), 400, "'colour' is not a parameter of the findings list.");
    expectProblem(await bad('q=a&q=b'), 400, "'q' is given more than once.");
    const cursor = (await list('olga', 'sort=first_seen&limit=1')).next_cursor!;
    const detail = "'cursor' is not the next_cursor of this list (its sort and order).";
    expectProblem(await bad(`sort=last_seen&cursor=${cursor}`), 400, detail);
    const body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { k: string };
    const forged = (k: string) => Buffer.from(JSON.stringify({ ...body, k })).toString('base64url');
    expectProblem(await bad(`sort=first_seen&cursor=${forged('2030-02-31T00:00:00.000000Z')}`), 400, detail);
    expectProblem(await bad(`sort=first_seen&cursor=${forged("'; DROP TABLE security_findings; --")}`), 400, detail);
    expectProblem(await bad('cursor=nonsense!'), 400, detail);
  });

  it('shows one finding with its rule and history; another organization or process answers 404', async () => {
    const [first] = (await list('olga', 'application=portal-web')).items;
    const detail = await world.ok<Finding & { history: unknown[] }>('olga', 'GET', `/api/security/findings/${first.id}?${G}`);
    expect(detail).toMatchObject({ id: first.id, rule: { id: first.rule.id }, history: [] });
    expectProblem(await world.call('ursula', 'GET', `/api/security/findings/${first.id}?graph=omega`), 404, 'No such finding in this process.');
    expect((await world.call('ursula', 'GET', `/api/security/findings/${first.id}?${G}`)).statusCode).toBe(404);
    expect((await world.call('ursula', 'GET', `/api/security/findings?graph=omega`)).json()).toMatchObject({ total: 0, items: [] });
    expectProblem(await world.call('olga', 'GET', `/api/security/findings/not-a-uuid?${G}`), 404, 'No such finding in this process.');
  });

  it('shows a READER code and IaC findings but not cloud ones; a member without any of the permissions gets 403', async () => {
    const reader = await list('reed');
    expect(reader.totals.category['cloud-posture']).toBe(0);
    expect((await list('olga')).totals.category['cloud-posture']).toBeGreaterThan(0);
    expect(reader.total).toBeGreaterThan(0);
    expect((await world.call('reed', 'GET', `/api/security/findings/${cloudId}?${G}`)).statusCode).toBe(404);
    expect((await world.call('vic', 'GET', `/api/security/findings?${G}`)).statusCode).toBe(403);
    expect((await world.call('vic', 'GET', `/api/security/findings/export.csv?${G}`)).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV, every row, formulas quoted as text', async () => {
    await uploaded('andy', 'repository=csv', sarif([{ rule: 'js/xss', file: 'web/app.js', line: 3, text: '=HYPERLINK("http://evil")' }]));
    const response = await world.call('olga', 'GET', `/api/security/findings/export.csv?${G}&scope=repo:csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="findings-alpha.csv"');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,severity,category,state,tool,rule,title,scope,location,first_seen,last_seen,due_date,reason,expires_at,cwe');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[1]).toContain('web/app.js:3');
    const all = await world.call('olga', 'GET', `/api/security/findings/export.csv?${G}&category=iac`);
    expect(all.body.trim().split('\r\n')).toHaveLength((await list('olga', 'category=iac')).total + 1);
  });
});

describe('triage', () => {
  const ids = async (query: string) => (await list('olga', `${query}&limit=500`)).items.map((finding) => finding.id);
  const put = (who: Login, id: string, body: unknown) => world.call(who, 'PUT', `/api/security/findings/${id}/state?${G}`, body);
  const bulk = (who: Login, body: unknown) => world.call(who, 'POST', `/api/security/findings/triage?${G}`, body);
  let open: string[];
  beforeAll(async () => {
    open = await ids('application=portal-web&state=open');
  });
  const eventsOf = async (login: Login) =>
    (
      await world.app.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE destination = $1 AND body->>'type' = 'Security Finding'`, [
        `events#${world.ids[login]}`,
      ])
    )[0].n;

  it('sets one finding false positive with its reason, in its history, told live to who may see findings', async () => {
    const [id] = open;
    const before = { andy: await eventsOf('andy'), reed: await eventsOf('reed'), vic: await eventsOf('vic') };
    expect((await put('andy', id, { state: 'false_positive', reason: 'test code' })).json()).toEqual({ ids: [id], state: 'false_positive' });
    const detail = await world.ok<Finding & { history: Array<Record<string, unknown>> }>('andy', 'GET', `/api/security/findings/${id}?${G}`);
    expect(detail).toMatchObject({ state: 'false_positive', reason: 'test code' });
    expect(detail.history).toEqual([expect.objectContaining({ kind: 'triaged', from_state: 'open', to_state: 'false_positive', user_id: world.ids.andy, reason: 'test code' })]);
    expect(await eventsOf('andy')).toBe(before.andy + 1);
    expect(await eventsOf('reed')).toBe(before.reed + 1);
    expect(await eventsOf('vic')).toBe(before.vic);
  });

  it('accepts a risk only with a reason and a future expiry date; refuses scanner states and hostile bodies', async () => {
    const [, id] = open;
    expectProblem(await put('andy', id, { state: 'risk_accepted', reason: 'legacy' }), 400, 'A risk acceptance needs a reason and an expiry date.');
    expectProblem(await put('andy', id, { state: 'risk_accepted', expires_at: '2031-01-01' }), 400, 'A risk acceptance needs a reason and an expiry date.');
    // The clock says 2030-06-01.
    expectProblem(await put('andy', id, { state: 'risk_accepted', reason: 'legacy', expires_at: '2030-06-01' }), 400, "'expires_at' must be a date (YYYY-MM-DD) after today.");
    expectProblem(await put('andy', id, { state: 'risk_accepted', reason: 'legacy', expires_at: '2031-02-30' }), 400, "'expires_at' must be a date (YYYY-MM-DD) after today.");
    expectProblem(await put('andy', id, { state: 'confirmed', expires_at: '2031-01-01' }), 400, "'expires_at' goes only with the state risk_accepted.");
    expectProblem(await put('andy', id, { state: 'fixed' }), 400, "'state' must be one of open, confirmed, false_positive, risk_accepted (fixed and suppressed come from the scanners).");
    expectProblem(await put('andy', id, { state: 'open', reason: 'x'.repeat(2001) }), 400, "'reason' must be a text of at most 2000 characters.");
    expectProblem(await put('andy', id, { state: 'open', ids: [id] }), 400, "'ids' is not a field of a triage decision.");
    expectProblem(await put('andy', id, ['open']), 400, 'The body is a JSON object: state, and reason and expires_at for a risk acceptance.');
    const accepted = await put('andy', id, { state: 'risk_accepted', reason: 'legacy, replaced in Q3', expires_at: '2030-12-31' });
    expect(accepted.statusCode).toBe(200);
    expect(await world.ok<Finding>('andy', 'GET', `/api/security/findings/${id}?${G}`)).toMatchObject({ state: 'risk_accepted', reason: 'legacy, replaced in Q3', expiresAt: '2030-12-31' });
  });

  it('lets a READER or a REVIEWER list but not triage; another organization triages nothing (404)', async () => {
    const [, , id] = open;
    expect((await put('reed', id, { state: 'confirmed' })).statusCode).toBe(403);
    expect((await bulk('rita', { ids: [id], state: 'confirmed' })).statusCode).toBe(403);
    expectProblem(await world.call('ursula', 'PUT', `/api/security/findings/${id}/state?graph=omega`, { state: 'confirmed' }), 404, 'No such finding in this process.');
    expectProblem(await world.call('ursula', 'POST', `/api/security/findings/triage?graph=omega`, { ids: [id], state: 'confirmed' }), 404, 'Some of these findings are not in this process: nothing was changed.');
    expectProblem(await put('andy', '00000000-0000-4000-8000-000000000000', { state: 'confirmed' }), 404, 'No such finding in this process.');
    expect((await world.ok<Finding>('olga', 'GET', `/api/security/findings/${id}?${G}`)).state).toBe('open');
  });

  it('triages many at once, or none when one of them is not the process\'s (or not seen by the caller)', async () => {
    const infra = await ids('scope=repo:infra');
    const cloud = await ids('category=cloud-posture');
    expectProblem(await bulk('andy', { ids: [infra[0], '00000000-0000-4000-8000-000000000000'], state: 'confirmed' }), 404, 'Some of these findings are not in this process: nothing was changed.');
    // andy (AUTHOR) does not see cloud findings: he cannot triage them either.
    expect((await bulk('andy', { ids: [infra[0], cloud[0]], state: 'confirmed' })).statusCode).toBe(404);
    expect((await list('olga', 'scope=repo:infra&state=confirmed')).total).toBe(0);
    expect((await bulk('andy', { ids: infra.slice(0, 3), state: 'confirmed', reason: 'reproduced' })).json()).toEqual({ ids: infra.slice(0, 3).sort(), state: 'confirmed' });
    expect((await list('olga', 'scope=repo:infra&state=confirmed')).total).toBe(3);
    expectProblem(await bulk('andy', { ids: [], state: 'confirmed' }), 400, "'ids' must be a list of 1 to 5000 finding ids.");
    expectProblem(await bulk('andy', { ids: ['1; DROP TABLE x'], state: 'confirmed' }), 400, "'ids' must be a list of 1 to 5000 finding ids.");
  });

  it('keeps triage across a re-import; what the file no longer reports turns fixed, in its history', async () => {
    const all = (await list('olga', 'application=portal-web&limit=500')).items;
    const triaged = all.filter((finding) => ['false_positive', 'risk_accepted'].includes(finding.state)).map((finding) => finding.id);
    expect(triaged).toHaveLength(2);
    const parsed = JSON.parse(ESLINT.toString('utf8')) as { runs: Array<{ results: unknown[] }> };
    const removed = parsed.runs[0].results.length;
    parsed.runs[0].results = parsed.runs[0].results.slice(0, 0);
    const summary = await uploaded('andy', 'application=portal-web', Buffer.from(JSON.stringify(parsed)));
    expect(summary).toMatchObject({ findings: 0, new: 0 });
    expect(removed).toBeGreaterThan(0);
    const after = await list('olga', 'application=portal-web&limit=500');
    const byId = new Map(after.items.map((finding) => [finding.id, finding]));
    // The false positive stays what people said; the risk acceptance turns fixed (it is gone).
    expect(byId.get(triaged[0])?.state === 'false_positive' || byId.get(triaged[1])?.state === 'false_positive').toBe(true);
    expect(after.items.filter((finding) => finding.state === 'fixed')).toHaveLength(ESLINT_FINDINGS - 1);
    const again = await uploaded('andy', 'application=portal-web', ESLINT);
    expect(again).toMatchObject({ new: 0, reopened: ESLINT_FINDINGS - 1 });
    // A regression: who receives the alerts hears of it (olga), not the uploader (andy), not a READER.
    const regressions = async (login: Login) =>
      (
        await world.app.database.query<{ body: { title: string; message: string } }>(
          `SELECT body FROM outbox WHERE destination = $1 AND body->>'title' LIKE '%came back' ORDER BY seq`,
          [`notifications#${world.ids[login]}`],
        )
      ).map((row) => row.body);
    expect(await regressions('olga')).toEqual([
      expect.objectContaining({
        title: `${ESLINT_FINDINGS - 1} fixed findings came back`,
        message: `##portal-web##: the latest scan reports again ${ESLINT_FINDINGS - 1} findings an earlier scan no longer reported.`,
      }),
    ]);
    expect(await regressions('andy')).toEqual([]);
    expect(await regressions('reed')).toEqual([]);
    const restored = await list('olga', 'application=portal-web&limit=500');
    expect(restored.items.filter((finding) => finding.state === 'false_positive')).toHaveLength(1);
    const fp = restored.items.find((finding) => finding.state === 'false_positive')!;
    expect(fp.reason).toBe('test code');
    const reopened = restored.items.find((finding) => finding.state === 'open')!;
    const history = (await world.ok<{ history: Array<{ kind: string }> }>('olga', 'GET', `/api/security/findings/${reopened.id}?${G}`)).history.map((event) => event.kind);
    expect(history.slice(-2)).toEqual(['fixed', 'reopened']);
  });
});

describe('notifications', () => {
  const notified = async (login: Login) =>
    world.app.database.query<{ body: { title: string; message: string; link: string } }>(
      `SELECT body FROM outbox WHERE destination = $1 AND body->>'title' LIKE '%critical finding%' AND body->>'link' LIKE '%repo\\%3Aapi%' ORDER BY seq`,
      [`notifications#${world.ids[login]}`],
    );

  it('tells who receives new-vulnerability alerts of a new critical finding, once; not the uploader, not a READER', async () => {
    const file = sarif([
      { rule: 'js/sql-injection', file: 'api/db.js', line: 10, securitySeverity: '9.8' },
      { rule: 'js/xss', file: 'web/view.js', line: 4, securitySeverity: '6.1' },
    ]);
    await uploaded('olga', 'repository=api', file);
    const [alert] = (await notified('andy')).map((row) => row.body);
    expect(alert).toMatchObject({ title: 'New critical finding', link: '/security?scope=repo%3Aapi&severity=critical' });
    expect(alert.message).toBe('##api##: js/sql-injection in api/db.js.');
    expect(await notified('reed')).toEqual([]);
    expect(await notified('olga')).toEqual([]);
    // Seen again, nothing new: no second notification.
    await uploaded('olga', 'repository=api', file);
    expect(await notified('andy')).toHaveLength(1);
  });
});

describe('hostile input', () => {
  it('answers every generated query, body and file with a 2xx or 4xx, never a 5xx', async () => {
    const [id] = (await list('olga', 'limit=1')).items.map((finding) => finding.id);
    const text = fc.oneof(fc.string(), fc.constantFrom('', '%00', '\u0000', "'", '2030-02-31', '-1', '1e9', '__proto__', 'critical,,high'));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('category', 'severity', 'state', 'tool', 'scope', 'application', 'q', 'sort', 'order', 'limit', 'cursor', 'x'), text), async (query) => {
        const response = await world.call('olga', 'GET', `/api/security/findings?${G}&${new URLSearchParams(query).toString()}`);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.record({ ids: fc.anything(), state: fc.anything(), reason: fc.anything(), expires_at: fc.anything() }, { requiredKeys: [] })), async (body) => {
        const single = await world.call('andy', 'PUT', `/api/security/findings/${id}/state?${G}`, body === undefined ? null : body);
        expect(single.statusCode).toBeLessThan(500);
        const many = await world.call('andy', 'POST', `/api/security/findings/triage?${G}`, body === undefined ? null : body);
        expect(many.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        const response = await upload('andy', 'repository=fuzz', Buffer.from(bytes), { 'content-type': 'application/octet-stream' });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});

describe('CI upload with a module key', () => {
  const keyOf = async (who: Login, type: string, configs?: object) =>
    (await world.ok<{ id: string; api_key_value: string }>(who, 'POST', `/api/modules/${type}`, { name: `${type} of ${who}`, ...(configs ? { configs } : {}) }, 201));
  const ci = (key: string, query: string, bytes: Buffer = ESLINT) =>
    world.app.inject({ method: 'POST', url: `/api/security/findings?${query}`, headers: { 'x-api-key': key, 'content-type': 'application/json' }, payload: bytes });
  let quality: { id: string; api_key_value: string };

  beforeAll(async () => {
    quality = await keyOf('olga', 'code-quality', { url: 'https://sonar.example.test', token: 'secret' });
  });

  it("answers 202 with the import's status URL, records the module's sync, and the URL tells the counts", async () => {
    const response = await ci(quality.api_key_value, 'graph=alpha&repository=ci-web');
    expect(response.statusCode).toBe(202);
    const summary = response.json() as Summary & { status: string; status_url: string };
    expect(summary).toMatchObject({ status: 'DONE', scope: 'repo:ci-web', new: ESLINT_FINDINGS, format: 'sarif' });
    expect(response.headers.location).toBe(`/api/security/imports/${summary.importId}?graph=alpha`);
    expect(summary.status_url).toBe(response.headers.location);
    const status = await world.app.inject({ method: 'GET', url: summary.status_url, headers: { 'x-api-key': quality.api_key_value } });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ importId: summary.importId, status: 'DONE', format: 'sarif', new: ESLINT_FINDINGS, seen: 0, fixed: 0 });
    expect((await world.ok<{ importId: string }>('olga', 'GET', summary.status_url)).importId).toBe(summary.importId);
    const [module] = await world.app.database.query<{ last_sync_at: Date }>('SELECT last_sync_at FROM service_modules WHERE id = $1', [quality.id]);
    expect(new Date(module.last_sync_at).toISOString()).toBe('2030-06-01T08:00:00.000Z');
    // The application names its process when graph is absent.
    expect((await ci(quality.api_key_value, 'application=portal-web')).statusCode).toBe(202);
  });

  it("refuses another kind of module's key (403), an unknown key (401), a process of another organization (404), no process (400)", async () => {
    const pipelines = await keyOf('olga', 'cicd-ingestion');
    expectProblem(await ci(pipelines.api_key_value, 'graph=alpha&repository=x'), 403, "This API key is not a code-quality or pipeline-management module's key: findings uploads take the key of such a service module.");
    expect((await ci('not-a-key', 'graph=alpha&repository=x')).statusCode).toBe(401);
    const other = await keyOf('ursula', 'pipeline-management', { url: 'https://ci.other.test', token: 'secret' });
    expectProblem(await ci(other.api_key_value, 'graph=alpha&repository=x'), 404, "No process of the key's organization has this code name.");
    expectProblem(await ci(other.api_key_value, 'application=portal-web'), 404, 'Invalid app key');
    expectProblem(await ci(quality.api_key_value, 'repository=x'), 400, "With an API key, name the process in 'graph' (its code name), or upload to an 'application', whose process it is.");
    const [first] = await world.app.database.query<{ id: string }>('SELECT id FROM security_finding_imports WHERE process_id = $1 LIMIT 1', [world.processId]);
    expect((await world.app.inject({ method: 'GET', url: `/api/security/imports/${first.id}`, headers: { 'x-api-key': other.api_key_value } })).statusCode).toBe(404);
    expect((await world.call('ursula', 'GET', `/api/security/imports/${first.id}?graph=omega`)).statusCode).toBe(404);
    expect((await ci(quality.api_key_value, 'graph=alpha&repository=x', Buffer.from('{"runs": 3, "version": "2.1.0"}'))).statusCode).toBe(400);
  });
});
