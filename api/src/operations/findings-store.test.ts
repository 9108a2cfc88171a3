// @backend-agnostic: the repository's SQL, which PGlite runs as the same Postgres engine (same types, same
// errors).
// Storing imported findings (migration 030, repository.ts): identity in a scope, first/last seen,
// re-import marking what disappeared as fixed and reopening what returns, triage surviving
// re-imports, nothing stored for a refused file, other organizations untouched.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FindingImport, ImportedFinding } from '@portal/shared/server';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { organizationWithProcess } from '../testing/operations';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { importFindings } from './importers';
import { readOps } from './importers/ops-data';
import { findingsOfScope, historyOf, recordImport } from './repository';
import { FindingImportError, importFindingsFile, triage } from './service';

let environment: TestEnvironment;
let database: Database;
let org: string;
let otherOrg: string;
let process: string;
let otherProcess: string;
let user: string;

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 8, minute));

beforeAll(async () => {
  environment = await createTestEnvironment();
  database = await openDatabase(environment.config);
  // The embedded copy starts migrated; a fresh Postgres schema does not.
  await migrate(database);
  ({ organizationId: org, processId: process } = await organizationWithProcess(database, 'Acme'));
  ({ organizationId: otherOrg, processId: otherProcess } = await organizationWithProcess(database, 'Globex'));
  [{ id: user }] = await database.query<{ id: string }>(
    "INSERT INTO users (organization_id, login_id, name, email, password_hash) VALUES ($1, 'rita', 'Rita', 'rita@acme.test', 'x') RETURNING id",
    [org],
  );
});

afterAll(async () => {
  await database.close();
  await environment.cleanup();
});

const target = (scope: string, minute: number, organizationId = org, processId = process) => ({ organizationId, processId, scope, userId: null, now: at(minute) });

it('stores a file once per fingerprint and, imported again, sees the same findings (last seen moves, first seen stays)', async () => {
  const first = await importFindingsFile(database, target('app:dojo', 0), readOps('kics_many_findings.json'));
  // 18 results, four of them one result reported four times.
  expect(first).toMatchObject({ format: 'kics', findings: 15, new: 15, seen: 0, fixed: 0, reopened: 0 });
  const again = await importFindingsFile(database, target('app:dojo', 5), readOps('kics_many_findings.json'));
  expect(again).toMatchObject({ findings: 15, new: 0, seen: 15, fixed: 0, reopened: 0 });
  const stored = await findingsOfScope(database, org, process, 'app:dojo');
  expect(stored).toHaveLength(15);
  expect(stored.every((row) => row.state === 'open' && row.first_seen.getTime() === at(0).getTime() && row.last_seen.getTime() === at(5).getTime())).toBe(true);
});

it('keeps scopes apart: the same file in another scope is other findings', async () => {
  const other = await importFindingsFile(database, target('app:other', 0), readOps('kics_many_findings.json'));
  expect(other).toMatchObject({ new: 15, seen: 0 });
});

/** The SARIF of ESLint with `keep` results of its ten, for re-imports. */
function eslintWith(keep: (finding: ImportedFinding, index: number) => boolean, change?: (finding: ImportedFinding) => ImportedFinding): FindingImport {
  const parsed = importFindingsOf('eslint.sarif');
  return { ...parsed, findings: parsed.findings.filter(keep).map(change ?? ((finding) => finding)) };
}
function importFindingsOf(file: string): FindingImport {
  return importFindings(readOps(file));
}

