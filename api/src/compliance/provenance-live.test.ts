// SBOM provenance through the families' own routes, with this process working the SBOM and
// compliance jobs: an upload records what its SBOM says of its provenance, and a sbom-provenance
// check turns as builds are processed (migration 045's topics), failing on a hand upload without a
// supplier and passing on a CI pipeline's upload that names one. The migrations' table of the
// kinds each topic concerns is the code's. Runs on the embedded database, and on Postgres when
// DATABASE_URL is set.
import type { ComplianceStatus, RequirementCompliance } from '@portal/shared/server';
import { TOPIC_KINDS } from './affected';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';

let world: TaskWorld;
let requirementId: string;

const sbom = (metadata: Record<string, unknown>) => ({
  bomFormat: 'CycloneDX',
  specVersion: '1.6',
  version: 1,
  metadata: { component: { type: 'application', 'bom-ref': 'shop', name: 'shop' }, ...metadata },
  components: [{ type: 'library', 'bom-ref': 'lodash', name: 'lodash', version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21' }],
});

/** Waits (up to 10 s) for the requirement's status. */
async function turns(status: ComplianceStatus): Promise<RequirementCompliance> {
  const started = Date.now();
  for (;;) {
    const compliance = await world.ok<RequirementCompliance>('olga', 'GET', `/api/requirements/${requirementId}/compliance?${G}`);
    if (compliance.status === status) return compliance;
    if (Date.now() - started > 10_000) throw new Error(`did not turn ${status}: ${JSON.stringify(compliance)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function processed(id: string): Promise<void> {
  for (;;) {
    const [build] = await world.app.database.query<{ status: string }>('SELECT status FROM application_builds WHERE id = $1', [id]);
    if (build.status === 'DONE') return;
    if (build.status === 'FAILED') throw new Error('the build failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  world = await taskWorld({ jobWorkers: ['sbom-builds', 'compliance-evaluations'] });
  await world.ok('olga', 'POST', `/api/apps?${G}`, { app_key: 'shop', name: 'Shop' }, 201);
  requirementId = (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code: 'SR-4', title: 'Provenance' }, 201)).id;
}, 120_000);

afterAll(async () => world?.close());

it("has the migrations' table of the kinds each topic concerns", async () => {
  for (const [topic, kinds] of Object.entries(TOPIC_KINDS)) {
    const [row] = await world.app.database.query<{ kinds: string[] }>('SELECT compliance_topic_kinds($1) AS kinds', [topic]);
    expect([topic, [...row.kinds].sort()]).toEqual([topic, [...kinds].sort()]);
  }
});

it('fails on a hand upload that names no supplier, and passes once a pipeline uploads one that does', async () => {
  const first = await world.ok<{ id: string }>('olga', 'POST', `/api/apps/shop/builds?${G}`, sbom({ timestamp: '2030-05-31T08:00:00Z' }), 202);
  await processed(first.id);
  const [stored] = await world.app.database.query<{ provenance: unknown }>('SELECT provenance FROM application_builds WHERE id = $1', [first.id]);
  expect(stored.provenance).toEqual({ supplier: null, authors: [], tools: [], timestamp: '2030-05-31T08:00:00Z', signed: false });
  const check = await world.ok<{ result: { status: ComplianceStatus; reasons: Array<{ label: string }> } }>(
    'olga',
    'POST',
    `/api/requirements/${requirementId}/checks?${G}`,
    { kind: 'sbom-provenance', params: { require: ['supplier', 'pipeline'] } },
    201,
  );
  expect(check.result.status).toBe('failing');
  expect(check.result.reasons.map((reason) => reason.label)).toEqual(['shop (build 1): no supplier and uploaded by hand, not by a CI/CD pipeline']);

  const key = (await world.ok<{ api_key_value: string }>('olga', 'POST', '/api/modules/cicd-ingestion', { name: 'Shop pipeline', configs: {} }, 201)).api_key_value;
  const upload = await world.app.inject({
    method: 'POST',
    url: '/api/apps/shop/builds',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload: sbom({ supplier: { name: 'Shop Inc' }, tools: { components: [{ type: 'application', name: 'cdxgen' }] } }),
  });
  expect(upload.statusCode).toBe(202);
  await processed((upload.json() as { id: string }).id);
  const passing = await turns('passing');
  expect(passing.checks[0].result.summary).toBe('The SBOM of every application of the process records its provenance (1 application with an SBOM).');
});
