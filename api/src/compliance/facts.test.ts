// @backend-agnostic: the facts' SQL, which PGlite runs as the same Postgres engine; no relay, no job.
// The facts as the database gives them: what is an open SBOM finding (the current build only; VEX
// not_affected and false_positive excluded, other analyses not), an open security finding (open and
// confirmed; triaged false positives, accepted risks, fixed and suppressed ones not), active
// exploits (flagged, or an id in the KEV catalog), cloud scopes and the findings of a cloud control —
// and the evaluators reading them turn as the evidence does.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { daysAgo, NOW } from '../testing/compliance';
import { seedApplication, seedBuild, seedComponents, seedImport, seedKev, seedSbomFinding, seedSecurityFinding, seedVex, type ProcessIds } from '../testing/compliance-seed';
import { importFindings } from '../operations/importers/index';
import { readOps } from '../operations/importers/ops-data';
import { recordImport } from '../operations/repository';
import { evaluateActiveExploit } from './evaluators/active-exploit';
import { evaluateCloudControl } from './evaluators/cloud-control';
import { evaluateOpenFindings } from './evaluators/open-findings';
import { createFacts, type Facts } from './facts';

let environment: TestEnvironment;
let app: FastifyInstance;
let process: ProcessIds;
let shop: string;
let current: string;
let previous: string;

const noRbom = async () => [];
const facts = (): Facts => createFacts(app.database, process, NOW, noRbom);

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({ config: environment.config, jobWorkers: false });
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  const [row] = await app.database.query<{ organization_id: string; id: string }>("SELECT organization_id, id FROM processes WHERE code_name = 'alpha'");
  process = { organizationId: row.organization_id, processId: row.id };
  shop = await seedApplication(app.database, process, 'shop', { portfolio: 'Web', tags: ['pci'] });
  previous = await seedBuild(app.database, shop, daysAgo(60));
  current = await seedBuild(app.database, shop, daysAgo(2));
  await seedBuild(app.database, shop, daysAgo(1), 'PENDING');
  await seedComponents(app.database, previous, [{ position: 0, name: 'old' }]);
  await seedSbomFinding(app.database, previous, 0, 'CVE-2030-0001', 'CRITICAL');
  await seedComponents(app.database, current, [
    { position: 0, name: 'qs', version: '6.0.0' },
    { position: 1, name: 'lodash', version: '4.17.0' },
    { position: 2, name: 'minimist' },
    { position: 3, name: 'express' },
    { position: 4, name: 'ws' },
  ]);
  // Found first in the previous build: its age runs from that upload.
  await seedSbomFinding(app.database, current, 0, 'CVE-2030-1000', 'HIGH', { identifiedBuildId: previous });
  await seedSbomFinding(app.database, current, 1, 'CVE-2030-1001', 'CRITICAL');
  await seedSbomFinding(app.database, current, 2, 'CVE-2030-1002', 'HIGH');
  await seedSbomFinding(app.database, current, 3, 'GHSA-xxxx-yyyy-zzzz', 'MEDIUM', { aliases: ['CVE-2030-1003'] });
  await seedSbomFinding(app.database, current, 4, 'CVE-2030-1004', 'LOW', { activeExploit: true });
  await seedVex(app.database, current, 1, 'CVE-2030-1001', 'not_affected');
  await seedVex(app.database, current, 2, 'CVE-2030-1002', 'false_positive');
  await seedVex(app.database, current, 3, 'GHSA-xxxx-yyyy-zzzz', 'resolved');
  await seedKev(app.database, 'CVE-2030-1003');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

it('lists each application with its newest processed build', async () => {
  const [application] = await facts().applications();
  expect(application).toEqual({ id: shop, app_key: 'shop', name: 'shop', portfolio: 'Web', tags: ['pci'], build: { id: current, number: 2, created_at: daysAgo(2) } });
});

it("reads the open SBOM findings of the current build: VEX not_affected and false_positive are excluded, other analyses are not", async () => {
  const findings = await facts().sbomFindings();
  expect(findings.map((finding) => [finding.vulnerability_id, finding.severity, finding.exploited, finding.component]).sort()).toEqual([
    ['CVE-2030-1000', 'high', false, 'qs@6.0.0'],
    ['CVE-2030-1004', 'low', true, 'ws@1.0.0'],
    ['GHSA-xxxx-yyyy-zzzz', 'medium', true, 'express@1.0.0'],
  ]);
  expect(findings.find((finding) => finding.vulnerability_id === 'CVE-2030-1000')?.identified_at).toEqual(daysAgo(60));
  expect(new Set(findings.map((finding) => finding.build_id))).toEqual(new Set([current]));
});

