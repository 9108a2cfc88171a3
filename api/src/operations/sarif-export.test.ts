// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
// The SARIF export of a selection (issue 24 item 5): the selected findings as one SARIF 2.1.0 log
// that our own importer (which validates against the SARIF schema first) and GitHub code scanning
// read — a run per tool, rules once, levels and security-severity from the normalized severity,
// the fingerprint as a partial fingerprint, a triage decision as a suppression. A finding that is
// not the process's, or an id that is no finding, exports nothing (404); a hostile body is a 400.
import { importFindings } from './importers';
import { readOps } from './importers/ops-data';
import { FINGERPRINT_KEY } from './sarif-export';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
interface Finding {
  id: string;
  fingerprint: string;
  severity: string;
  state: string;
  rule: { id: string };
  location: { kind: string; file?: string } | null;
}
let findings: Finding[];

beforeAll(async () => {
  world = await taskWorld();
  await world.ok('andy', 'POST', `/api/security/findings?${G}&repository=web`, readOps('eslint.sarif'));
  findings = (await world.ok<{ items: Finding[] }>('andy', 'GET', `/api/security/findings?${G}&scope=repo:web&sort=rule_id`)).items;
}, 120_000);
afterAll(async () => world?.close());

interface SarifResult {
  ruleId: string;
  level: string;
  message: { text: string };
  locations: Array<{ physicalLocation?: { artifactLocation: { uri: string }; region?: { startLine: number } } }>;
  partialFingerprints: Record<string, string>;
  suppressions?: Array<{ kind: string; status: string; justification: string }>;
  properties: Record<string, unknown>;
}
interface SarifLog {
  version: string;
  runs: Array<{ tool: { driver: { name: string; version?: string; rules: Array<{ id: string; properties: { tags: string[]; 'security-severity': string } }> } }; results: SarifResult[] }>;
}

const exportSarif = (ids: unknown, who: 'andy' | 'reed' | 'ursula' = 'andy', graph = G) => world.call(who, 'POST', `/api/security/findings/export.sarif?${graph}`, { ids });

it('exports the selection as a SARIF 2.1.0 log our importer reads back: one run, rules once, levels, fingerprints, the false positive suppressed', async () => {
  expect(findings.length).toBe(10);
  const open = findings.filter((finding) => finding.state === 'open');
  const [dismissed, ...rest] = open;
  await world.ok('andy', 'PUT', `/api/security/findings/${dismissed.id}/state?${G}`, { state: 'false_positive', reason: 'Test fixture, never shipped.' });
  const selection = [dismissed, ...rest.slice(0, 2)];

  const response = await exportSarif(selection.map((finding) => finding.id));
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/sarif\+json/);
  expect(response.headers['content-disposition']).toBe('attachment; filename="findings-alpha.sarif"');
  const log = response.json<SarifLog>();
  expect(log.version).toBe('2.1.0');
  expect(log.runs).toHaveLength(1);
  const [run] = log.runs;
  expect(run.tool.driver).toMatchObject({ name: 'ESLint', version: '8.25.0' });
  expect(run.results).toHaveLength(3);
  expect(new Set(run.tool.driver.rules.map((rule) => rule.id)).size).toBe(run.tool.driver.rules.length);
  for (const finding of selection) {
    const result = run.results.find((candidate) => candidate.partialFingerprints[FINGERPRINT_KEY] === finding.fingerprint)!;
    expect(result).toBeDefined();
    expect(result.ruleId).toBe(finding.rule.id);
    expect(result.level).toBe('warning');
    expect(result.locations[0].physicalLocation?.artifactLocation.uri).toBe(finding.location?.file);
    expect(result.locations[0].physicalLocation?.region?.startLine).toBeGreaterThan(0);
  }
  const suppressed = run.results.find((result) => result.partialFingerprints[FINGERPRINT_KEY] === dismissed.fingerprint)!;
  expect(suppressed.suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: 'False positive: Test fixture, never shipped.' }]);

  // Read back: valid SARIF (the importer checks the schema first), the same rules and severities,
  // the false positive as the tool's own suppression, and the same identities every time.
  const bytes = Buffer.from(response.body);
  const again = importFindings(bytes);
  expect(again.format).toBe('sarif');
  expect(again.findings.map((finding) => finding.rule.id).sort()).toEqual(selection.map((finding) => finding.rule.id).sort());
  expect(again.findings.map((finding) => finding.severity)).toEqual(['medium', 'medium', 'medium']);
  expect(again.findings.filter((finding) => finding.state === 'suppressed')).toHaveLength(1);
  expect(importFindings(Buffer.from(response.body)).findings.map((finding) => finding.fingerprint)).toEqual(again.findings.map((finding) => finding.fingerprint));
});

it('lets whoever lists the findings export them (a READER too), from their own process only', async () => {
  expect((await exportSarif([findings[0].id], 'reed')).statusCode).toBe(200);
  expectProblem(await exportSarif([findings[0].id], 'ursula', 'graph=omega'), 404, 'Some of these findings are not in this process: nothing was exported.');
});

it('exports nothing when one id is no finding of the process, and refuses a hostile body with 400', async () => {
  expectProblem(await exportSarif([findings[0].id, '00000000-0000-4000-8000-000000000000']), 404, 'Some of these findings are not in this process: nothing was exported.');
  for (const ids of [[], ['not-an-id'], 'x', null, Array.from({ length: 5001 }, () => findings[0].id), [{ $ne: null }]]) {
    expectProblem(await exportSarif(ids), 400, "'ids' must be a list of 1 to 5000 finding ids.");
  }
  expectProblem(await world.call('andy', 'POST', `/api/security/findings/export.sarif?${G}`, { ids: [findings[0].id], state: 'open' }), 400, "'state' is not a field of an export: send ids only.");
  expectProblem(await world.call('andy', 'POST', `/api/security/findings/export.sarif?${G}`, [findings[0].id]), 400, 'Send the selection as a JSON object: { ids: [...] }.');
});
