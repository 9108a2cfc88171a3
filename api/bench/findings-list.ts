// The findings list under load (issue 24 item 8): `node_modules/.bin/tsx api/bench/findings-list.ts`.
// A fresh API (configured as `npm start` does) on an embedded database in a temp dir (or, with
// DATABASE_URL, a fresh schema of that Postgres server, dropped after) with 200,000 findings in one
// process, stored by the import path the upload route takes (`importFindingsFile`): 28 repositories
// × 5,000 results of a five-run SARIF (CodeQL, Semgrep: SAST; Gitleaks: secrets; Checkov: IaC;
// Trivy: container; 2% suppressed in the source) and 12 AWS accounts × 5,000 Security Hub ASFF
// findings (posture and threats over four regions and seven services, FSBP and CIS controls);
// 10 of the scopes re-imported with a fifth of their findings gone (fixed), then a twentieth of the
// rest confirmed, a fiftieth false positives and a fiftieth risks accepted (`triageFindings`).
// Then autocannon (50 connections, 10 s, in a process of its own: load.ts) on GET
// /api/security/findings as the screens ask it (counts=false: the counts are their own request) —
// the first page (default sort: severity, most severe first), the page after it by its cursor,
// state=open, a category (the six in turn), a search (five texts in turn), by last_seen newest
// first — GET /api/security/findings/counts (the whole process, state=open), the first page with
// its counts in one request (the default), and GET /api/security/findings/groups by rule and by
// AWS account; for comparison, a route that is only the guard. Goal: p99 ≤ 50 ms at 50
// connections, uncached: nothing in the API caches an answer (each request reads the database);
// the guard's cache of callers is on, as with `npm start` (BENCH_READ_CACHE_MS=0: off).
// BENCH_CASE=<start of a case name> runs those cases only (several: separated by '|'); BENCH_SECONDS (10) per case; BENCH_KEEP=1
// keeps the DATABASE_URL schema (its name printed) to EXPLAIN the queries on the bench's data.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { READ_CACHE_MS } from '../src/config';
import { createOrganizationCommand } from '../src/cli/users';
import { manualClock } from '../src/identity/clock';
import { triageFindings } from '../src/operations/repository';
import { importFindingsFile } from '../src/operations/service';
import { createTestUser, likeTheApiClient } from '../src/testing/identity';
import { authenticate } from '../src/testing/users';
import { cpuBetween, freshSchema, load, serverCpu } from './load';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const GOAL_P99_MS = 50;
const REPOSITORIES = 28;
const ACCOUNTS = 12;
const PER_SCOPE = 5_000;
const FINDINGS = (REPOSITORIES + ACCOUNTS) * PER_SCOPE;
const RE_IMPORTED = 10;

const SERVER_URL = process.env.DATABASE_URL || undefined;
/** BENCH_KEEP=1: the DATABASE_URL schema is kept after the run (to EXPLAIN the queries on its data). */
const KEEP = process.env.BENCH_KEEP === '1';
const READ_CACHE_MS_USED = process.env.BENCH_READ_CACHE_MS !== undefined ? Number(process.env.BENCH_READ_CACHE_MS) : READ_CACHE_MS;

// ---------------------------------------------------------------------------------------------
// The files: what real scanners write, generated.

const WEAKNESSES = [
  ['sql-injection', 'SQL injection', 89],
  ['xss', 'Cross-site scripting', 79],
  ['path-injection', 'Uncontrolled data used in path expression', 22],
  ['command-line-injection', 'Uncontrolled command line', 78],
  ['ssrf', 'Server-side request forgery', 918],
  ['prototype-pollution', 'Prototype-polluting assignment', 1321],
  ['weak-crypto', 'Use of a broken or weak cryptographic algorithm', 327],
  ['open-redirect', 'Client-side URL redirect', 601],
  ['regex-injection', 'Regular expression injection', 730],
  ['insecure-randomness', 'Insecure randomness', 338],
] as const;

