// Re-evaluation as the evidence changes (issue 28 item 2), through the families' own routes with
// this process working the compliance-evaluations jobs: an SBOM upload that fixes a vulnerability
// turns its requirement passing within a second of the build being processed; a VEX analysis, a
// triage decision, the KEV catalog, a document's review-by date and a recurring task's completion
// each turn the checks reading them; the scheduled pass judges what only time changes. Runs on the
// embedded database, and on Postgres when DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ComplianceStatus, RequirementCompliance } from '@portal/shared/server';
import { readOps } from '../operations/importers/ops-data';
import { multipartBody } from '../testing/documents';
import { createTestUser, withCookie, type SessionCookie } from '../testing/identity';
import { G, taskWorld, type TaskWorld } from '../testing/tasks';
import { authenticate, globalAdmin } from '../testing/users';
import { TAGS_MESSAGE } from '../apps/routes';

const ADVISORY = JSON.parse(readFileSync(path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv', 'GHSA-35jh-r3h4-6jhm.json'), 'utf8'));
const sbom = (version: string) => ({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  version: 1,
  metadata: { component: { type: 'application', 'bom-ref': 'shop', name: 'shop' } },
  components: [{ type: 'library', 'bom-ref': 'lodash', name: 'lodash', version, purl: `pkg:npm/lodash@${version}` }],
  dependencies: [{ ref: 'shop', dependsOn: ['lodash'] }],
});

let world: TaskWorld;
let admin: SessionCookie;
/** An author of alpha who uploads documents (multipart, which the world's `call` does not send). */
let dora: SessionCookie;

const compliance = (requirementId: string) => world.ok<RequirementCompliance>('olga', 'GET', `/api/requirements/${requirementId}/compliance?${G}`);

/** Waits (up to 10 s) for the requirement's status; resolves to the milliseconds it took. */
async function turns(requirementId: string, status: ComplianceStatus): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await compliance(requirementId)).status === status) return Date.now() - started;
    if (Date.now() - started > 10_000) throw new Error(`${requirementId} did not turn ${status}: ${JSON.stringify(await compliance(requirementId))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function uploaded(version: string): Promise<{ id: string; number: number }> {
  const { id } = await world.ok<{ id: string }>('olga', 'POST', `/api/apps/shop/builds?${G}`, sbom(version), 202);
  for (;;) {
    const build = await world.ok<{ id: string; number: number; status: string }>('olga', 'GET', `/api/apps/shop/builds/${id}?${G}`);
    if (build.status === 'DONE') return build;
    if (build.status === 'FAILED') throw new Error('the build failed');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const requirement = async (code: string) => (await world.ok<{ id: string }>('olga', 'POST', `/api/requirements?${G}`, { code, title: code }, 201)).id;
const addCheck = (requirementId: string, body: object) => world.ok<{ result: { status: ComplianceStatus } }>('olga', 'POST', `/api/requirements/${requirementId}/checks?${G}`, body, 201);

beforeAll(async () => {
  world = await taskWorld({ jobWorkers: ['sbom-builds', 'rbom-configurations', 'compliance-evaluations'] });
  admin = await globalAdmin(world.app, world.clock.now);
  await createTestUser(world.app, 'dora', world.clock.now, '--org', 'Acme', '--member', 'alpha=AUTHOR');
  dora = await authenticate(world.app, 'dora', world.clock.now);
  expect((await world.app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(admin), payload: [ADVISORY] })).statusCode).toBe(200);
  await world.ok('olga', 'POST', `/api/apps?${G}`, { app_key: 'shop', name: 'Shop' }, 201);
}, 120_000);

afterAll(async () => world?.close());

describe('SBOM findings', () => {
  let requirementId: string;
  let build: { id: string; number: number };

  it('an upload that fixes the vulnerability turns the requirement passing within a second of its processing', async () => {
    build = await uploaded('4.17.15');
    requirementId = await requirement('VULN-1');
    expect((await addCheck(requirementId, { kind: 'open-findings', params: { sources: ['sbom'], severity: 'high' } })).result.status).toBe('failing');
    await uploaded('4.17.21');
    const elapsed = await turns(requirementId, 'passing');
    console.log(`passing ${elapsed} ms after the fixing build was processed`);
    expect(elapsed).toBeLessThan(1000);
    // The vulnerable version again: failing again.
    build = await uploaded('4.17.15');
    await turns(requirementId, 'failing');
  });

  it('a VEX analysis of not_affected turns it passing; withdrawn (in_triage), failing again', async () => {
    const { items } = await world.ok<{ items: Array<{ id: string }> }>('olga', 'POST', `/api/apps/shop/builds/${build.id}/vulnerabilities?${G}`, {});
    const vex = (body: object) => world.ok('olga', 'POST', `/api/apps/shop/builds/${build.id}/vulnerabilities/${items[0].id}/vex?${G}`, body);
    await vex({ state: 'not_affected', justification: 'code_not_reachable' });
    await turns(requirementId, 'passing');
    await vex({ state: 'in_triage' });
    await turns(requirementId, 'failing');
  });

  it('the KEV catalog naming the advisory turns an active-exploit check failing', async () => {
    const exploits = await requirement('KEV-1');
    expect((await addCheck(exploits, { kind: 'active-exploit', params: { sources: ['sbom'] } })).result.status).toBe('passing');
    const kev = { catalogVersion: '2030.06.01', vulnerabilities: [{ cveID: 'CVE-2021-23337', vendorProject: 'lodash', product: 'lodash', vulnerabilityName: 'lodash', dateAdded: '2030-06-01' }] };
    expect((await world.app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: withCookie(admin), payload: kev })).statusCode).toBe(200);
    await turns(exploits, 'failing');
  });
});

it('a triage decision of false positive turns an open-findings check over SAST passing', async () => {
  expect((await world.call('olga', 'POST', `/api/security/findings?${G}&repository=web`, readOps('eslint.sarif'))).statusCode).toBe(200);
  const requirementId = await requirement('SAST-1');
  expect((await addCheck(requirementId, { kind: 'open-findings', scope: { kind: 'repositories', names: ['web'] }, params: { sources: ['sast'], severity: 'medium' } })).result.status).toBe('failing');
  const { items } = await world.ok<{ items: Array<{ id: string }> }>('olga', 'GET', `/api/security/findings?${G}&state=open&scope=repo:web`);
  await world.ok('olga', 'POST', `/api/security/findings/triage?${G}`, { ids: items.map((item) => item.id), state: 'false_positive', reason: 'Test code' });
  await turns(requirementId, 'passing');
});

it("a linked document's review-by date passing turns an evidence-file check failing, a new date passing again", async () => {
  const requirementId = await requirement('DOC-1');
  expect((await addCheck(requirementId, { kind: 'evidence-file' })).result.status).toBe('failing');
  const body = multipartBody([{ name: 'policy.txt', content: 'Access policy' }], { folder: 'policies' });
  const upload = await world.app.inject({ method: 'POST', url: `/api/documents?${G}`, payload: body.payload, headers: { ...withCookie(dora), ...body.headers } });
  const documentId = (upload.json() as { documents: Array<{ id: string }> }).documents[0].id;
  await world.ok('olga', 'PUT', `/api/documents/${documentId}/requirements/${requirementId}?${G}`, undefined, 204);
  await turns(requirementId, 'passing');
  await world.ok('olga', 'PATCH', `/api/documents/${documentId}?${G}`, { review_by: '2030-05-31' });
  await turns(requirementId, 'failing');
  await world.ok('olga', 'PATCH', `/api/documents/${documentId}?${G}`, { review_by: '2030-12-31' });
  await turns(requirementId, 'passing');
});

it("an application tagged through the apps API enters a tag's scope, and leaves it untagged", async () => {
  const requirementId = await requirement('TAG-1');
  const scope = { kind: 'applications', keys: [], portfolios: [], tags: ['PCI'] };
  expect((await addCheck(requirementId, { kind: 'sbom-fresh', scope })).result.status).toBe('not_evaluated');
  const created = await world.ok<{ tags: string[] }>('olga', 'POST', `/api/apps?${G}`, { app_key: 'till', name: 'Till', tags: [' pci ', 'pci', 'retail'] }, 201);
  expect(created.tags).toEqual(['pci', 'retail']);
  // No SBOM yet: the tagged application fails the freshness check.
  await turns(requirementId, 'failing');
  expect((await world.ok<{ tags: string[] }>('olga', 'PUT', `/api/apps/till?${G}`, { tags: [] })).tags).toEqual([]);
  await turns(requirementId, 'not_evaluated');
  for (const tags of [['x'.repeat(51)], Array.from({ length: 21 }, (_, index) => `t${index}`), [''], ['javascript:alert(1)']]) {
    const refused = await world.call('olga', 'PUT', `/api/apps/till?${G}`, { tags });
    expect([refused.statusCode, refused.json().detail]).toEqual([400, TAGS_MESSAGE]);
  }
});

// Last: it moves the clock a month on (the world's sessions expire).
it('a recurring task completed on time passes; once its next occurrence is past due, the scheduled pass fails it', async () => {
  const requirementId = await requirement('TASK-1');
  const task = await world.ok<{ id: string }>('olga', 'POST', `/api/tasks?${G}`, {
    title: 'Quarterly access review', due_date: '2030-06-01', recurrence: 'FREQ=MONTHLY', assigned_to_user_id: world.ids.olga, link: { kind: 'requirement', id: requirementId },
  }, 201);
  expect((await addCheck(requirementId, { kind: 'recurring-task' })).result.status).toBe('not_evaluated');
  await world.ok('olga', 'POST', `/api/tasks/${task.id}/complete?${G}`, {});
  await turns(requirementId, 'passing');
  // A month later (the sessions of the world have expired by then: the database is read directly).
  world.clock.set(new Date('2030-07-02T08:00:00Z'));
  await world.app.compliance.tick();
  for (let attempt = 0; ; attempt += 1) {
    const [row] = await world.app.database.query<{ status: string; reasons: Array<{ kind: string; label: string }> }>(
      'SELECT s.status, c.reasons FROM compliance_requirements s JOIN compliance_checks c ON c.requirement_id = s.requirement_id WHERE s.requirement_id = $1',
      [requirementId],
    );
    if (row.status === 'failing') {
      expect(row.reasons).toEqual([expect.objectContaining({ kind: 'task', label: 'Quarterly access review: due on 2030-07-01, not completed' })]);
      break;
    }
    if (attempt > 500) throw new Error(`still ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});