it('re-import: a removed finding turns fixed, a triaged one stays triaged, a fixed one that returns is reopened (a regression)', async () => {
  const scope = 'app:secobserve';
  const record = (result: FindingImport, minute: number) => database.transaction((tx) => recordImport(tx, target(scope, minute), result));
  expect(await record(eslintWith(() => true), 10)).toMatchObject({ new: 10, fixed: 0 });
  let rows = await findingsOfScope(database, org, process, scope);
  expect(rows.filter((row) => row.state === 'suppressed')).toHaveLength(5);

  const parsed = importFindingsOf('eslint.sarif');
  const [falsePositive, accepted, removed] = parsed.findings.filter((finding) => finding.state === 'open').map((finding) => rows.find((row) => row.fingerprint === finding.fingerprint)!);
  expect(await triage(database, { organizationId: org, processId: process, ids: [falsePositive.id], state: 'false_positive', reason: 'test code', userId: user, now: at(11) })).toEqual([falsePositive.id]);
  await triage(database, { organizationId: org, processId: process, ids: [accepted.id], state: 'risk_accepted', reason: 'legacy screen', expiresAt: '2027-06-30', userId: user, now: at(11) });

  // The next scan no longer reports `removed` nor the false positive.
  const without = eslintWith((finding) => finding.fingerprint !== removed.fingerprint && finding.fingerprint !== falsePositive.fingerprint);
  expect(await record(without, 20)).toMatchObject({ findings: 8, new: 0, seen: 8, fixed: 1, reopened: 0 });
  rows = await findingsOfScope(database, org, process, scope);
  const state = (id: string) => rows.find((row) => row.id === id)!.state;
  expect([state(removed.id), state(falsePositive.id), state(accepted.id)]).toEqual(['fixed', 'false_positive', 'risk_accepted']);

  // It comes back.
  expect(await record(eslintWith(() => true), 30)).toMatchObject({ new: 0, seen: 10, fixed: 0, reopened: 1 });
  rows = await findingsOfScope(database, org, process, scope);
  expect(rows.find((row) => row.id === removed.id)).toMatchObject({ state: 'open', fixed_at: null, reopened_at: at(30) });
  expect(state(falsePositive.id)).toBe('false_positive');
  expect((await historyOf(database, org, removed.id)).map((event) => [event.kind, event.from_state, event.to_state])).toEqual([
    ['fixed', 'open', 'fixed'],
    ['reopened', 'fixed', 'open'],
  ]);
  expect((await historyOf(database, org, accepted.id)).map((event) => [event.kind, event.to_state, event.reason, event.user_id])).toEqual([['triaged', 'risk_accepted', 'legacy screen', user]]);
});

it('follows the tool’s own suppression while nobody decided', async () => {
  const scope = 'app:suppressions';
  const record = (result: FindingImport, minute: number) => database.transaction((tx) => recordImport(tx, target(scope, minute), result));
  await record(eslintWith(() => true), 0);
  const unsuppressed = eslintWith(() => true, (finding) => ({ ...finding, state: 'open', suppression: null }));
  await record(unsuppressed, 1);
  expect((await findingsOfScope(database, org, process, scope)).every((row) => row.state === 'open')).toBe(true);
});

it('marks fixed only findings of the tools the file ran: a Trivy import leaves the scope’s SARIF findings alone', async () => {
  const scope = 'app:mixed';
  await importFindingsFile(database, target(scope, 0), readOps('eslint.sarif'));
  const trivy = await importFindingsFile(database, target(scope, 1), readOps('trivy_misconfigurations_and_secrets.json'));
  expect(trivy).toMatchObject({ new: 5, fixed: 0 });
  expect((await findingsOfScope(database, org, process, scope)).filter((row) => row.state === 'fixed')).toEqual([]);
});

it('stores nothing for a refused file', async () => {
  const scope = 'app:refused';
  await expect(importFindingsFile(database, target(scope, 0), Buffer.from('{"version":"2.1.0","runs":[{"tool":{}}]}'))).rejects.toBeInstanceOf(FindingImportError);
  expect(await findingsOfScope(database, org, process, scope)).toEqual([]);
  const [{ count }] = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM security_finding_imports WHERE scope = $1', [scope]);
  expect(count).toBe(0);
});

it('triage touches no other organization’s or process’s finding', async () => {
  await importFindingsFile(database, target('aws:123456789012', 0, otherOrg, otherProcess), readOps('prowler_aws_v3plus_many_vuln.ocsf.json'));
  const theirs = await findingsOfScope(database, otherOrg, otherProcess, 'aws:123456789012');
  expect(theirs).toHaveLength(3);
  expect(await triage(database, { organizationId: org, processId: process, ids: [theirs[0].id, randomUUID()], state: 'confirmed', userId: user, now: at(1) })).toEqual([]);
  expect((await findingsOfScope(database, otherOrg, otherProcess, 'aws:123456789012'))[0].state).not.toBe('confirmed');
});