it('turns passing once a VEX analysis says not_affected, and failing again when it is withdrawn', async () => {
  const high = { sources: ['sbom' as const], severity: 'high' as const, older_than_days: 30 };
  const evaluate = async () => evaluateOpenFindings({ requirement_id: 'r', kind: 'open-findings', scope: { kind: 'process' }, params: high }, facts());
  expect(await evaluate()).toMatchObject({ status: 'failing', summary: '1 open SBOM finding at or above high first seen more than 30 days ago in the process.' });
  await seedVex(app.database, current, 0, 'CVE-2030-1000', 'not_affected');
  expect((await evaluate()).status).toBe('passing');
  await seedVex(app.database, current, 0, 'CVE-2030-1000', 'in_triage');
  expect((await evaluate()).status).toBe('failing');
});

it('reads the open and confirmed security findings only, with active exploits from the KEV catalog', async () => {
  const states = ['open', 'confirmed', 'false_positive', 'risk_accepted', 'fixed', 'suppressed'];
  for (const state of states) {
    await seedSecurityFinding(app.database, process, { scope: 'repo:api', category: 'sast', severity: 'high', state, firstSeen: daysAgo(40), title: state });
  }
  await seedSecurityFinding(app.database, process, {
    scope: 'aws:123456789012:eu-west-1', category: 'container', severity: 'critical', firstSeen: daysAgo(5), title: 'exploited image', vulnerabilityIds: ['CVE-2030-1003'], provider: 'aws',
  });
  const findings = await facts().securityFindings();
  expect(findings.map((finding) => finding.title).sort()).toEqual(['confirmed', 'exploited image', 'open']);
  expect(findings.find((finding) => finding.title === 'exploited image')).toMatchObject({ exploited: true, provider: 'aws', scope: 'aws:123456789012:eu-west-1' });
  expect(findings.find((finding) => finding.title === 'open')).toMatchObject({ exploited: false, provider: null, first_seen: daysAgo(40) });

  const exploits = await evaluateActiveExploit({ requirement_id: 'r', kind: 'active-exploit', scope: { kind: 'process' }, params: { sources: ['sbom', 'iac'] } }, facts());
  expect(exploits.status).toBe('failing');
  expect(exploits.reasons.map((reason) => reason.label)).toEqual([
    'exploited image in aws:123456789012:eu-west-1 (critical, 5 days)',
    'GHSA-xxxx-yyyy-zzzz in express@1.0.0 of shop (medium, 2 days)',
    'CVE-2030-1004 in ws@1.0.0 of shop (low, 2 days)',
  ]);
});

it('knows which scopes were imported, which hold cloud findings, and what each was scanned for', async () => {
  await seedSecurityFinding(app.database, process, { scope: 'repo:aws-export', category: 'cloud-posture', severity: 'low', state: 'fixed', firstSeen: daysAgo(3), provider: 'aws' });
  // Clean scans: an IaC run into a scope of its own, a secrets run into repo:api.
  await seedImport(app.database, process, 'repo:infra', daysAgo(1), ['iac']);
  await seedImport(app.database, process, 'repo:api', daysAgo(1), ['secret']);
  expect(await facts().findingScopes()).toEqual([
    { scope: 'aws:123456789012:eu-west-1', cloud: true, categories: ['container'] },
    { scope: 'repo:api', cloud: false, categories: ['sast', 'secret'] },
    { scope: 'repo:aws-export', cloud: true, categories: ['cloud-posture'] },
    { scope: 'repo:infra', cloud: false, categories: ['iac'] },
  ]);
  // A SAST check reads repo:infra as not scanned for it, an IaC check as scanned clean.
  const over = (sources: Array<'sast' | 'iac'>) => ({ requirement_id: 'r', kind: 'open-findings' as const, scope: { kind: 'repositories' as const, names: ['infra'] }, params: { sources, severity: 'low' as const, older_than_days: 0 } });
  expect(await evaluateOpenFindings(over(['sast']), facts())).toMatchObject({ status: 'not_evaluated', summary: 'Nothing in repository infra was scanned for SAST findings yet.' });
  expect(await evaluateOpenFindings(over(['iac']), facts())).toMatchObject({ status: 'passing' });
});