interface SarifTool {
  name: string;
  version: string;
  share: number;
  rules: number;
  rule: (i: number) => { id: string; name: string; cwe: number };
  file: (k: number) => string;
}

const TOOLS: SarifTool[] = [
  { name: 'CodeQL', version: '2.19.0', share: 0.5, rules: 120, rule: (i) => ({ id: `js/${WEAKNESSES[i % 10][0]}-${i}`, name: `${WEAKNESSES[i % 10][1]} (${i})`, cwe: WEAKNESSES[i % 10][2] }), file: (k) => `src/module-${k % 60}/file-${k % 97}.ts` },
  { name: 'Semgrep OSS', version: '1.95.0', share: 0.2, rules: 80, rule: (i) => ({ id: `javascript.lang.security.${WEAKNESSES[(i + 3) % 10][0]}.rule-${i}`, name: `${WEAKNESSES[(i + 3) % 10][1]} pattern ${i}`, cwe: WEAKNESSES[(i + 3) % 10][2] }), file: (k) => `src/module-${k % 60}/file-${k % 89}.js` },
  { name: 'gitleaks', version: '8.21.2', share: 0.06, rules: 20, rule: (i) => ({ id: ['aws-access-token', 'github-pat', 'slack-webhook-url', 'private-key', 'generic-api-key'][i % 5] + (i >= 5 ? `-${i}` : ''), name: `Secret ${i}`, cwe: 798 }), file: (k) => `config/env-${k % 40}.yaml` },
  { name: 'Checkov', version: '3.2.300', share: 0.14, rules: 150, rule: (i) => ({ id: `CKV_AWS_${i + 1}`, name: `Ensure resource ${i} is configured securely`, cwe: 16 }), file: (k) => `infra/terraform/stack-${k % 30}/main.tf` },
  { name: 'Trivy', version: '0.57.0', share: 0.1, rules: 300, rule: (i) => ({ id: `CVE-2024-${10_000 + i * 7}`, name: `lib-${i % 60}: vulnerability ${i}`, cwe: 400 + (i % 50) }), file: (k) => `Dockerfile.service-${k % 12}` },
];

/** A repository's SARIF: five runs, `PER_SCOPE` results in all; results from `dropFrom` on are left out (fixed). */
function repositorySarif(repository: number, dropFrom = PER_SCOPE): Buffer {
  let offset = 0;
  const runs = TOOLS.map((tool) => {
    const count = Math.round(PER_SCOPE * tool.share);
    const first = offset;
    offset += count;
    const rules = Array.from({ length: tool.rules }, (_, i) => {
      const rule = tool.rule(i);
      return {
        id: rule.id,
        name: rule.name,
        shortDescription: { text: rule.name },
        help: { text: 'Fix it.', markdown: `# ${rule.name}\n\nSee [CWE-${rule.cwe}](https://cwe.mitre.org/data/definitions/${rule.cwe}.html).` },
        defaultConfiguration: { level: (['error', 'warning', 'note'] as const)[i % 3] },
        properties: { tags: ['security', `external/cwe/cwe-${rule.cwe}`], 'security-severity': String(((i * 37 + repository) % 101) / 10) },
      };
    });
    const results = [];
    for (let n = first; n < first + count; n += 1) {
      if (n >= dropFrom) continue;
      const k = repository * PER_SCOPE + n;
      const r = (n * 7 + repository) % tool.rules;
      const line = 5 + (k % 800);
      results.push({
        ruleId: rules[r].id,
        ruleIndex: r,
        message: { text: `${rules[r].name}: value ${k} reaches a sensitive sink in ${tool.file(k)}` },
        locations: [
          { physicalLocation: { artifactLocation: { uri: tool.file(k), uriBaseId: '%SRCROOT%' }, region: { startLine: line, startColumn: 3, endLine: line, endColumn: 40, snippet: { text: `  const v${k} = input[${n}];` } } } },
        ],
        partialFingerprints: { primaryLocationLineHash: `${tool.name}:${k.toString(16).padStart(12, '0')}:1` },
        ...(n % 50 === 7 ? { suppressions: [{ kind: 'inSource', justification: 'test fixture' }] } : {}),
      });
    }
    return { tool: { driver: { name: tool.name, semanticVersion: tool.version, rules } }, results };
  });
  return Buffer.from(JSON.stringify({ version: '2.1.0', $schema: 'https://json.schemastore.org/sarif-2.1.0.json', runs }));
}

