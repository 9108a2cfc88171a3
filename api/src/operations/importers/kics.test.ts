// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// KICS JSON from testdata/ops with its README's facts.
import { importFindings, parseKics } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const FILE = 'kics_many_findings.json';

it('reads every KICS file of the data set', () => {
  expect(opsFilesOf('kics')).toEqual([FILE]);
});

it('has the README’s facts: 18 findings from 15 queries, HIGH 5 / LOW 8 / MEDIUM 5, platforms Common 1 / Kubernetes 11 / Terraform 6', () => {
  const { runs, findings } = importFindings(readOps(FILE));
  expect(runs).toHaveLength(1);
  expect(runs[0]).toMatchObject({ tool: { name: 'KICS', version: null }, category: 'iac', results: 18, findings: 18, passed: 0, suppressed: 0 });
  expect(runs[0].ruleIds).toHaveLength(15);
  expect(countBy(findings, (finding) => finding.toolSeverity)).toEqual({ HIGH: 5, LOW: 8, MEDIUM: 5 });
  expect(countBy(findings, (finding) => finding.severity)).toEqual({ high: 5, low: 8, medium: 5 });
  expect(countBy(findings, (finding) => finding.rule.tags[0])).toEqual({ Common: 1, Kubernetes: 11, Terraform: 6 });
});

it('identifies a result by KICS’s similarity_id: the four identical RBAC wildcard results are one finding', () => {
  const { findings } = importFindings(readOps(FILE));
  expect(new Set(findings.map((finding) => finding.fingerprint)).size).toBe(15);
  const rbac = findings.filter((finding) => finding.rule.name === 'RBAC Wildcard In Rule');
  expect(rbac).toHaveLength(4);
  expect(new Set(rbac.map((finding) => finding.fingerprint)).size).toBe(1);
  expect(fingerprintsAreStable(FILE)).toBe(true);
});

it('keeps the file, line and the expected and actual values', () => {
  const secret = importFindings(readOps(FILE)).findings.find((finding) => finding.rule.id === 'f996f3cb-00fc-480c-8973-8ab04d44a8cc')!;
  expect(secret).toMatchObject({
    title: 'Passwords And Secrets In Infrastructure Code: module.aws_reverse_proxy.basic_auth_password',
    message: 'Expected: Hardcoded secret key should not appear in source',
    location: { kind: 'code', file: 'test/charts/example/terraform/main.tf', region: { startLine: 25 } },
  });
});

it('names the path that fails', () => {
  expect(() => parseKics({ queries: [{ query_id: 'q', files: [{ file_name: 'a.tf', line: '3' }] }] })).toThrow('KICS JSON expected: queries[0].files[0].line is not an integer (a string)');
  expect(() => parseKics({ queries: {} })).toThrow('KICS JSON expected: queries is not an array (an object)');
});
