// @backend-agnostic: route validation, permissions and the family's rules through its routes; the SQL is the
// same engine on PGlite.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { multipart } from '../testing/analysis';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { authenticate } from '../testing/users';
import { NOT_A_KEV_UPLOAD, NOT_AN_ADVISORY_UPLOAD, ONE_IMPORT_FILE } from './routes';

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
const OSV_DIR = path.join(__dirname, 'testdata', 'osv');
const advisory = (id: string) => JSON.parse(readFileSync(path.join(OSV_DIR, `${id}.json`), 'utf8')) as { id: string; modified: string };

let environment: TestEnvironment;
let app: FastifyInstance;
let admin: SessionCookie; // an organization admin
let curator: SessionCookie; // a Global Admin: the advisory database is the installation's
let reader: SessionCookie;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'ada', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  admin = await authenticate(app, 'ada', clock.now);
  const created = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: withCookie(admin),
    payload: { code_name: 'pa', name: 'Acme process', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  });
  expect(created.statusCode).toBe(201);
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'pa=READER');
  reader = await authenticate(app, 'rita', clock.now);
  await createTestUser(app, 'gil', clock.now, '--role', '_global_admin');
  curator = await authenticate(app, 'gil', clock.now);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('POST /api/vulnerabilities/imports', () => {
  test('a JSON array of records', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/vulnerabilities/imports',
      headers: withCookie(curator),
      payload: [advisory('GHSA-257v-vj4p-3w2h'), advisory('GHSA-6fc8-4gx4-v693')],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ read: 2, added: 2, updated: 0, unchanged: 0, withdrawn: 0, removed: 0, invalid: 0, problems: [] });
  });

  test('an OSV zip export as the body, and as a multipart file', async () => {
    const zip = zipSync({ 'GHSA-3h5v-q93c-6h6q.json': strToU8(JSON.stringify(advisory('GHSA-3h5v-q93c-6h6q'))) });
    const body = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: { ...withCookie(curator), 'content-type': 'application/zip' }, payload: Buffer.from(zip) });
    expect(body.statusCode).toBe(200);
    expect(body.json()).toMatchObject({ read: 1, added: 1 });
    const upload = multipart('all.zip', Buffer.from(zip), 'application/zip');
    const form = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: { ...withCookie(curator), ...upload.headers }, payload: upload.payload });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ read: 1, added: 0, unchanged: 1 });
  });

  test('input that holds no advisory: 400 with the reason', async () => {
    const broken = multipart('broken.json', '{"id": ', 'application/json');
    const response = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: { ...withCookie(curator), ...broken.headers }, payload: broken.payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^broken\.json: not JSON/);
    const wrongField = multipart('a.json', '{}', 'application/json', 'bom');
    const field = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: { ...withCookie(curator), ...wrongField.headers }, payload: wrongField.payload });
    expect(field.statusCode).toBe(400);
    expect(field.json().detail).toBe(NOT_AN_ADVISORY_UPLOAD);
    // Two files: refused whole, not the first taken and the second dropped.
    const before = await app.database.query('SELECT id FROM vulnerabilities ORDER BY id');
    const part = (id: string) =>
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${id}.json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(advisory(id))}\r\n`;
    const two = await app.inject({
      method: 'POST',
      url: '/api/vulnerabilities/imports',
      headers: { ...withCookie(curator), 'content-type': 'multipart/form-data; boundary=b' },
      payload: `${part('GHSA-w573-4hg7-7wgq')}${part('GHSA-x5rq-j2xg-h7qm')}--b--\r\n`,
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().detail).toBe(`${ONE_IMPORT_FILE} ${NOT_AN_ADVISORY_UPLOAD}`);
    expect(await app.database.query('SELECT id FROM vulnerabilities ORDER BY id')).toEqual(before);
    const invalid = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(curator), payload: { id: 'X-1' } });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json()).toMatchObject({ read: 1, invalid: 1, problems: ["X-1: 'modified' must be an RFC 3339 time"] });
  });

  test("a Global Admin's only: an organization admin, whose organization is one of many matched against it, is refused and nothing is written", async () => {
    const response = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports?graph=pa', headers: withCookie(reader), payload: [advisory('GHSA-xvch-5gv4-984h')] });
    expect(response.statusCode).toBe(403);
    const before = await app.database.query('SELECT id, modified FROM vulnerabilities ORDER BY id');
    const withdrawn = { ...advisory('GHSA-257v-vj4p-3w2h'), modified: '2030-01-01T00:00:00Z', withdrawn: '2030-01-01T00:00:00Z' };
    for (const cookie of [admin, reader]) {
      const refused = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(cookie), payload: [withdrawn, advisory('GHSA-xvch-5gv4-984h')] });
      expect(refused.statusCode).toBe(403);
    }
    expect(await app.database.query('SELECT id, modified FROM vulnerabilities ORDER BY id')).toEqual(before);
  });

  test('an organization role cannot grant it: its policies hold in the organization only, and the import is global', async () => {
    const role = await app.inject({
      method: 'POST',
      url: '/api/iam/roles',
      headers: withCookie(admin),
      payload: { name: 'ADVISORY_IMPORTER', kind: 'organization', description: 'Tries to import advisories', policies: [{ effect: 'allow', actions: ['import', '*'], resources: ['Vulnerability', '*'], condition: null }] },
    });
    expect(role.statusCode).toBe(201);
    await createTestUser(app, 'ivan', clock.now, '--org', 'Acme', '--role', 'ADVISORY_IMPORTER');
    const ivan = await authenticate(app, 'ivan', clock.now);
    const refused = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(ivan), payload: [advisory('GHSA-xvch-5gv4-984h')] });
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/vulnerabilities/:id', () => {
  test('by id or alias, for a reader of applications', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vulnerabilities/CVE-2021-32640?graph=pa', headers: withCookie(reader) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 'GHSA-6fc8-4gx4-v693',
      aliases: ['CVE-2021-32640'],
      severity: 'MEDIUM',
      score: 5.3,
      activeExploit: false,
      knownExploited: [],
      record: { id: 'GHSA-6fc8-4gx4-v693', affected: expect.any(Array) },
    });
  });

  test('unknown: 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vulnerabilities/CVE-1900-0001?graph=pa', headers: withCookie(reader) });
    expect(response.statusCode).toBe(404);
  });

  test('signed out: 401', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/vulnerabilities/CVE-2021-32640' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/vulnerabilities/kev', () => {
  const KEV = readFileSync(path.join(__dirname, 'testdata', 'kev-sample.json'));

  test("CISA's catalog as a multipart file flags the advisories it names (by CVE alias) as active exploits", async () => {
    await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(curator), payload: [advisory('GHSA-xvch-5gv4-984h')] });
    const before = await app.inject({ method: 'GET', url: '/api/vulnerabilities/GHSA-xvch-5gv4-984h?graph=pa', headers: withCookie(admin) });
    expect(before.json().activeExploit).toBe(false);
    const upload = multipart('known_exploited_vulnerabilities.json', KEV, 'application/json');
    const response = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: { ...withCookie(curator), ...upload.headers }, payload: upload.payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ catalogVersion: '2026.11.22', read: 3, added: 3, updated: 0, invalid: 0 });
    const after = await app.inject({ method: 'GET', url: '/api/vulnerabilities/GHSA-xvch-5gv4-984h?graph=pa', headers: withCookie(admin) });
    expect(after.json()).toMatchObject({ activeExploit: true, knownExploited: [expect.objectContaining({ cveId: 'CVE-2021-44906', vendorProject: 'minimist' })] });
    // Again as a JSON body: the same entries, updated.
    const again = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: withCookie(curator), payload: JSON.parse(KEV.toString('utf8')) });
    expect(again.json()).toMatchObject({ read: 3, added: 0, updated: 3 });
  });

  test('what is not a KEV catalog answers 400 and says why; a READER may not import', async () => {
    const notJson = multipart('kev.json', '{"vulnerabilities": [', 'application/json');
    const broken = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: { ...withCookie(curator), ...notJson.headers }, payload: notJson.payload });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toBe(`kev.json is not JSON. ${NOT_A_KEV_UPLOAD}`);
    const osv = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: withCookie(curator), payload: advisory('GHSA-xvch-5gv4-984h') });
    expect(osv.statusCode).toBe(400);
    expect(osv.json().detail).toMatch(/^Not a KEV catalog: a KEV catalog is a JSON object with a 'vulnerabilities' array/);
    const wrongField = multipart('kev.json', KEV, 'application/json', 'catalog');
    const misnamed = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: { ...withCookie(curator), ...wrongField.headers }, payload: wrongField.payload });
    expect(misnamed.statusCode).toBe(400);
    expect(misnamed.json().detail).toBe(NOT_A_KEV_UPLOAD);
    const noCves = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: withCookie(curator), payload: { vulnerabilities: [{ cveID: 'nope' }] } });
    expect(noCves.statusCode).toBe(400);
    expect(noCves.json().detail).toBe('Not a KEV catalog: none of its entries has a cveID (CVE-YYYY-N).');
    for (const cookie of [admin, reader]) {
      const refused = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: withCookie(cookie), payload: JSON.parse(KEV.toString('utf8')) });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('GET /api/vulnerabilities/imports', () => {
  test('what the database holds, per ecosystem, and the KEV catalog; an import moves the figures', async () => {
    const summary = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/vulnerabilities/imports', headers: withCookie(curator) });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const before = await summary();
    const npmBefore = before.ecosystems.find((row: { ecosystem: string }) => row.ecosystem === 'npm')?.advisories ?? 0;
    // The earlier tests of this file stored the catalog of kev-sample.json.
    expect(before.knownExploited).toMatchObject({ entries: 3, catalogVersion: '2026.11.22' });
    expect(Date.parse(before.knownExploited.lastImportedAt)).not.toBeNaN();

    const added = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(curator), payload: [advisory('GHSA-w573-4hg7-7wgq')] });
    expect(added.json()).toMatchObject({ added: 1 });
    const after = await summary();
    expect(after.advisories).toBe(before.advisories + 1);
    expect(after.ecosystems).toContainEqual({ ecosystem: 'npm', advisories: npmBefore + 1 });
    const counts = after.ecosystems.map((row: { advisories: number }) => row.advisories);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(after.newestModified >= '2022-11-28T23:35:59.000Z').toBe(true);
    expect(Date.parse(after.lastImportedAt)).toBeGreaterThanOrEqual(Date.parse(before.lastImportedAt));
  });

  test('read-only for an organization admin (the Vulnerability Database screen): the summary, but no import; a READER gets 403', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/vulnerabilities/imports', headers: withCookie(admin) });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ advisories: expect.any(Number), knownExploited: { entries: 3, catalogVersion: '2026.11.22' } });
    // Reading is all: both imports stay the Global Admin's.
    const advisories = await app.inject({ method: 'POST', url: '/api/vulnerabilities/imports', headers: withCookie(admin), payload: [advisory('GHSA-xvch-5gv4-984h')] });
    expect(advisories.statusCode).toBe(403);
    const catalog = JSON.parse(readFileSync(path.join(__dirname, 'testdata', 'kev-sample.json'), 'utf8'));
    const kev = await app.inject({ method: 'POST', url: '/api/vulnerabilities/kev', headers: withCookie(admin), payload: catalog });
    expect(kev.statusCode).toBe(403);
    for (const url of ['/api/vulnerabilities/imports?graph=pa', '/api/vulnerabilities/imports']) {
      const refused = await app.inject({ method: 'GET', url, headers: withCookie(reader) });
      expect(refused.statusCode).toBe(403);
    }
  });
});