const REGIONS = ['us-east-1', 'eu-west-1', 'eu-central-1', 'ap-southeast-2'];
const RESOURCES = [
  ['AwsS3Bucket', (a: string, k: number) => `arn:aws:s3:::bucket-${a}-${k % 400}`],
  ['AwsEc2Instance', (a: string, k: number, region: string) => `arn:aws:ec2:${region}:${a}:instance/i-${k.toString(16).padStart(17, '0')}`],
  ['AwsIamRole', (a: string, k: number) => `arn:aws:iam::${a}:role/role-${k % 300}`],
  ['AwsRdsDbInstance', (a: string, k: number, region: string) => `arn:aws:rds:${region}:${a}:db:db-${k % 90}`],
  ['AwsLambdaFunction', (a: string, k: number, region: string) => `arn:aws:lambda:${region}:${a}:function:fn-${k % 250}`],
  ['AwsKmsKey', (a: string, k: number, region: string) => `arn:aws:kms:${region}:${a}:key/${k.toString(16).padStart(8, '0')}`],
  ['AwsEcrContainerImage', (a: string, k: number, region: string) => `arn:aws:ecr:${region}:${a}:repository/app-${k % 20}/sha256:${k.toString(16).padStart(64, '0')}`],
] as const;
const LABELS = ['CRITICAL', 'HIGH', 'HIGH', 'MEDIUM', 'MEDIUM', 'MEDIUM', 'LOW', 'LOW', 'INFORMATIONAL', 'MEDIUM'];

/** An account's Security Hub findings (ASFF, as GetFindings pages them), `PER_SCOPE` of them less those from `dropFrom` on. */
function accountAsff(accountIndex: number, dropFrom = PER_SCOPE): Buffer {
  const account = String(100_000_000_000 + accountIndex * 7_919_113);
  const findings = [];
  for (let n = 0; n < Math.min(PER_SCOPE, dropFrom); n += 1) {
    const k = accountIndex * PER_SCOPE + n;
    const region = REGIONS[k % REGIONS.length];
    const [type, arn] = RESOURCES[(n * 3) % RESOURCES.length];
    const threat = n % 25 === 0;
    const cis = n % 4 === 0;
    const control = cis ? `${1 + (n % 5)}.${1 + (n % 14)}` : `${['S3', 'EC2', 'IAM', 'RDS', 'Lambda', 'KMS', 'ECR'][(n * 3) % 7]}.${1 + (n % 30)}`;
    findings.push({
      SchemaVersion: '2018-10-08',
      Id: `arn:aws:securityhub:${region}:${account}:subscription/finding/${k.toString(16).padStart(12, '0')}`,
      ProductArn: `arn:aws:securityhub:${region}::product/aws/securityhub`,
      ProductName: 'Security Hub',
      GeneratorId: threat ? `arn:aws:guardduty:${region}:${account}:detector/d${n % 40}` : cis ? `cis-aws-foundations-benchmark/v/1.4.0/${control}` : `aws-foundational-security-best-practices/v/1.0.0/${control}`,
      AwsAccountId: account,
      Region: region,
      Types: threat ? ['TTPs/Initial Access/UnauthorizedAccess:EC2-SSHBruteForce'] : ['Software and Configuration Checks/Industry and Regulatory Standards/AWS-Foundational-Security-Best-Practices'],
      CreatedAt: '2026-10-01T00:00:00.000Z',
      UpdatedAt: '2026-11-20T00:00:00.000Z',
      Severity: { Label: LABELS[(n * 7 + accountIndex) % LABELS.length] },
      Title: threat ? `SSH brute force against instance ${k % 500}` : `${control} resources should be configured securely (${type} ${n % 300})`,
      Description: `Control ${control} failed for a ${type}.`,
      Remediation: { Recommendation: { Text: 'For information on how to correct this issue, consult the documentation.', Url: `https://docs.aws.amazon.com/console/securityhub/${control}/remediation` } },
      ProductFields: { ControlId: control, 'aws/securityhub/ProductName': 'Security Hub' },
      Resources: [{ Type: type, Id: arn(account, k, region), Partition: 'aws', Region: region }],
      Compliance: { Status: 'FAILED', SecurityControlId: control },
      Workflow: { Status: n % 60 === 11 ? 'SUPPRESSED' : 'NEW' },
      RecordState: 'ACTIVE',
    });
  }
  return Buffer.from(JSON.stringify({ Findings: findings }));
}

