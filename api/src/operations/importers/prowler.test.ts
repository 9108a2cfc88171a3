// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// Prowler OCSF JSON from testdata/ops with its README's facts.
import { importFindings, parseProwler } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const FILE = 'prowler_aws_v3plus_many_vuln.ocsf.json';

it('reads every Prowler OCSF file of the data set', () => {
  expect(opsFilesOf('prowler-ocsf')).toEqual([FILE]);
});

it('has the README’s facts: Prowler 4.2.1, 3 FAIL findings on aws, High 3, one muted (Suppressed), 3 checks', () => {
  const { runs, findings } = importFindings(readOps(FILE));
  expect(runs).toEqual([
    {
      tool: { name: 'Prowler', version: '4.2.1' },
      category: 'cloud-posture',
      results: 3,
      findings: 3,
      passed: 0,
      suppressed: 1,
      ruleIds: ['iam_role_administratoraccess_policy', 'iam_role_cross_account_readonlyaccess_policy', 'iam_role_permissive_trust_relationship'].map(expect.stringContaining),
    },
  ]);
  expect(countBy(findings, (finding) => finding.toolSeverity)).toEqual({ High: 3 });
  expect(countBy(findings, (finding) => finding.state)).toEqual({ open: 2, suppressed: 1 });
  expect(findings[0].location).toEqual({
    kind: 'cloud',
    provider: 'aws',
    resourceId: 'arn:aws:iam::123456789012:role/myAdministratorExecutionRole',
    resourceType: 'AwsIamRole',
    account: '123456789012',
    region: 'us-east-1',
    service: 'iam',
  });
  expect(findings[0].rule.help).toContain('**Remediation:**');
});

it('identifies a finding by Prowler’s uid, the same on a second parse', () => {
  expect(new Set(importFindings(readOps(FILE)).findings.map((finding) => finding.fingerprint)).size).toBe(3);
  expect(fingerprintsAreStable(FILE)).toBe(true);
});

it('counts PASS as passed, returns the check it passed with its resource, and names the path that fails', () => {
  const [finding] = JSON.parse(readOps(FILE).toString());
  const passed = parseProwler([{ ...finding, status_code: 'PASS' }]);
  expect(passed.runs[0]).toMatchObject({ results: 1, findings: 0, passed: 1 });
  expect(passed.findings).toEqual([]);
  expect(passed.passedControls).toEqual([{ tool: passed.runs[0].tool, ruleId: finding.metadata.event_code, control: null, resource: finding.resources[0].uid, provider: 'aws' }]);
  // A FAIL is a finding, not a pass.
  expect(parseProwler([finding]).passedControls).toEqual([]);
  expect(() => parseProwler([{ ...finding, finding_info: { uid: 1 } }])).toThrow('Prowler OCSF JSON expected: [0].finding_info.uid is not a string (a number)');
  expect(() => parseProwler({})).toThrow('Prowler OCSF JSON expected: the document is not an array (an object)');
});
