// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// Trivy JSON from testdata/ops with its README's facts.
import { importFindings, parseTrivy } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const FILE = 'trivy_misconfigurations_and_secrets.json';

it('reads every Trivy file of the data set', () => {
  expect(opsFilesOf('trivy')).toEqual([FILE]);
});

it('has the README’s facts: 2 vulnerabilities (HIGH 1 / MEDIUM 1), 1 misconfiguration (HIGH), 2 secrets (CRITICAL)', () => {
  const { runs, findings } = importFindings(readOps(FILE));
  expect(runs.map((run) => ({ category: run.category, results: run.results, findings: run.findings, passed: run.passed, ruleIds: run.ruleIds }))).toEqual([
    { category: 'container', results: 2, findings: 2, passed: 0, ruleIds: ['CVE-2021-28363', 'CVE-2021-33503'] },
    { category: 'iac', results: 23, findings: 1, passed: 22, ruleIds: ['DS002'] },
    { category: 'secret', results: 2, findings: 2, passed: 0, ruleIds: ['github-pat'] },
  ]);
  expect(countBy(findings, (finding) => `${finding.category} ${finding.toolSeverity}`)).toEqual({ 'container HIGH': 1, 'container MEDIUM': 1, 'iac HIGH': 1, 'secret CRITICAL': 2 });
  expect(findings.length).toBe(5);
});

it('keeps the advisory, the package and the target; the secret as Trivy redacted it', () => {
  const { findings } = importFindings(readOps(FILE));
  expect(findings[0]).toMatchObject({ title: 'CVE-2021-33503 in urllib3 1.26.3', vulnerabilityIds: ['CVE-2021-33503'], rule: { cwe: ['CWE-400'] }, location: { file: 'requirements.txt' } });
  const secret = findings.find((finding) => finding.category === 'secret')!;
  expect(secret).toMatchObject({ title: 'GitHub Personal Access Token', location: { file: 'Dockerfile', region: { startLine: 24 }, snippet: 'ENV GITHUB_PAT=*****' } });
});

it('gives five distinct fingerprints, the same on a second parse', () => {
  expect(new Set(importFindings(readOps(FILE)).findings.map((finding) => finding.fingerprint)).size).toBe(5);
  expect(fingerprintsAreStable(FILE)).toBe(true);
});

it('refuses another schema version and names the path that fails', () => {
  expect(() => parseTrivy({ SchemaVersion: 1, Results: [] })).toThrow('Trivy JSON expected: SchemaVersion is 1, not 2');
  expect(() => parseTrivy({ SchemaVersion: 2, Results: [{ Target: 'a', Secrets: [{ RuleID: 'x', StartLine: 'one' }] }] })).toThrow(
    'Trivy JSON expected: Results[0].Secrets[0].StartLine is not an integer (a string)',
  );
});
