// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// The compliance exports on Acme's process alpha (testing/tasks.ts) with the LOW baseline imported
// and the templates applied: the OSCAL assessment results of the process and of the standard, valid
// against the OSCAL schemas of testdata/ (README.md there), with a finding per requirement and an
// observation per check pointing at the evidence; the CycloneDX attestation of an application,
// valid against CycloneDX 1.6's schema, judged on that application's evidence alone; downloads;
// reasons hidden from who may not see them; permissions and another organization's 404s. Runs on
// the embedded database, and on Postgres when DATABASE_URL is set.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STATUS_MESSAGES } from '@portal/shared/server';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { publicUrlOf } from '../config';
import { validateCycloneDxJson } from '../sbom/index';
import { importLowBaseline, setProvenance } from '../testing/compliance-catalog';
import { seedApplication, seedBuild, seedComponents, seedImport, seedSbomFinding, seedSecurityFinding, type ProcessIds } from '../testing/compliance-seed';
import { expectProblem } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let process: ProcessIds;
let standardId: string;
let currentBuild: string;
const ago = (days: number) => new Date(world.clock.now().getTime() - days * 86_400_000);
const oscal = `/api/compliance/export/oscal?${G}`;
const attestation = `/api/apps/portal-web/compliance/attestation?${G}`;

/** Every OSCAL schema of testdata/, compiled (the subset written for these tests; NIST's when it is put there). */
const oscalSchemas = readdirSync(path.join(__dirname, 'testdata'))
  .filter((file) => file.endsWith('.schema.json'))
  .map((file) => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    return { file, validate: ajv.compile(JSON.parse(readFileSync(path.join(__dirname, 'testdata', file), 'utf8'))) };
  });

function expectValidOscal(document: unknown): void {
  expect(oscalSchemas.length).toBeGreaterThan(0);
  for (const { file, validate } of oscalSchemas) expect([file, validate(document) ? [] : validate.errors]).toEqual([file, []]);
}

/**
 * The parts of an exported OSCAL assessment-results document these tests read (exports/oscal.ts writes
 * it; the schemas of testdata/ judge the whole). A field the export leaves out when it has nothing to say
 * is optional; what the tests only compare whole is unknown.
 */
interface OscalAssessmentResults {
  'assessment-results': {
    uuid: string;
    metadata: { title: string };
    'import-ap': { href: string };
    'back-matter': { resources: Array<{ uuid: string }> };
    results: Array<{
      'reviewed-controls': { 'control-selections': Array<{ 'include-controls'?: Array<{ 'control-id': string }> }> };
      observations?: OscalObservation[];
      findings?: OscalFinding[];
    }>;
  };
}
interface OscalFinding {
  uuid: string;
  title: string;
  target: { 'target-id': string; status: unknown };
  'related-observations'?: Array<{ 'observation-uuid': string }>;
}
interface OscalObservation {
  uuid: string;
  description: string;
  props: Array<{ name: string; value: string }>;
  'relevant-evidence'?: Array<{ description: string }>;
  remarks?: string;
}

/** The parts of an exported CycloneDX attestation these tests read (exports/cyclonedx.ts writes it; CycloneDX 1.6's schema judges the whole). */
interface CycloneDxAttestation {
  definitions: { standards: Array<{ requirements: Array<{ 'bom-ref': string; identifier: string }> }> };
  declarations: {
    targets: { components: unknown };
    assessors: unknown;
    attestations: Array<{ map: AttestationMapEntry[] }>;
    claims: Array<{ 'bom-ref': string; target: string; predicate: string; evidence?: string[]; counterEvidence?: string[] }>;
    evidence: Array<{ 'bom-ref': string; data?: unknown }>;
  };
}
/** A requirement's entry of an attestation's map: its claims when met, its counter-claims when not. */
interface AttestationMapEntry {
  requirement: string;
  claims?: string[];
  counterClaims?: string[];
}

