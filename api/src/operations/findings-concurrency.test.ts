// Two imports into one scope at once (two CI uploads of a repository, an upload during a cloud
// sync): both land, one after the other, as if made in turn. An import adds the findings it does
// not find in its scope with a plain INSERT (repository.ts upsertBatch), so it holds the scope's
// lock: without it the second failed on the scope's unique fingerprint. Runs on the embedded
// database, and on Postgres (where the two transactions really overlap) when DATABASE_URL is set.
// A process deleted during an import waits for it and takes its findings (migration 049).
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

it("deletes a process's findings with it, waiting for an import under way: no finding is left without its process", async () => {
  const other = await organizationWithProcess(database, 'Globex');
  const doomed = await organizationWithProcess(database, 'Initech');
  const result = importFindings(readOps('kics_many_findings.json'));
  const into = (owner: { organizationId: string; processId: string }) => ({ ...owner, scope: 'repo:iac', userId: null, now: new Date(Date.UTC(2026, 10, 28, 9)) });
  await database.transaction((tx) => recordImport(tx, into(other), result));
  // The import has written its findings, not yet committed, when the process is deleted.
  let recorded!: () => void;
  let release!: () => void;
  const written = new Promise<void>((resolve) => (recorded = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const importing = database.transaction(async (tx) => {
    await recordImport(tx, into(doomed), result);
    recorded();
    await gate;
  });
  await written;
  const deleting = database.query('DELETE FROM processes WHERE id = $1', [doomed.processId]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await Promise.all([importing, deleting]);
  const left = await database.query<{ process_id: string; count: number }>(
    'SELECT process_id, count(*)::int AS count FROM security_findings WHERE process_id = ANY($1::uuid[]) GROUP BY process_id',
    [[doomed.processId, other.processId]],
  );
  expect(left).toEqual([{ process_id: other.processId, count: (await findingsOfScope(database, other.organizationId, other.processId, 'repo:iac')).length }]);
  expect(left[0].count).toBeGreaterThan(0);
  // An organization's deletion cascades to its processes, and so to their findings.
  await database.query('DELETE FROM organizations WHERE id = $1', [other.organizationId]);
  expect(await database.query('SELECT 1 FROM security_findings WHERE process_id = $1', [other.processId])).toEqual([]);
  await expect(database.transaction((tx) => recordImport(tx, into(other), result))).rejects.toThrow(`process ${other.processId} of organization ${other.organizationId} does not exist`);
});
