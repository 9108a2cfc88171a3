// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// Checkov JSON from testdata/ops with its README's facts: one run per check_type, failed,
// passed and skipped checks, severities, check ids; identities stable across two parses.
import { importFindings, parseCheckov } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const FILE = 'checkov-report-multiple-check_type.json';

it('reads every Checkov file of the data set', () => {
  expect(opsFilesOf('checkov')).toEqual([FILE]);
});

it('has the README’s facts: terraform 11 failed / 14 passed, dockerfile 2 failed / 1 passed, 13 failed checks of 13 ids, severity null', () => {
  const { runs, findings } = importFindings(readOps(FILE));
  expect(runs.map((run) => ({ tool: run.tool, category: run.category, results: run.results, findings: run.findings, passed: run.passed, suppressed: run.suppressed, rules: run.ruleIds.length }))).toEqual([
    { tool: { name: 'Checkov', version: '2.0.209' }, category: 'iac', results: 25, findings: 11, passed: 14, suppressed: 0, rules: 11 },
    { tool: { name: 'Checkov', version: '2.0.209' }, category: 'iac', results: 3, findings: 2, passed: 1, suppressed: 0, rules: 2 },
  ]);
  expect(new Set(findings.map((finding) => finding.rule.id)).size).toBe(13);
  expect(countBy(findings, (finding) => finding.toolSeverity)).toEqual({ '(null)': 13 });
  // Open-source Checkov fills no severity: medium until someone triages it.
  expect(countBy(findings, (finding) => finding.severity)).toEqual({ medium: 13 });
  expect(countBy(findings, (finding) => finding.rule.tags[0])).toEqual({ terraform: 11, dockerfile: 2 });
});

it('keeps the check, the resource, the file region and the code block', () => {
  const [first] = importFindings(readOps(FILE)).findings;
  expect(first).toMatchObject({
    rule: { id: 'CKV_AWS_161', name: 'Ensure RDS database has IAM authentication enabled' },
    title: 'Ensure RDS database has IAM authentication enabled (aws_db_instance.default)',
    location: { kind: 'code', file: '/infra/terraform/aws/db-app.tf', region: { startLine: 1 } },
    state: 'open',
  });
  expect(first.location?.kind === 'code' && first.location.snippet).toMatch(/resource "aws_db_instance" "default"/);
});

it('gives every failed check its own fingerprint, the same on a second parse', () => {
  const { findings } = importFindings(readOps(FILE));
  expect(new Set(findings.map((finding) => finding.fingerprint)).size).toBe(13);
  expect(fingerprintsAreStable(FILE)).toBe(true);
});

it('keeps a skipped check as suppressed, with its comment; a single report (not an array) reads the same', () => {
  const check = { check_id: 'CKV_AWS_20', check_name: 'S3 Bucket has an ACL defined which allows public READ access.', file_path: '/main.tf', file_line_range: [1, 8], resource: 'aws_s3_bucket.site', severity: 'HIGH' };
  const { runs, findings } = parseCheckov({
    check_type: 'terraform',
    results: { failed_checks: [check], skipped_checks: [{ ...check, resource: 'aws_s3_bucket.public', check_result: { result: 'SKIPPED', suppress_comment: 'a public website' } }], passed_checks: [] },
    summary: { checkov_version: '3.2.0' },
  });
  expect(runs[0]).toMatchObject({ results: 2, findings: 2, suppressed: 1, passed: 0 });
  expect(findings.map((finding) => [finding.severity, finding.state, finding.suppression])).toEqual([
    ['high', 'open', null],
    ['high', 'suppressed', 'a public website'],
  ]);
});

it('names the path that fails', () => {
  expect(() => parseCheckov([{ check_type: 'terraform', results: { failed_checks: [{ check_id: 7 }] } }])).toThrow(
    'Checkov JSON expected: [0].results.failed_checks[0].check_id is not a string (a number)',
  );
  expect(() => parseCheckov({ check_type: 'terraform' })).toThrow('Checkov JSON expected: results is missing');
});
