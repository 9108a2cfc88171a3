// @backend-agnostic: the importers are pure functions (bytes in, findings out); no table is read or written.
// Defender for Cloud: the recommendations CSV of testdata/ops with its README's facts, and
// the REST JSON of alerts and assessments (testdata/, after Microsoft's documented shape).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importFindings, parseDefenderCsv, parseDefenderJson } from './index';
import { countBy, fingerprintsAreStable, opsFilesOf, readOps } from './ops-data';

const CSV = 'azure_security_center_recommendations_many_vulns.csv';
const testdata = (file: string) => readFileSync(path.join(__dirname, 'testdata', file));

it('reads every Defender for Cloud CSV of the data set', () => {
  expect(opsFilesOf('defender-csv')).toEqual([CSV]);
});

it('CSV (UTF-8 with BOM): 4 rows, Unhealthy 3 are findings, Healthy 1 passed; severities High 1 / Low 2 / Medium 1 over the rows', () => {
  const { runs, findings } = importFindings(readOps(CSV));
  expect(runs).toEqual([
    expect.objectContaining({ tool: { name: 'Microsoft Defender for Cloud', version: null }, category: 'cloud-posture', results: 4, findings: 3, passed: 1, suppressed: 0 }),
  ]);
  expect(runs[0].ruleIds).toHaveLength(3);
  expect(countBy(findings, (finding) => finding.toolSeverity)).toEqual({ High: 1, Low: 1, Medium: 1 });
  expect(findings.find((finding) => finding.rule.id === 'f67fb4ed-d481-44d7-91e5-efadf504f74a')).toMatchObject({
    rule: { name: 'Virtual networks should be protected by Azure Firewall' },
    severity: 'low',
    location: { kind: 'cloud', provider: 'azure', account: '9cfbad7a-7369-42e4-bcce-7677c5b3a44b', resourceType: 'virtualnetworks', service: 'microsoft.network' },
  });
  expect(fingerprintsAreStable(CSV)).toBe(true);
});

it('CSV: the Healthy row passes its recommendation on its resource (a cloud control for compliance)', () => {
  expect(importFindings(readOps(CSV)).passedControls).toEqual([
    {
      tool: { name: 'Microsoft Defender for Cloud', version: null },
      ruleId: 'f1f2f7dc-7bd5-18bf-c403-cbbdb7ec3d68',
      control: null,
      resource: '/subscriptions/9cfbad7a-7369-42e4-bcce-7677c5b3a44b/resourcegroups/my_resource_group/providers/microsoft.network/virtualnetworks/my_virtual_network',
      provider: 'azure',
    },
  ]);
});

it('assessments (REST JSON): Unhealthy is a finding with the same identity as the CSV’s row, Healthy is passed', () => {
  const { format, runs, findings } = importFindings(testdata('defender-assessments.json'));
  expect(format).toBe('defender-json');
  expect(runs[0]).toMatchObject({ category: 'cloud-posture', results: 2, findings: 1, passed: 1 });
  expect(findings[0]).toMatchObject({ rule: { id: 'f67fb4ed-d481-44d7-91e5-efadf504f74a', tags: ['Networking'] }, severity: 'low', message: 'The virtual network has no Azure Firewall in front of it.' });
  const fromCsv = importFindings(readOps(CSV)).findings.find((finding) => finding.rule.id === 'f67fb4ed-d481-44d7-91e5-efadf504f74a')!;
  expect(findings[0].fingerprint).toBe(fromCsv.fingerprint);
  // The Healthy assessment passes on its resource, named as the CSV names it.
  expect(importFindings(testdata('defender-assessments.json')).passedControls).toEqual([
    {
      tool: { name: 'Microsoft Defender for Cloud', version: null },
      ruleId: 'd57a4221-a804-52ca-3dea-768284f06bb7',
      control: null,
      resource: '/subscriptions/9cfbad7a-7369-42e4-bcce-7677c5b3a44b/resourceGroups/my_resource_group/providers/Microsoft.Compute/virtualMachines/vm1',
      provider: 'azure',
    },
  ]);
});

it('alerts (REST JSON): Active open, Dismissed suppressed, Resolved not a finding; resource, subscription and region from the ids', () => {
  const { runs, findings } = importFindings(testdata('defender-alerts.json'));
  expect(countBy(runs, (run) => `${run.tool.name}: ${run.results}/${run.findings}/${run.passed}/${run.suppressed}`)).toEqual({
    'Microsoft Defender for Cloud: 1/1/0/0': 1,
    'Microsoft Defender for Storage: 1/1/0/1': 1,
    'Microsoft Defender for SQL: 1/0/1/0': 1,
  });
  expect(findings.map((finding) => [finding.rule.id, finding.severity, finding.state, finding.category])).toEqual([
    ['VM_SuspectExecutablePath', 'high', 'open', 'cloud-threat'],
    ['Storage.Blob_AnonymousAccessAnomaly', 'low', 'suppressed', 'cloud-threat'],
  ]);
  expect(findings[0].location).toEqual({
    kind: 'cloud',
    provider: 'azure',
    resourceId: '/subscriptions/20ff7fc3-e762-44dd-bd96-b71116dcdc23/resourceGroups/myRg1/providers/Microsoft.Compute/virtualMachines/vm-web-01',
    resourceType: null,
    account: '20ff7fc3-e762-44dd-bd96-b71116dcdc23',
    region: 'westeurope',
    service: 'Microsoft.Compute',
  });
  expect(findings[0].rule.tags).toEqual(['Execution', 'T1059']);
});

it('names what fails: a CSV without the columns, a ragged row, another resource type', () => {
  expect(() => parseDefenderCsv('a,b\n1,2\n')).toThrow('Defender for Cloud recommendations CSV expected: the header lacks the columns recommendationName, recommendationDisplayName, severity, state, resourceId');
  const header = readOps(CSV).toString('utf8').split('\n')[0];
  expect(() => parseDefenderCsv(`${header}\n"x","y"\n`)).toThrow(/^Defender for Cloud recommendations CSV expected: line 2 is not valid CSV/);
  expect(() => parseDefenderJson({ value: [{ id: 'x', name: 'y', type: 'Microsoft.Compute/virtualMachines', properties: {} }] })).toThrow(
    'Defender for Cloud REST JSON (alerts or assessments) expected: value[0].type is "Microsoft.Compute/virtualMachines", not Microsoft.Security/alerts or Microsoft.Security/assessments',
  );
});