// ---------------------------------------------------------------------------------------------

async function start() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-findings-list-'));
  const schema = await freshSchema(SERVER_URL);
  const clock = manualClock(new Date('2026-11-27T06:00:00Z'));
  const config = { port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl: schema.databaseUrl, serveStatic: false, staticDir: dir, logLevel: 'silent' as const, readCacheMs: READ_CACHE_MS_USED };
  const app = likeTheApiClient(await buildApp({ config, now: clock.now }));
  const cleanup = async () => {
    await app.close();
    if (KEEP && schema.schema) console.log(`  kept the schema ${schema.schema} (BENCH_KEEP=1): drop it when done`);
    else await schema.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await createOrganizationCommand(app.database, ['--name', 'Bench']);
    await createTestUser(app, 'bench_admin', clock.now, '--org', 'Bench', '--role', 'ORG_ADMIN');
    const cookie = await authenticate(app, 'bench_admin', clock.now);
    const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };
    const created = await app.inject({ method: 'POST', url: '/api/projects', headers, payload: { code_name: 'bench', name: 'Bench', type: 'REQUIREMENTS', dashboard_type: 'LIVE' } });
    if (created.statusCode >= 300) throw new Error(`POST /api/projects: ${created.statusCode} ${created.body}`);
    const [process] = await app.database.query<{ id: string; organization_id: string }>(`SELECT id, organization_id FROM processes WHERE code_name = 'bench'`);
    const [me] = await app.database.query<{ id: string }>(`SELECT id FROM users WHERE login_id = 'bench_admin'`);

    // Imports over the last two months; the re-imports a week ago.
    const began = performance.now();
    const target = (scope: string, daysAgo: number, minutes: number) => ({
      organizationId: process.organization_id,
      processId: process.id,
      scope,
      userId: me.id,
      now: new Date(clock.now().getTime() - daysAgo * 86_400_000 - minutes * 60_000),
    });
    for (let r = 0; r < REPOSITORIES; r += 1) await importFindingsFile(app.database, target(`app:repository-${r}`, 60 - r, r), repositorySarif(r), 'sarif');
    for (let a = 0; a < ACCOUNTS; a += 1) await importFindingsFile(app.database, target(`aws:${100_000_000_000 + a * 7_919_113}`, 50 - a, a), accountAsff(a), 'asff');
    const fixedFrom = PER_SCOPE - PER_SCOPE / 5;
    for (let i = 0; i < RE_IMPORTED; i += 1) {
      if (i % 2 === 0) await importFindingsFile(app.database, target(`app:repository-${i}`, 7, i), repositorySarif(i, fixedFrom), 'sarif');
      else await importFindingsFile(app.database, target(`aws:${100_000_000_000 + i * 7_919_113}`, 7, i), accountAsff(i, fixedFrom), 'asff');
    }
    const imported = performance.now() - began;
    // People's decisions on some of the open ones (the rows picked by their ids' hash: spread over every scope).
    const pick = (from: number, to: number) =>
      app.database.query<{ id: string }>(`SELECT id FROM security_findings WHERE process_id = $1 AND state = 'open' AND abs(hashtext(id::text)) % 100 BETWEEN $2 AND $3`, [process.id, from, to]);
    const decisions = [
      { rows: await pick(0, 4), state: 'confirmed' as const, reason: null, expiresAt: null },
      { rows: await pick(5, 6), state: 'false_positive' as const, reason: 'Test code only', expiresAt: null },
      { rows: await pick(7, 8), state: 'risk_accepted' as const, reason: 'Compensating control in place', expiresAt: '2027-06-30' },
    ];
    for (const decision of decisions) {
      await app.database.transaction((tx) =>
        triageFindings(tx, { organizationId: process.organization_id, processId: process.id, ids: decision.rows.map((row) => row.id), state: decision.state, reason: decision.reason, expiresAt: decision.expiresAt, userId: me.id, now: clock.now() }),
      );
    }
    // Steady state: statistics and the visibility map as autovacuum keeps them.
    await app.database.exec('VACUUM ANALYZE security_findings');
    await app.database.exec('VACUUM ANALYZE security_finding_rules');
    const mix = await app.database.query<{ category: string; state: string; n: number }>(
      'SELECT category, state, count(*)::int AS n FROM security_findings WHERE process_id = $1 GROUP BY 1, 2 ORDER BY 1, 2',
      [process.id],
    );
    const total = mix.reduce((sum, row) => sum + row.n, 0);
    if (total !== FINDINGS) throw new Error(`${total} findings stored, not ${FINDINGS}`);
    const by = (key: 'category' | 'state') => Object.entries(mix.reduce<Record<string, number>>((acc, row) => ({ ...acc, [row[key]]: (acc[row[key]] ?? 0) + row.n }), {})).map(([name, n]) => `${name} ${n}`).join(', ');
    console.log(`  stored in ${(imported / 1000).toFixed(1)} s (${REPOSITORIES + ACCOUNTS + RE_IMPORTED} imports); by category: ${by('category')}; by state: ${by('state')}`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, headers, address, cleanup, schemaName: schema.schema };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

