// Two imports into one scope at once (two CI uploads of a repository, an upload during a cloud
// sync): both land, one after the other, as if made in turn. An import adds the findings it does
// not find in its scope with a plain INSERT (repository.ts upsertBatch), so it holds the scope's
// lock: without it the second failed on the scope's unique fingerprint. Runs on the embedded
// database, and on Postgres (where the two transactions really overlap) when DATABASE_URL is set.
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { organizationWithProcess } from '../testing/operations';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { readOps } from './importers/ops-data';
import { importFindings } from './importers';
import { findingsOfScope, recordImport } from './repository';

let environment: TestEnvironment;
let database: Database;
let org: string;
let process: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  database = await openDatabase(environment.config);
  await migrate(database);
  ({ organizationId: org, processId: process } = await organizationWithProcess(database, 'Acme'));
});

afterAll(async () => {
  await database.close();
  await environment.cleanup();
});

it('stores two imports of one scope made at once, the second seeing the first one\'s findings', async () => {
  const result = importFindings(readOps('lgtm_DefectDojo_django-DefectDojo__2020-12-11_13_42_10__export.sarif'));
  const target = (minute: number) => ({ organizationId: org, processId: process, scope: 'repo:dojo', userId: null, now: new Date(Date.UTC(2026, 10, 28, 8, minute)) });
  // The first import has written its findings and not yet committed when the second starts.
  let recorded!: () => void;
  let release!: () => void;
  const written = new Promise<void>((resolve) => (recorded = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const first = database.transaction(async (tx) => {
    const summary = await recordImport(tx, target(0), result);
    recorded();
    await gate;
    return summary;
  });
  await written;
  // The tool's next version renamed its rules: the second import shares no rule row with the first
  // (whose upsert would otherwise make it wait), only the findings' fingerprints.
  const renamed = { ...result, findings: result.findings.map((finding) => ({ ...finding, rule: { ...finding.rule, id: `v2/${finding.rule.id}` } })) };
  const second = database.transaction((tx) => recordImport(tx, target(1), renamed));
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  const summaries = await Promise.all([first, second]);
  const findings = summaries[0].findings;
  expect(findings).toBeGreaterThan(100);
  // The first found the scope empty; the second, made after it, found every finding there.
  expect(summaries.map((summary) => [summary.new, summary.seen])).toEqual([
    [findings, 0],
    [0, findings],
  ]);
  const stored = await findingsOfScope(database, org, process, 'repo:dojo');
  expect(stored).toHaveLength(findings);
  expect(stored.every((finding) => finding.state === 'open' || finding.state === 'suppressed')).toBe(true);
});
