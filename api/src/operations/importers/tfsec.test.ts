// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// tfsec JSON from testdata/ops with its README's facts.
import { importFindings, parseTfsec } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const FILE = 'tfsec_many_findings_current.json';

it('reads every tfsec file of the data set', () => {
  expect(opsFilesOf('tfsec')).toEqual([FILE]);
});

it('has the README’s facts: 19 failed results, CRITICAL 14 / HIGH 3 / LOW 1 / MEDIUM 1, 10 rule ids', () => {
  const { runs, findings } = importFindings(readOps(FILE));
  expect(runs).toEqual([
    expect.objectContaining({ tool: { name: 'tfsec', version: null }, category: 'iac', results: 19, findings: 19, passed: 0, suppressed: 0 }),
  ]);
  expect(runs[0].ruleIds).toHaveLength(10);
  expect(countBy(findings, (finding) => finding.toolSeverity)).toEqual({ CRITICAL: 14, HIGH: 3, LOW: 1, MEDIUM: 1 });
  expect(countBy(findings, (finding) => finding.severity)).toEqual({ critical: 14, high: 3, low: 1, medium: 1 });
});

it('gives each result its own fingerprint (one rule failing on two lines of a resource is two), stable across parses', () => {
  const { findings } = importFindings(readOps(FILE));
  expect(new Set(findings.map((finding) => finding.fingerprint)).size).toBe(19);
  expect(fingerprintsAreStable(FILE)).toBe(true);
  expect(findings[0]).toMatchObject({
    rule: { id: 'aws-vpc-no-excessive-port-access', name: 'An ingress Network ACL rule allows ALL ports.', tags: ['aws', 'AWS050'] },
    location: { kind: 'code', file: '/tmp/aws-eks/modules/vpc-subnets/resources.tf', region: { startLine: 155, endLine: 155 } },
  });
  expect(findings[0].rule.help).toContain('**Resolution:** Set specific allowed ports');
});

it('counts passed results and keeps ignored ones as suppressed', () => {
  const result = (status: string) => ({ rule_id: 'r', severity: 'LOW', status, description: status, location: { filename: 'a.tf', start_line: 1, end_line: 2 } });
  const { runs, findings } = parseTfsec({ results: [result('failed'), result('passed'), result('ignored')] });
  expect(runs[0]).toMatchObject({ results: 3, findings: 2, passed: 1, suppressed: 1 });
  expect(findings.map((finding) => finding.state)).toEqual(['open', 'suppressed']);
  expect(parseTfsec({ results: null }).findings).toEqual([]);
});

it('names the path that fails', () => {
  expect(() => parseTfsec({ results: [{ rule_id: 'r', location: { filename: ['a.tf'] } }] })).toThrow('tfsec JSON expected: results[0].location.filename is not a string (an array)');
});