const LIST = '/api/security/findings?graph=bench';
/** A page as the screens ask it: the counts are their own request (GET security/findings/counts). */
const PAGE = `${LIST}&counts=false`;
const COUNTS = '/api/security/findings/counts?graph=bench';
const GROUPS = '/api/security/findings/groups?graph=bench';
/** What the search cases look for: many matches, a few thousand, a rare one. */
const SEARCHES = ['injection', 'bucket-1', 'CKV_AWS_1', 'brute force', 'file-42'];

async function main(): Promise<void> {
  console.log(
    `Findings list: ${FINDINGS.toLocaleString('en')} findings in one process on ${SERVER_URL ? 'the Postgres server of DATABASE_URL' : 'the embedded database (PGlite)'}, uncached; ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION_S} s per case (goal p99 ≤ ${GOAL_P99_MS} ms); the guard's cache of callers ${READ_CACHE_MS_USED > 0 ? `${READ_CACHE_MS_USED} ms` : 'off'}`,
  );
  const { app, headers, address, cleanup, schemaName } = await start();
  try {
    const first = await app.inject({ method: 'GET', url: LIST, headers });
    if (first.statusCode !== 200) throw new Error(`${LIST}: ${first.statusCode} ${first.body}`);
    const { next_cursor: cursor, total } = first.json() as { next_cursor: string | null; total: number };
    if (total !== FINDINGS || !cursor) throw new Error(`the first page counts ${total} findings (cursor ${cursor})`);
    // Several paths are taken in turn (each request another query).
    const cases: Array<[string, string[]]> = [
      ['first page, default sort (severity), as the screens ask it (counts=false)', [PAGE]],
      ['the next page (its cursor)', [`${LIST}&cursor=${encodeURIComponent(cursor)}`]],
      ['state=open', [`${PAGE}&state=open`]],
      ['category (the six in turn)', ['sast', 'secret', 'iac', 'container', 'cloud-posture', 'cloud-threat'].map((category) => `${PAGE}&category=${category}`)],
      ['q=<text> (five in turn)', SEARCHES.map((q) => `${PAGE}&q=${encodeURIComponent(q)}`)],
      ['sort=last_seen&order=desc', [`${PAGE}&sort=last_seen&order=desc`]],
      ['counts: GET findings/counts of the whole process', [COUNTS]],
      ['counts: state=open', [`${COUNTS}&state=open`]],
      ['counts: provider=aws (the AWS screen)', [`${COUNTS}&provider=aws`]],
      ['counts: q=<text> (five in turn)', SEARCHES.map((q) => `${COUNTS}&q=${encodeURIComponent(q)}`)],
      ['first page with its counts in one request (counts=true, the default)', [LIST]],
      ['groups by=rule', [`${GROUPS}&by=rule`]],
      ['groups by=account&provider=aws', [`${GROUPS}&by=account&provider=aws`]],
      ['baseline: GET /api/projects (the guard only)', ['/api/projects']],
    ];
    const chosen = process.env.BENCH_CASE?.split('|');
    for (const [name, paths] of cases.filter(([name]) => !chosen || chosen.some((start) => name.startsWith(start)))) {
      const shown: string[] = [];
      for (const url of paths) {
        const check = await app.inject({ method: 'GET', url, headers });
        if (check.statusCode !== 200) throw new Error(`${url}: ${check.statusCode} ${check.body}`);
        const answer = check.json() as { items?: unknown[]; groups?: unknown[]; total?: number } | unknown[];
        const of = !Array.isArray(answer) && answer.total !== undefined ? `/${answer.total}` : '';
        const rows = Array.isArray(answer) ? answer : (answer.items ?? answer.groups);
        // GET findings/counts answers a count, no rows.
        shown.push(rows ? `${rows.length}${of} (${(check.rawPayload.length / 1024).toFixed(1)} KB)` : `a count of ${(answer as { total: number }).total}`);
      }
      const alone: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const begin = performance.now();
        await app.inject({ method: 'GET', url: paths[i % paths.length], headers });
        alone.push(performance.now() - begin);
      }
      alone.sort((a, b) => a - b);
      const cpuBefore = { api: process.cpuUsage(), db: schemaName ? await serverCpu(SERVER_URL!, schemaName) : undefined };
      const result = await load(address, paths, { connections: CONNECTIONS, durationS: DURATION_S, headers });
      const apiCpu = process.cpuUsage(cpuBefore.api);
      const dbCpu = cpuBetween(cpuBefore.db, schemaName ? await serverCpu(SERVER_URL!, schemaName) : undefined);
      // CPU per request (µs): what the machine's load does not change much, unlike the latencies.
      const perRequest = (micros: number) => (result.requests ? Math.round(micros / result.requests) : NaN);
      const cpu = `; CPU per request: API ${perRequest(apiCpu.user + apiCpu.system)} µs${dbCpu === undefined ? '' : `, Postgres ${perRequest(dbCpu)} µs`}`;
      const failures = result.non2xx + result.errors + result.timeouts;
      if (result.requests === 0) {
        console.log(`  ${name}: ${shown.join(', ')} shown | alone p50 ${alone[10].toFixed(1)} ms | under load no answer within ${DURATION_S} s (OVER the goal)`);
        continue;
      }
      const verdict = result.latency.p99 <= GOAL_P99_MS ? 'within the goal' : 'OVER the goal';
      console.log(
        `  ${name}: ${shown.join(', ')} shown | alone p50 ${alone[10].toFixed(1)} ms | under load p50 ${result.latency.p50} ms, p95 ${result.latency.p95} ms, ` +
          `p99 ${result.latency.p99} ms (${verdict}), ${result.perSecond.toFixed(0)} req/s${failures ? `, ${failures} FAILED` : ''}${cpu}`,
      );
    }
  } finally {
    await cleanup();
  }
}

// Exits when done: the slow cases' requests still queued when the load stops leave sockets open
// behind them for minutes after the figures are printed.
main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