it("finds a cloud control's open findings by rule id, generator id or Security Hub's control id, in any case", async () => {
  const seed = (ruleId: string, ruleName: string | undefined, state = 'open') =>
    seedSecurityFinding(app.database, process, { scope: 'aws:210987654321:us-east-1', category: 'cloud-posture', severity: 'high', state, firstSeen: daysAgo(1), ruleId, ruleName, provider: 'aws', resource: ruleId });
  await seed('aws-foundational-security-best-practices/v/1.0.0/S3.1', 'S3.1');
  await seed('security-control/S3.8', undefined);
  await seed('s3_bucket_public_access', undefined);
  await seed('arn:aws:securityhub:::ruleset/cis-aws/v/1.2.0/rule/2.9', 'CloudTrail.1', 'fixed');
  await seed('aws-foundational-security-best-practices/v/1.0.0/S3.10', 'S3.10');
  const found = await facts().controlFindings(['S3.1', 's3.8', 'S3_BUCKET_PUBLIC_ACCESS', 'CloudTrail.1']);
  expect(found.map((finding) => [finding.control, finding.rule_id]).sort()).toEqual([
    ['S3.1', 'aws-foundational-security-best-practices/v/1.0.0/S3.1'],
    ['S3_BUCKET_PUBLIC_ACCESS', 's3_bucket_public_access'],
    ['s3.8', 'security-control/S3.8'],
  ]);
});

it("keeps a Defender for Cloud export's Healthy assessments as its resources passing them", async () => {
  const scope = 'azure:9cfbad7a-7369-42e4-bcce-7677c5b3a44b';
  const file = importFindings(readOps('azure_security_center_recommendations_many_vulns.csv'));
  await app.database.transaction((tx) => recordImport(tx, { ...process, scope, userId: null, now: daysAgo(1) }, file));
  const network = '/subscriptions/9cfbad7a-7369-42e4-bcce-7677c5b3a44b/resourcegroups/my_resource_group/providers/microsoft.network/virtualnetworks/my_virtual_network';
  // The one Healthy row passes its recommendation; an Unhealthy one's key passes nowhere.
  expect(await facts().controlPasses(['F1F2F7DC-7BD5-18BF-C403-CBBDB7EC3D68', 'f67fb4ed-d481-44d7-91e5-efadf504f74a'])).toEqual([
    { scope, control: 'F1F2F7DC-7BD5-18BF-C403-CBBDB7EC3D68', resource: network, provider: 'azure' },
  ]);
  const healthy = { requirement_id: 'r', kind: 'cloud-control' as const, scope: { kind: 'cloud-accounts' as const, accounts: [scope] }, params: { controls: ['f1f2f7dc-7bd5-18bf-c403-cbbdb7ec3d68'] } };
  expect(await evaluateCloudControl(healthy, facts())).toMatchObject({ status: 'passing', summary: `f1f2f7dc-7bd5-18bf-c403-cbbdb7ec3d68 passes on 1 resource of cloud account ${scope} and fails on none.` });
});

it('keeps the cloud controls resources passed as the last import of each tool into the scope reported them', async () => {
  const scope = 'aws:012345678912';
  const file = importFindings(readOps('awssecurityhub_config_many_findings.json'));
  const record = (result: typeof file, now: Date) => app.database.transaction((tx) => recordImport(tx, { ...process, scope, userId: null, now }, result));
  await record(file, daysAgo(2));
  const account = 'AWS::::Account:012345678912';
  expect(await facts().controlPasses(['iam.5', 'SSM.2', 'S3.1'])).toEqual([
    { scope, control: 'iam.5', resource: account, provider: 'aws' },
    { scope, control: 'SSM.2', resource: account, provider: 'aws' },
  ]);
  const iam = { requirement_id: 'r', kind: 'cloud-control' as const, scope: { kind: 'cloud-accounts' as const, accounts: [scope] }, params: { controls: ['IAM.5'] } };
  expect(await evaluateCloudControl(iam, facts())).toMatchObject({ status: 'passing', summary: `IAM.5 passes on 1 resource of cloud account ${scope} and fails on none.`, reasons: [{ label: `IAM.5: passes on ${account}` }] });
  // The tool's next import no longer reports IAM.5 passing: what it said replaces what the last one did.
  await record({ ...file, passedControls: file.passedControls!.filter((pass) => pass.control !== 'IAM.5') }, daysAgo(1));
  expect((await facts().controlPasses(['IAM.5', 'SSM.2'])).map((pass) => pass.control)).toEqual(['SSM.2']);
  expect(await evaluateCloudControl(iam, facts())).toMatchObject({ status: 'passing', summary: `IAM.5 fails on no resource of cloud account ${scope}.`, reasons: [] });
});
