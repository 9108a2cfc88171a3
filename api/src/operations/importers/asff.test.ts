// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// AWS Security Hub ASFF from testdata/ops with its README's facts.
import { importFindings, parseAsff } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const INSPECTOR = 'awssecurityhub_inspector_ecr.json';
const CONFIG = 'awssecurityhub_config_many_findings.json';

it('reads every ASFF file of the data set, under "Findings" or "findings"', () => {
  expect(opsFilesOf('asff')).toEqual([CONFIG, INSPECTOR]);
});

it('Inspector (ECR): 7 findings, CRITICAL 1 / HIGH 5 / MEDIUM 1, Workflow NEW, ACTIVE, one GeneratorId, 7 titles and resources', () => {
  const { runs, findings } = importFindings(readOps(INSPECTOR));
  expect(runs).toEqual([{ tool: { name: 'Inspector', version: '2' }, category: 'container', results: 7, findings: 7, passed: 0, suppressed: 0, ruleIds: ['AWSInspector'] }]);
  expect(countBy(findings, (finding) => finding.toolSeverity)).toEqual({ CRITICAL: 1, HIGH: 5, MEDIUM: 1 });
  expect(countBy(findings, (finding) => finding.severity)).toEqual({ critical: 1, high: 5, medium: 1 });
  expect(countBy(findings, (finding) => finding.state)).toEqual({ open: 7 });
  expect(new Set(findings.map((finding) => finding.title)).size).toBe(7);
  expect(new Set(findings.map((finding) => finding.location?.kind === 'cloud' && finding.location.resourceId)).size).toBe(7);
  expect(findings[0]).toMatchObject({
    title: 'CVE-2023-2650 - openssl',
    vulnerabilityIds: ['CVE-2023-2650'],
    location: { kind: 'cloud', provider: 'aws', account: '123456789012', region: 'eu-central-1', service: 'ecr', resourceType: 'AwsEcrContainerImage' },
  });
});

it('Security Hub controls: 3 INFORMATIONAL findings whose Compliance.Status is PASSED are passed controls, not findings', () => {
  const { runs, findings } = importFindings(readOps(CONFIG));
  expect(runs).toEqual([{ tool: { name: 'Security Hub', version: null }, category: 'cloud-posture', results: 3, findings: 0, passed: 3, suppressed: 0, ruleIds: [] }]);
  expect(findings).toEqual([]);
});

it('returns the controls passed with their resource (Compliance.Status PASSED), for the compliance checks of cloud controls', () => {
  const { passedControls } = importFindings(readOps(CONFIG));
  const tool = { name: 'Security Hub', version: null };
  const account = 'AWS::::Account:012345678912';
  const generator = (control: string) => `aws-foundational-security-best-practices/v/1.0.0/${control}`;
  expect(passedControls).toEqual(['IAM.5', 'SSM.2', 'ELBv2.1'].map((control) => ({ tool, ruleId: generator(control), control, resource: account, provider: 'aws' })));
  expect(importFindings(readOps(INSPECTOR)).passedControls).toEqual([]);
});

it('fingerprints come from ProductArn + Id, the same on a second parse', () => {
  expect(new Set(importFindings(readOps(INSPECTOR)).findings.map((finding) => finding.fingerprint)).size).toBe(7);
  expect(fingerprintsAreStable(INSPECTOR)).toBe(true);
});

describe('compliance, workflow and record state', () => {
  const finding = (extra: object) => ({
    Id: `f${JSON.stringify(extra)}`,
    ProductArn: 'arn:aws:securityhub:us-east-1::product/aws/securityhub',
    GeneratorId: 'aws-foundational-security-best-practices/v/1.0.0/S3.1',
    AwsAccountId: '111122223333',
    Title: 'S3.1 S3 Block Public Access setting should be enabled',
    Severity: { Label: 'MEDIUM' },
    Resources: [{ Type: 'AwsAccount', Id: 'AWS::::Account:111122223333', Region: 'us-east-1' }],
    ...extra,
  });

  it('FAILED is open, SUPPRESSED is kept as suppressed, RESOLVED and ARCHIVED are not findings; Normalized without a Label is banded', () => {
    const { runs, findings } = parseAsff({
      Findings: [
        finding({ Compliance: { Status: 'FAILED' }, Workflow: { Status: 'NEW' } }),
        finding({ Compliance: { Status: 'FAILED' }, Workflow: { Status: 'SUPPRESSED' } }),
        finding({ Compliance: { Status: 'FAILED' }, Workflow: { Status: 'RESOLVED' } }),
        finding({ RecordState: 'ARCHIVED' }),
        finding({ Severity: { Normalized: 92 } }),
      ],
    });
    expect(runs[0]).toMatchObject({ results: 5, findings: 3, passed: 2, suppressed: 1 });
    // RESOLVED and ARCHIVED say nothing of the control passing.
    expect(parseAsff({ Findings: [finding({ Compliance: { Status: 'FAILED' }, Workflow: { Status: 'RESOLVED' } }), finding({ RecordState: 'ARCHIVED', Compliance: { Status: 'PASSED' } })] }).passedControls).toEqual([]);
    expect(parseAsff({ Findings: [finding({ Compliance: { Status: 'PASSED', SecurityControlId: 'S3.1' } })] }).passedControls).toEqual([
      { tool: { name: 'AWS Security Hub', version: null }, ruleId: 'aws-foundational-security-best-practices/v/1.0.0/S3.1', control: 'S3.1', resource: 'AWS::::Account:111122223333', provider: 'aws' },
    ]);
    expect(findings.map((f) => [f.state, f.severity])).toEqual([
      ['open', 'medium'],
      ['suppressed', 'medium'],
      ['open', 'critical'],
    ]);
  });

  it('reads an EventBridge event and names the path that fails', () => {
    expect(parseAsff({ detail: { findings: [finding({})] } }).findings).toHaveLength(1);
    expect(() => parseAsff({ Findings: [finding({ Resources: [] })] })).toThrow('AWS Security Hub ASFF expected: Findings[0].Resources[0] is missing');
    expect(() => parseAsff({ Findings: [{ ...finding({}), Title: 5 }] })).toThrow('AWS Security Hub ASFF expected: Findings[0].Title is not a string (a number)');
  });
});