/** What a test expects the document to hold: its absence fails the test, saying what was missing. */
function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what}: not in the document`);
  return value;
}

/** The JSON a download answers, as the document of the export asked (its type above; the schemas check it). */
async function download<Exported>(who: Parameters<TaskWorld['call']>[0], url: string): Promise<{ headers: Record<string, unknown>; document: Exported }> {
  const response = await world.call(who, 'GET', url);
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return { headers: response.headers, document: JSON.parse(response.body) as Exported };
}

beforeAll(async () => {
  world = await taskWorld();
  const [row] = await world.app.database.query<{ organization_id: string }>('SELECT organization_id FROM processes WHERE id = $1', [world.processId]);
  process = { organizationId: row.organization_id, processId: world.processId };
  standardId = await importLowBaseline(world.app.database, { ...process, processCode: 'alpha', actor: { id: world.ids.olga, login_id: 'olga' } });
  const db = world.app.database;
  // portal-web: a fresh SBOM still holding a high finding first found 40 days ago.
  const first = await seedBuild(db, world.applicationId, ago(40));
  currentBuild = await seedBuild(db, world.applicationId, ago(1));
  await seedComponents(db, currentBuild, [{ position: 0, name: 'lodash', version: '4.17.15' }]);
  await seedSbomFinding(db, currentBuild, 0, 'GHSA-35jh-r3h4-6jhm', 'HIGH', { identifiedBuildId: first });
  // blog: an SBOM 100 days old (CM-8 fails for the process, not for portal-web).
  await seedBuild(db, await seedApplication(db, process, 'blog'), ago(100));
  // A public bucket for 10 days: past SI-2's critical days, seen only with a view of AWS.
  await seedSecurityFinding(db, process, { scope: 'aws:111122223333:eu-west-1', category: 'cloud-posture', severity: 'critical', firstSeen: ago(10), title: 'S3 bucket is public', resource: 'arn:aws:s3:::logs', provider: 'aws' });
  // A clean IaC scan of the infrastructure's repository (CM-6 passes: scanned for IaC, nothing open).
  await seedImport(db, process, 'repo:infra', ago(2), ['iac']);
  await world.ok('andy', 'POST', `/api/compliance/templates/apply?${G}`, { standard_id: standardId });
  // A requirement of the process's own (RQ-12): evidence it lacks.
  await world.ok('andy', 'POST', `/api/requirements/${world.requirementId}/checks?${G}`, { kind: 'evidence-file' }, 201);
}, 120_000);

afterAll(async () => world?.close());

describe('OSCAL assessment results', () => {
  it('answers the process’s as a download valid against the OSCAL schemas', async () => {
    const { headers, document } = await download<OscalAssessmentResults>('olga', oscal);
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['content-disposition']).toBe('attachment; filename="assessment-results-alpha.json"');
    expectValidOscal(document);
    const results = document['assessment-results'];
    expect(results.metadata).toMatchObject({ title: 'Live compliance of process alpha', 'oscal-version': '1.1.2', parties: [{ type: 'organization', name: 'Acme' }] });
    expect(results['import-ap'].href).toBe(`#${results['back-matter'].resources[0].uuid}`);
    const [result] = results.results;
    expect(found(result['reviewed-controls']['control-selections'][0]['include-controls'], 'include-controls').map((control) => control['control-id']).sort()).toEqual(['cm-6', 'cm-8', 'ra-5', 'rq-12', 'si-2', 'sr-11']);
    const findings = Object.fromEntries(found(result.findings, 'findings').map((finding) => [finding.title.split(' ')[0], finding]));
    expect(findings['RA-5'].target).toEqual({ type: 'statement-id', 'target-id': 'ra-5_smt', status: { state: 'not-satisfied', reason: 'fail' } });
    expect(findings['CM-8'].target.status).toEqual({ state: 'not-satisfied', reason: 'fail' });
    expect(findings['CM-6'].target.status).toEqual({ state: 'satisfied', reason: 'pass' });
    expect(findings['SR-11'].target.status).toEqual({ state: 'not-satisfied', reason: 'fail' });
    expect(findings['RQ-12'].target['target-id']).toBe('rq-12_smt');
    // RA-5's observations: its two checks, the first pointing at the finding in portal-web's build.
    const observations = new Map(found(result.observations, 'observations').map((observation) => [observation.uuid, observation]));
    const related = found(findings['RA-5']['related-observations'], 'RA-5’s related-observations').map((each) => found(observations.get(each['observation-uuid']), `observation ${each['observation-uuid']}`));
    const kind = (name: string) => found(related.find((observation) => observation.props.some((each) => each.name === 'check-kind' && each.value === name)), `RA-5’s ${name} observation`);
    const [open, exploit] = [kind('open-findings'), kind('active-exploit')];
    expect(open).toMatchObject({ title: 'No open SBOM finding at or above high first seen more than 30 days ago in the process', methods: ['TEST'] });
    expect(open['relevant-evidence']).toEqual([
      {
        href: `${publicUrlOf(world.app.config)}/applications/portal-web?tab=builds&build=${currentBuild}&view=findings`,
        description: 'GHSA-35jh-r3h4-6jhm in lodash@4.17.15 of portal-web (high, 40 days)',
        props: [{ name: 'reason-kind', ns: 'urn:portal:compliance', value: 'vulnerability' }],
      },
    ]);
    expect(exploit.description).toBe('No open SBOM, SAST, IaC and cloud finding with an active exploit in the process. Nothing was scanned for SAST findings yet.');
    expect(exploit['relevant-evidence']).toBeUndefined();
  });

  it('keeps the uuids of a requirement’s finding and of a check’s observation from one export to the next', async () => {
    const ids = (document: OscalAssessmentResults) => [document['assessment-results'].uuid, ...found(document['assessment-results'].results[0].findings, 'findings').map((finding) => finding.uuid)];
    expect(ids((await download<OscalAssessmentResults>('olga', oscal)).document)).toEqual(ids((await download<OscalAssessmentResults>('olga', oscal)).document));
  });

  it('answers one standard’s: its requirements only', async () => {
    const { headers, document } = await download<OscalAssessmentResults>('olga', `${oscal}&standard=${standardId}`);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="assessment-results-alpha-NIST_Special_Publication_800-53_Revision_5[^"]*_LOW_IMPACT_BASELINE\.json"$/);
    expectValidOscal(document);
    expect(document['assessment-results'].metadata.title).toMatch(/^Live compliance of NIST Special Publication 800-53 Revision 5.* LOW IMPACT BASELINE/);
    expect(found(document['assessment-results'].results[0].findings, 'findings').map((finding) => finding.title.split(' ')[0]).sort()).toEqual(['CM-6', 'CM-8', 'RA-5', 'SI-2', 'SR-11']);
  });

  it('leaves out the evidence the caller may not see, and says so', async () => {
    const observationsOf = (document: OscalAssessmentResults) => found(document['assessment-results'].results[0].observations, 'observations').filter((observation) => observation.description.includes('cloud finding'));
    const bucket = (observations: OscalObservation[]) => observations.flatMap((observation) => observation['relevant-evidence'] ?? []).filter((evidence) => evidence.description.startsWith('S3 bucket is public'));
    expect(bucket(observationsOf((await download<OscalAssessmentResults>('olga', oscal)).document))).toHaveLength(1);
    const asReader = (await download<OscalAssessmentResults>('reed', oscal)).document;
    expectValidOscal(asReader);
    expect(bucket(observationsOf(asReader))).toEqual([]);
    expect(observationsOf(asReader).some((observation) => /more reasons were found \(or are not shown/.test(observation.remarks ?? ''))).toBe(true);
  });

  it('is for who may view requirements; another organization’s process or standard answers 404', async () => {
    expectProblem(await world.call('vic', 'GET', oscal), 403, STATUS_MESSAGES[403]);
    const [theirs] = await world.app.database.query<{ id: string }>(
      "INSERT INTO standards (organization_id, process_id, title) SELECT organization_id, id, 'Omega standard' FROM processes WHERE code_name = 'omega' RETURNING id",
    );
    const answers = [
      await world.call('ursula', 'GET', oscal),
      await world.call('ursula', 'GET', `${oscal}&standard=${standardId}`),
      await world.call('olga', 'GET', `${oscal}&standard=${theirs.id}`),
      await world.call('olga', 'GET', `${oscal}&standard=not-an-id`),
      await world.call('ursula', 'GET', `/api/compliance/export/oscal?graph=omega&standard=${standardId}`),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404, 404]);
  });
});