it('stores what any importable file gives: NUL characters, empty tool names and rule ids, huge texts', async () => {
  const nul = '\u0000';
  const sarif = {
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: '', rules: [{ id: '', name: `a${nul}b`, help: { text: 'x'.repeat(100_000) } }] } },
        results: [
          { ruleId: '', message: { text: `m${nul}` }, locations: [{ physicalLocation: { artifactLocation: { uri: 'a.js' }, region: { startLine: 1, snippet: { text: nul } } } }] },
          { ruleId: 'r', message: { text: 'y'.repeat(200_000) }, partialFingerprints: { hash: nul } },
        ],
      },
    ],
  };
  const summary = await importFindingsFile(database, target('app:hostile', 0), Buffer.from(JSON.stringify(sarif)));
  expect(summary).toMatchObject({ new: 2 });
  const rows = await findingsOfScope(database, org, process, 'app:hostile');
  expect(rows.map((row) => [row.tool_name, row.rule_id]).sort()).toEqual([
    ['(unnamed tool)', '(no rule id)'],
    ['(unnamed tool)', 'r'],
  ]);
});

it('stores text the database could not take as it came: a lone surrogate becomes U+FFFD, no error', async () => {
  // JSON.parse makes a lone surrogate of a `\ud800` escape; Postgres's json refuses its escape.
  const bytes = Buffer.from(
    '{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"T\\udc00","rules":[{"id":"r1"}]}},"results":[{"ruleId":"r1","message":{"text":"bad \\ud800 value"},' +
      '"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a.js"},"region":{"startLine":1,"snippet":{"text":"x = \\ud800;"}}}}]}]}]}',
  );
  expect(await importFindingsFile(database, target('app:surrogates', 0), bytes)).toMatchObject({ new: 1 });
  const [row] = await database.query<{ tool_name: string; title: string; snippet: string }>(
    "SELECT tool_name, title, location ->> 'snippet' AS snippet FROM security_findings WHERE organization_id = $1 AND scope = 'app:surrogates'",
    [org],
  );
  expect(row).toEqual({ tool_name: 'T\ufffd', title: 'bad \ufffd value', snippet: 'x = \ufffd;' });
});

it('updates a finding seen again on its own page (HOT), with no new index entries, for most of a re-import', async () => {
  const file = readOps('lgtm_DefectDojo_django-DefectDojo__2020-12-11_13_42_10__export.sarif');
  await importFindingsFile(database, target('app:hot', 0), file);
  // Migration 048 leaves room on each page for a second version of its rows; the counter is this
  // transaction's own.
  const { seen, hot } = await database.transaction(async (tx) => {
    const summary = await recordImport(tx, target('app:hot', 1), importFindings(file));
    const [{ count }] = await tx.query<{ count: string }>("SELECT pg_stat_get_xact_tuples_hot_updated('security_findings'::regclass) AS count");
    return { seen: summary.seen, hot: Number(count) };
  });
  expect(seen).toBeGreaterThan(100);
  expect(hot).toBeGreaterThan(seen / 2);
});

it('stores any mutation of a real file that the importer accepts (fast-check)', async () => {
  const document = JSON.parse(readOps('trivy_misconfigurations_and_secrets.json').toString('utf8'));
  const paths: Array<Array<string | number>> = [];
  const walk = (node: unknown, at: Array<string | number>) => {
    paths.push(at);
    if (Array.isArray(node)) node.forEach((child, index) => walk(child, [...at, index]));
    else if (node && typeof node === 'object') Object.keys(node).forEach((key) => walk((node as Record<string, unknown>)[key], [...at, key]));
  };
  walk(document, []);
  let stored = 0;
  await fc.assert(
    fc.asyncProperty(fc.nat({ max: paths.length - 1 }), fc.oneof(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 2 })), async (index, value) => {
      const copy = structuredClone(document);
      const at = paths[index];
      if (at.length === 0) return;
      let node = copy;
      at.slice(0, -1).forEach((key) => {
        node = node[key];
      });
      node[at[at.length - 1]] = value;
      let result: FindingImport;
      try {
        result = importFindings(Buffer.from(JSON.stringify(copy)), 'trivy');
      } catch (error) {
        expect(error).toBeInstanceOf(FindingImportError);
        return;
      }
      await database.transaction((tx) => recordImport(tx, target(`app:mutation-${stored++}`, 0), result));
    }),
    { numRuns: 60 },
  );
  expect(stored).toBeGreaterThan(0);
});
