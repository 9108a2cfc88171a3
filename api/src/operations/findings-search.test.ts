// The findings list's search (`q`, findings.repository.ts filterWhere; migration 043): a part of
// the rule id, the file or resource, or the title, in any case, `%` and `_` taken literally, never
// a text spanning two of them; the same answers as an ILIKE of each field, for any text (property);
// and the expression has statistics, on both engines, and no trigram index (migration 048: the index
// cost imports more than it saved searches). Runs on the embedded database, and on Postgres when
// DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CLOUD_PROVIDERS, FINDING_CATEGORIES } from '@portal/shared/server';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { organizationWithProcess } from '../testing/operations';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { filterWhere, findingPage, type FindingFilter } from './findings.repository';

let environment: TestEnvironment;
let database: Database;
let org: string;
let process: string;

const TEXTS: Array<[rule: string, resource: string | null, title: string]> = [
  ['js/sql-injection', 'src/db/Query.ts', 'Database query built from user-controlled sources'],
  ['CKV_AWS_18', 'infra/main.tf', 'Ensure the S3 bucket has access logging enabled'],
  ['CKV_AWS_1', 'infra/iam.tf', 'Ensure IAM policies that allow full administrative privileges are not created'],
  ['aws-access-token', 'config/env-42.yaml', 'Secret 4 (100%_sure)'],
  ['S3.8', 'arn:aws:s3:::Bucket-Logs', 'S3 general purpose buckets should block public access'],
  ['UnauthorizedAccess:EC2/SSHBruteForce', null, 'SSH brute force against instance 12'],
  ['CVE-2024-10007', 'Dockerfile', 'lib-1: vulnerability Ünïcode ÉCOLE'],
];

beforeAll(async () => {
  environment = await createTestEnvironment();
  database = await openDatabase(environment.config);
  // The embedded copy starts migrated; a fresh Postgres schema does not.
  await migrate(database);
  ({ organizationId: org, processId: process } = await organizationWithProcess(database, 'Acme'));
  for (const [index, [rule, resource, title]] of TEXTS.entries()) {
    await database.query(
      `INSERT INTO security_findings (organization_id, process_id, scope, fingerprint, tool_name, category, rule_id, severity, title, resource, state, first_seen, last_seen, last_import_id)
       VALUES ($1, $2, 'app:shop', $3, 'Tool', 'sast', $4, 'high', $5, $6, 'open', now(), now(), $7)`,
      [org, process, `f${index}`, rule, title, resource, randomUUID()],
    );
  }
});

afterAll(async () => {
  await database.close();
  await environment.cleanup();
});

const filter = (q: string): FindingFilter => ({
  organizationId: org,
  processId: process,
  visible: { categories: FINDING_CATEGORIES, cloudProviders: CLOUD_PROVIDERS },
  q,
});

/** The rule ids of the findings a search finds. */
async function found(q: string): Promise<string[]> {
  const page = await findingPage(database, filter(q), { sort: 'rule_id', order: 'asc', limit: 50 });
  return page.rows.map((row) => row.rule_id);
}

/** What an ILIKE of each field finds (the search before migration 043), as rule ids. */
async function eachField(q: string): Promise<string[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await database.query<{ rule_id: string }>(
    'SELECT rule_id FROM security_findings WHERE process_id = $1 AND (rule_id ILIKE $2 OR resource ILIKE $2 OR title ILIKE $2) ORDER BY rule_id, id',
    [process, pattern],
  );
  return rows.map((row) => row.rule_id);
}

it('finds a part of the rule id, the file or resource, or the title, in any case', async () => {
  expect(await found('SQL-INJ')).toEqual(['js/sql-injection']);
  expect(await found('query.TS')).toEqual(['js/sql-injection']);
  expect(await found('bucket-logs')).toEqual(['S3.8']);
  expect(await found('brute force')).toEqual(['UnauthorizedAccess:EC2/SSHBruteForce']);
  expect(await found('ckv_aws_1')).toEqual(['CKV_AWS_1', 'CKV_AWS_18']);
  expect(await found('école')).toEqual(['CVE-2024-10007']);
  expect(await found('nothing like this')).toEqual([]);
});

it('takes % and _ as themselves, not as wildcards', async () => {
  expect(await found('100%_sure')).toEqual(['aws-access-token']);
  expect(await found('%')).toEqual(['aws-access-token']);
  // '_' is no single character: CKV_AWS_1 and CKV_AWS_18 have it, 'env-42' (env_42) not.
  expect(await found('env_42')).toEqual([]);
  expect(await found('S3_8')).toEqual([]);
});

it('never finds a text spanning two fields (the end of the rule id and the start of the file)', async () => {
  expect(await found('injectionsrc')).toEqual([]);
  expect(await found('injection src')).toEqual([]);
  expect(await found('injection\u001fsrc')).toEqual([]);
  expect(await found('tf\u001fensure')).toEqual([]);
});

it('answers what an ILIKE of each field answers, for any text', async () => {
  const pieces = TEXTS.flatMap(([rule, resource, title]) => [rule, resource ?? '', title]).join('\u001f');
  const text = fc.oneof(
    // A part of the stored texts (most of them found), with its case changed; or any text.
    fc
      .tuple(fc.nat({ max: pieces.length - 1 }), fc.integer({ min: 1, max: 12 }), fc.boolean())
      .map(([start, length, upper]) => (upper ? pieces.slice(start, start + length).toUpperCase() : pieces.slice(start, start + length))),
    fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom('a', 'S', '3', '_', '%', '\\', '\u001f', '.', ' ', 'é') }),
  );
  await fc.assert(
    fc.asyncProperty(text, async (q) => {
      expect(await found(q)).toEqual(await eachField(q));
    }),
    { numRuns: 150 },
  );
});

it('has statistics of its expression, and no trigram index to pay for in every import', async () => {
  const [{ indexed }] = await database.query<{ indexed: boolean }>("SELECT to_regclass('security_findings_search_trgm') IS NOT NULL AS indexed");
  expect(indexed).toBe(false);
  // Statistics of the expression tell the planner how many a search matches: a page of a rare text
  // is then not read in severity order through the whole process.
  // (pg_statistic_ext is the database's: other suites' schemas have theirs.)
  expect(await database.query("SELECT 1 FROM pg_statistic_ext WHERE stxname = 'security_findings_search' AND stxnamespace = current_schema()::regnamespace")).toHaveLength(1);
  // The search's condition alone (the filter's last) is that expression.
  const { sql } = filterWhere(filter('bucket-logs'));
  expect(sql.split(' AND ').at(-1)).toMatch(/^lower\(s\.rule_id \|\| chr\(31\) \|\| coalesce\(s\.resource, ''\) \|\| chr\(31\) \|\| s\.title\) LIKE lower\(\$\d+\)$/);
});