describe('CycloneDX attestation', () => {
  const mapOf = (document: CycloneDxAttestation) =>
    Object.fromEntries(
      document.declarations.attestations[0].map.map((entry) => {
        const requirement = found(document.definitions.standards.flatMap((standard) => standard.requirements).find((each) => each['bom-ref'] === entry.requirement), entry.requirement);
        return [requirement.identifier, entry];
      }),
    );

  it('answers the application’s as a download valid against CycloneDX 1.6, judged on its own evidence', async () => {
    const { headers, document } = await download<CycloneDxAttestation>('olga', attestation);
    expect(headers['content-type']).toBe('application/vnd.cyclonedx+json; charset=utf-8');
    expect(headers['content-disposition']).toBe('attachment; filename="attestation-portal-web.cdx.json"');
    expect(() => validateCycloneDxJson(document, '1.6')).not.toThrow();
    expect(document.declarations.targets.components).toEqual([{ type: 'application', 'bom-ref': 'target:portal-web', name: 'Portal web', version: 'build 2' }]);
    expect(document.declarations.assessors).toEqual([{ 'bom-ref': 'assessor:portal', thirdParty: false, organization: { name: 'Acme' } }]);
    const map = mapOf(document);
    // RQ-12's evidence-file check is the process's, not the application's: not attested.
    expect(Object.keys(map).sort()).toEqual(['CM-6', 'CM-8', 'RA-5', 'SI-2', 'SR-11']);
    // blog's old SBOM fails CM-8 for the process; portal-web's is fresh.
    expect(map['CM-8']).toMatchObject({ claims: ['claim:' + map['CM-8'].requirement.slice('requirement:'.length)], conformance: { score: 1 }, confidence: { score: 1 } });
    expect(map['RA-5']).toMatchObject({ counterClaims: [expect.any(String)], conformance: { score: 0.5, rationale: '1 of 2 checks pass.' } });
    // Nothing of IaC was scanned in portal-web: not met, without confidence.
    expect(map['CM-6']).toMatchObject({ counterClaims: [expect.any(String)], conformance: { score: 0 }, confidence: { score: 0 } });
    const [counterClaim] = found(map['RA-5'].counterClaims, 'RA-5’s counterClaims');
    const claim = found(document.declarations.claims.find((each) => each['bom-ref'] === counterClaim), counterClaim);
    expect(claim.predicate).toBe('Portal web does not meet RA-5 Vulnerability Monitoring and Scanning');
    const evidence = new Map(document.declarations.evidence.map((each) => [each['bom-ref'], each]));
    const [counter] = found(claim.counterEvidence, 'the counter-claim’s counterEvidence').map((ref) => found(evidence.get(ref), ref));
    expect(counter.data).toEqual([
      { name: 'GHSA-35jh-r3h4-6jhm in lodash@4.17.15 of portal-web (high, 40 days)', contents: { url: `${publicUrlOf(world.app.config)}/applications/portal-web?tab=builds&build=${currentBuild}&view=findings` } },
    ]);
    // SI-2 over portal-web: its high SBOM finding is past the SLA's 30 days; the bucket is not the application's.
    expect(JSON.stringify(document)).not.toContain('S3 bucket is public');
    expect(map['SI-2'].counterClaims).toHaveLength(1);
    // Every reference resolves to a bom-ref of the document.
    const refs = new Set<unknown>();
    JSON.stringify(document, (key: string, value: unknown) => {
      if (key === 'bom-ref') {
        expect(refs.has(value)).toBe(false);
        refs.add(value);
      }
      return value;
    });
    const pointed = [...document.declarations.claims.flatMap((each) => [each.target, ...(each.evidence ?? []), ...(each.counterEvidence ?? [])]), ...Object.values(map).flatMap((entry) => [entry.requirement, ...(entry.claims ?? []), ...(entry.counterClaims ?? [])])];
    expect(pointed.filter((ref) => !refs.has(ref))).toEqual([]);
  });

  it('turns a requirement met when the application’s evidence changes: SR-11 with a pipeline’s SBOM identifying its components', async () => {
    expect(mapOf((await download<CycloneDxAttestation>('olga', attestation)).document)['SR-11'].counterClaims).toHaveLength(1);
    await setProvenance(world.app.database, currentBuild, { supplier: 'Acme', authors: ['CI'], tools: ['cdxgen 10'], timestamp: ago(1).toISOString(), signed: false }, true);
    await world.app.database.query("UPDATE sbom_components SET purl = 'pkg:npm/lodash@4.17.15' WHERE build_id = $1", [currentBuild]);
    const document = (await download<CycloneDxAttestation>('olga', attestation)).document;
    expect(() => validateCycloneDxJson(document, '1.6')).not.toThrow();
    expect(mapOf(document)['SR-11']).toMatchObject({ claims: [expect.any(String)], conformance: { score: 1 } });
  });

  it('is for who may view the application and requirements; another organization’s app answers 404', async () => {
    expect((await world.call('reed', 'GET', attestation)).statusCode).toBe(200);
    expectProblem(await world.call('vic', 'GET', attestation), 403, STATUS_MESSAGES[403]);
    expectProblem(await world.call('olga', 'GET', `/api/apps/nope/compliance/attestation?${G}`), 404, 'Invalid app key');
    expectProblem(await world.call('ursula', 'GET', '/api/apps/portal-web/compliance/attestation?graph=omega'), 404, 'Invalid app key');
    expect((await world.call('ursula', 'GET', attestation)).statusCode).toBe(404);
  });
});
