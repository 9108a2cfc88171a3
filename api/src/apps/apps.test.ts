// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// Applications and SBOM ingestion through the API (issue 7 items 1–4): CRUD within the licence,
// 404 'Invalid app key', uploads by session and by a CI/CD module's X-Api-Key (JSON, XML, SPDX,
// multipart, gzip), 400s that say what and where, 413, nothing half-stored, background processing
// to DONE with findings and an Import SBOM event, the component tree, searches, and fuzzing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { findOrganizationByName, findOrganizationById, updateModuleConfiguration } from '../organizations/repository';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate, globalAdmin } from '../testing/users';
import { SBOM_MAX_UPLOAD_BYTES } from '../sbom/body';
import { caller, expectRefused, storedRows, type Caller } from '../testing/apps';

const TESTDATA = path.join(__dirname, '..', 'sbom', 'testdata');
const OSV = path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv');
const juiceShopGz = readFileSync(path.join(TESTDATA, 'juice-shop-v11.1.2.bom.json.gz'));
const laravelGz = readFileSync(path.join(TESTDATA, 'laravel-7.12.0.bom.1.4.json.gz'));
const xml = readFileSync(path.join(TESTDATA, 'cyclonedx-1.6.bom.xml'));
const spdx = readFileSync(path.join(TESTDATA, 'spdx-2.3.json'));

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // Acme, READER of alpha
let apiKey: string; // Acme's CI/CD ingestion module
let awsKey: string; // Acme's AWS module: not an ingestion key

let api: ReturnType<typeof caller>;
const call = (cookie: SessionCookie, method: InjectOptions['method'], url: string, payload?: object) => api.call(cookie, method, url, payload);
const upload = (who: Caller, appKey: string, payload: Buffer | string, headers: Record<string, string> = {}) => api.upload(who, appKey, payload, headers);
const finished = (appKey: string, buildId: string) => api.finished(olga, appKey, buildId);
const stored = () => storedRows(app);

function multipart(field: string, content: Buffer, filename = 'bom.json'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----portal-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  api = caller(app, 'alpha');
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Solo']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'other', '--name', 'Other']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  olga = await authenticate(app, 'olga', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  apiKey = (await call(olga, 'POST', '/api/modules/cicd-ingestion', { name: 'Pipelines' })).json().api_key_value;
  const aws = await call(olga, 'POST', '/api/modules/aws', {
    name: 'Cloud',
    configs: { region: 'eu-west-1', access_key_id: 'AKIA1234', secret_access_key: 's3cret' },
  });
  awsKey = aws.json().api_key_value;
  const advisories = readFileSync(path.join(OSV, 'GHSA-35jh-r3h4-6jhm.json'), 'utf8');
  const imported = await call(await globalAdmin(app, clock.now), 'POST', '/api/vulnerabilities/imports', [JSON.parse(advisories)]);
  expect(imported.statusCode).toBe(200);
  for (const app_key of ['shop', 'billing', 'web', 'php']) {
    expect((await call(olga, 'POST', '/api/apps?graph=alpha', { app_key, name: `App ${app_key}`, portfolio: 'Retail' })).statusCode).toBe(201);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('applications', () => {
  it('creates, lists with severity counts, changes, sets monitoring and deletes', async () => {
    const created = await call(olga, 'POST', '/api/apps?graph=alpha', { app_key: 'Crm-1', name: 'CRM', portfolio: 'Sales' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ app_key: 'Crm-1', name: 'CRM', portfolio: 'Sales', process: 'alpha', enable_continuous_monitoring: false });
    const duplicate = await call(olga, 'POST', '/api/apps?graph=other', { app_key: 'crm-1', name: 'Again' });
    expectRefused(duplicate, 409, /app key 'crm-1' already exists/);
    expectRefused(await call(olga, 'POST', '/api/apps?graph=alpha', { app_key: 'appSettings' }), 400, /reserved/);
    expectRefused(await call(olga, 'POST', '/api/apps?graph=alpha', { app_key: '../x' }), 400, /letters, digits/);
    expectRefused(await call(olga, 'POST', '/api/apps?graph=alpha', { name: 'No key' }), 400, /app key is required/);

    const list = await call(olga, 'GET', '/api/apps?graph=alpha');
    expect(list.statusCode).toBe(200);
    const crm = list.json().find((item: { app_key: string }) => item.app_key === 'Crm-1');
    expect(crm).toMatchObject({ build_count: 0, latest_build: null, vulnerabilities: { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, total: 0 } });
    expect((await call(olga, 'GET', '/api/apps?graph=other')).json()).toEqual([]);

    const changed = await call(olga, 'PUT', '/api/apps/crm-1?graph=alpha', { name: 'CRM suite', portfolio: null });
    expect(changed.json()).toMatchObject({ app_key: 'Crm-1', name: 'CRM suite', portfolio: null });
    const settings = await call(olga, 'PUT', `/api/apps/appSettings/${crm.id}?graph=alpha`, { enable_continuous_monitoring: true });
    expect(settings.json()).toEqual({ id: crm.id, app_key: 'Crm-1', enable_continuous_monitoring: true });
    expect((await call(olga, 'GET', '/api/apps/appSettings/Crm-1?graph=alpha')).json().enable_continuous_monitoring).toBe(true);
    const bulk = await call(olga, 'PUT', '/api/apps/appSettings?graph=alpha', [{ app_key: 'Crm-1', enable_continuous_monitoring: false }]);
    expect(bulk.json().find((item: { app_key: string }) => item.app_key === 'Crm-1').enable_continuous_monitoring).toBe(false);
    expect((await call(olga, 'GET', '/api/apps/appSettings?graph=alpha')).json()).toHaveLength(5);

    expect((await call(olga, 'DELETE', '/api/apps/Crm-1?graph=alpha')).statusCode).toBe(204);
    expectRefused(await call(olga, 'GET', '/api/apps/Crm-1?graph=alpha'), 404, /^Invalid app key$/);
  });

  it("answers 404 'Invalid app key' for an unknown key, and for an app of another process", async () => {
    expectRefused(await call(olga, 'GET', '/api/apps/nothing?graph=alpha'), 404, /^Invalid app key$/);
    expectRefused(await call(olga, 'GET', '/api/apps/shop?graph=other'), 404, /^Invalid app key$/);
    expectRefused(await call(olga, 'GET', '/api/sbom?graph=alpha&app=nothing'), 404, /^Invalid app key$/);
    expectRefused(await upload({ key: apiKey }, 'nothing', '{}'), 404, /^Invalid app key$/);
  });

  it("refuses an app beyond the organization's num_of_apps (402) and lets a reader look only", async () => {
    const acme = (await findOrganizationById(app.database, (await findOrganizationByName(app.database, 'Acme'))!.id))!;
    await updateModuleConfiguration(app.database, acme.id, { ...acme.module_configuration, num_of_apps: 4 });
    try {
      const refused = await call(olga, 'POST', '/api/apps?graph=alpha', { app_key: 'fifth' });
      expectRefused(refused, 402, /exceeds the current license configuration/);
    } finally {
      await updateModuleConfiguration(app.database, acme.id, acme.module_configuration);
    }
    expect((await call(rita, 'GET', '/api/apps?graph=alpha')).statusCode).toBe(200);
    expect((await call(rita, 'POST', '/api/apps?graph=alpha', { app_key: 'nope' })).statusCode).toBe(403);
    expect((await upload(rita, 'shop', xml)).statusCode).toBe(403);
  });
});

describe('ingestion', () => {
  it('stores the juice-shop CycloneDX 1.2 JSON (gzip body) by session, processes it, finds lodash and announces it', async () => {
    const before = await stored();
    const response = await upload(olga, 'shop', juiceShopGz, { 'content-encoding': 'gzip' });
    expect(response.statusCode).toBe(202);
    const accepted = response.json();
    expect(accepted).toMatchObject({ number: 1, format: 'CycloneDX', spec_version: '1.2', encoding: 'json', component_count: 841, via: 'session', uploaded_by: 'olga' });
    expect(response.headers.location).toBe(`/api/apps/shop/builds/${accepted.id}`);
    const build = await finished('shop', accepted.id);
    expect(build).toMatchObject({ status: 'DONE', root: { bom_ref: 'pkg:npm/juice-shop@11.1.2', name: 'juice-shop' } });
    expect(build.vulnerability_count).toBeGreaterThan(0);
    const after = await stored();
    expect(after.components - before.components).toBe(841);

    const withFindings = (await call(olga, 'GET', `/api/apps/shop/builds/1?graph=alpha&sbom=true`)).json();
    expect(withFindings.findings.some((finding: { vulnerability_id: string; name: string }) => finding.name === 'lodash')).toBe(true);
    const list = (await call(olga, 'GET', '/api/apps?graph=alpha')).json();
    const shop = list.find((item: { app_key: string }) => item.app_key === 'shop');
    expect(shop.vulnerabilities.total).toBe(withFindings.findings.length);
    expect(shop.latest_build).toMatchObject({ number: 1, status: 'DONE' });

    const events = await app.database.query<{ destination: string; body: { type: string; data: Record<string, unknown> } }>(
      `SELECT destination, body FROM outbox WHERE body->>'type' = 'Import SBOM' AND body->'data'->>'id' = $1 ORDER BY seq`,
      [accepted.id],
    );
    // Stored, claimed, done: each to olga (organization role) and rita (member), who may view the app.
    expect(events.map((event) => event.body.data.status)).toEqual(['PENDING', 'PENDING', 'PROCESSING', 'PROCESSING', 'DONE', 'DONE']);
    expect(events[4].body.data).toMatchObject({ graph: 'alpha', app_key: 'shop', status: 'DONE', component_count: 841, number: 1 });
  });

  it('stores a CycloneDX 1.6 XML upload by API key, with its dependency tree', async () => {
    const response = await upload({ key: apiKey }, 'web', xml, { 'content-type': 'application/xml' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ format: 'CycloneDX', spec_version: '1.6', encoding: 'xml', component_count: 5, via: 'api-key', uploaded_by: null });
    await finished('web', response.json().id);
    const tree = (await call(olga, 'GET', '/api/sbom?graph=alpha&app=web')).json();
    const byRef = Object.fromEntries(tree.components.map((component: { bom_ref: string }) => [component.bom_ref, component]));
    expect(byRef['pkg:npm/shop-front@2.0.0']).toMatchObject({ parent: null, level: 0, total: 4, project: 'web' });
    expect(byRef['pkg:npm/shop-front@2.0.0'].sub_components.sort()).toEqual(
      ['pkg:npm/%40types/node@14.0.0', 'pkg:npm/express@4.17.1', 'pkg:npm/lodash@4.17.15'].sort(),
    );
    expect(byRef['pkg:npm/express@4.17.1']).toMatchObject({ parent: 'pkg:npm/shop-front@2.0.0', level: 1, total: 1, sub_components: ['pkg:npm/body-parser@1.19.0'] });
    expect(byRef['pkg:npm/body-parser@1.19.0']).toMatchObject({ parent: 'pkg:npm/express@4.17.1', level: 2, total: 0 });
    // lodash sits under the root (its shallowest place), not under body-parser.
    expect(byRef['pkg:npm/lodash@4.17.15']).toMatchObject({ parent: 'pkg:npm/shop-front@2.0.0', level: 1, licenses: ['MIT OR CC0-1.0'] });
    expect(byRef['pkg:npm/lodash@4.17.15'].vulnerabilityCount).toBeGreaterThan(0);
    expect(byRef['pkg:npm/shop-front@2.0.0'].vulnerabilityCount).toBe(byRef['pkg:npm/lodash@4.17.15'].vulnerabilityCount);
    // unreached by the graph: hung under the root
    expect(byRef['pkg:npm/%40types/node@14.0.0']).toMatchObject({ parent: 'pkg:npm/shop-front@2.0.0', level: 1, group: '@types' });
  });

  it('stores an SPDX 2.3 JSON upload sent as the multipart field bom', async () => {
    const { payload, headers } = multipart('bom', spdx, 'billing.spdx.json');
    const response = await upload(olga, 'billing', payload, headers);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ format: 'SPDX', spec_version: '2.3', component_count: 3, root: { bom_ref: 'SPDXRef-billing', version: '1.4.0' } });
    await finished('billing', response.json().id);
    const tree = (await call(olga, 'GET', '/api/sbom?graph=alpha&app=billing')).json();
    expect(tree.components.map((component: { bom_ref: string; parent: string | null; level: number }) => [component.bom_ref, component.parent, component.level])).toEqual([
      ['SPDXRef-billing', null, 0],
      ['SPDXRef-jackson-databind', 'SPDXRef-billing', 1],
      ['SPDXRef-jackson-core', 'SPDXRef-jackson-databind', 2],
    ]);
    expectRefused(await upload(olga, 'billing', multipart('file', spdx).payload, multipart('file', spdx).headers), 400, /multipart field 'bom'/);
  });

  it('accepts a gzip upload recognised by its magic bytes, and a second build numbers 2', async () => {
    const response = await upload({ key: apiKey }, 'PHP', laravelGz, { 'content-type': 'application/octet-stream' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ number: 1, spec_version: '1.4', component_count: 63 });
    const again = await upload({ key: apiKey }, 'php', gzipSync(xml));
    expect(again.json().number).toBe(2);
    await finished('php', again.json().id);
    const detail = (await call(olga, 'GET', '/api/apps/php?graph=alpha')).json();
    expect(detail.builds.map((build: { number: number }) => build.number)).toEqual([2, 1]);
  });

  it('refuses a wrong key (401), a key of another module type (403), and no credentials (401)', async () => {
    expectRefused(await upload({ key: 'not-a-key' }, 'shop', xml), 401, /^Invalid API key\.$/);
    expectRefused(await upload({ key: awsKey }, 'shop', xml), 403, /CI\/CD ingestion module's key/);
    const anonymous = await app.inject({ method: 'POST', url: '/api/apps/shop/builds', headers: { 'content-type': 'application/xml' }, payload: xml });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses what is not an SBOM with a 400 that says what is wrong and where, storing nothing', async () => {
    const before = await stored();
    expectRefused(await upload(olga, 'shop', '{"bomFormat": "CycloneDX",'), 400, /not valid JSON/);
    expectRefused(await upload(olga, 'shop', 'hello'), 400, /neither JSON nor XML/);
    expectRefused(await upload(olga, 'shop', '{"hello": 1}'), 400, /Unknown SBOM format.*neither bomFormat.*nor spdxVersion/);
    expectRefused(await upload(olga, 'shop', '{"bomFormat": "CycloneDX", "specVersion": "1.1"}'), 400, /Unsupported CycloneDX version "1.1"/);
    expectRefused(await upload(olga, 'shop', '<html><body/></html>'), 400, /not a CycloneDX bom/);
    expectRefused(await upload(olga, 'shop', '<bom xmlns="http://cyclonedx.org/schema/bom/1.5"><components>'), 400, /not well-formed XML/);
    expectRefused(await upload(olga, 'shop', '<!DOCTYPE bom [<!ENTITY a "aaaa">]><bom/>'), 400, /DOCTYPE/);
    expectRefused(await upload(olga, 'shop', ''), 400, /No SBOM was sent/);

    const invalid = {
      bomFormat: 'CycloneDX',
      specVersion: '1.4',
      version: 1,
      components: [
        { type: 'library', name: 'ok', version: '1.0.0' },
        { type: 'gadget', name: 'bad-type' },
        { type: 'library', version: '2.0.0' },
      ],
    };
    const response = await upload(olga, 'shop', JSON.stringify(invalid));
    expectRefused(response, 400, /does not follow its JSON schema/);
    const fields = Object.fromEntries(response.json().errors.map((error: { field: string; message: string }) => [error.field, error.message]));
    expect(fields).toMatchObject({ 'components[1].type': expect.stringContaining('must be one of'), 'components[2].name': 'is required' });

    const duplicateRefs = { bomFormat: 'CycloneDX', specVersion: '1.5', components: [{ type: 'library', name: 'a', 'bom-ref': 'x' }, { type: 'library', name: 'b', 'bom-ref': 'x' }] };
    const duplicate = await upload(olga, 'shop', JSON.stringify(duplicateRefs));
    expectRefused(duplicate, 400, /components\[1\]\.bom-ref duplicates components\[0\]\.bom-ref/);

    const badSpdx = { ...JSON.parse(spdx.toString()), packages: [{ SPDXID: 'nope', name: 'x' }] };
    const spdxResponse = await upload(olga, 'shop', JSON.stringify(badSpdx));
    expectRefused(spdxResponse, 400, /SPDX 2.3 document is not valid: packages\[0\]\.SPDXID/);
    expectRefused(await upload(olga, 'shop', JSON.stringify({ ...badSpdx, spdxVersion: 'SPDX-2.2' })), 400, /Unsupported SPDX version/);
    expectRefused(await upload(olga, 'shop', Buffer.from('not gzip'), { 'content-encoding': 'gzip' }), 400, /not gzip data/);
    expectRefused(await upload(olga, 'shop', xml, { 'content-encoding': 'br' }), 415, /Content-Encoding/);
    expect(await stored()).toEqual(before);
  });

  it('answers 413 for a body or an inflated body that is too large, storing nothing', async () => {
    const before = await stored();
    const huge = Buffer.alloc(SBOM_MAX_UPLOAD_BYTES + 1, 0x20);
    expect((await upload(olga, 'shop', huge)).statusCode).toBe(413);
    // 300 MiB of spaces inflate from about 300 KiB of gzip.
    const bomb = gzipSync(Buffer.alloc(300 * 1024 * 1024, 0x20), { level: 1 });
    expectRefused(await upload({ key: apiKey }, 'shop', bomb, { 'content-encoding': 'gzip' }), 413, /inflated SBOM is larger than/);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it('answers 413 for a multipart body larger than an upload, however it is split into parts', async () => {
    const before = await stored();
    // Each field within the parser's field size, the whole past what one upload may carry.
    const note = 'n'.repeat(30 * 1024 * 1024);
    const parts = ['note1', 'note2', 'note3'].map((name) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${note}\r\n`);
    const body = `${parts.join('')}--b\r\nContent-Disposition: form-data; name="bom"; filename="bom.xml"\r\n\r\n${xml}\r\n--b--\r\n`;
    const response = await upload({ key: apiKey }, 'shop', body, { 'content-type': 'multipart/form-data; boundary=b' });
    expectRefused(response, 413, /^The SBOM is larger than the 64 MiB accepted\.$/);
    expect(response.headers.connection).toBe('close');
    expect(await stored()).toEqual(before);
  }, 60_000);

  it('stores nothing when the transaction fails half-way', async () => {
    const before = await stored();
    // A component name the database refuses (NUL) is caught before storing…
    const nul = { bomFormat: 'CycloneDX', specVersion: '1.4', components: [{ type: 'library', name: 'a\u0000b' }] };
    expectRefused(await upload(olga, 'shop', JSON.stringify(nul)), 400, /NUL/);
    // …and a failure inside the transaction (a dependency insert made to fail) rolls the build back.
    await app.database.exec(`ALTER TABLE sbom_dependencies ADD CONSTRAINT test_no_edges CHECK (ref <> 'pkg:npm/express@4.17.1') NOT VALID`);
    try {
      expect((await upload(olga, 'web', xml)).statusCode).toBe(500);
    } finally {
      await app.database.exec('ALTER TABLE sbom_dependencies DROP CONSTRAINT test_no_edges');
    }
    expect(await stored()).toEqual(before);
  });
});

describe('searches', () => {
  it('finds components, vulnerabilities and builds; empty text answers [] without searching', async () => {
    const components = (await call(olga, 'GET', '/api/apps/components/search?graph=alpha&search=LODASH')).json();
    expect(components.map((component: { app_key: string; name: string }) => component.app_key)).toEqual(expect.arrayContaining(['shop', 'web']));
    expect(components.every((component: { name: string; purl: string }) => /lodash/i.test(component.name + component.purl))).toBe(true);
    const vulnerabilities = (await call(olga, 'GET', '/api/apps/vulnerabilities/search?graph=alpha&search=ghsa-35jh')).json();
    expect(vulnerabilities.length).toBeGreaterThan(0);
    expect(vulnerabilities[0]).toMatchObject({ vulnerability_id: 'GHSA-35jh-r3h4-6jhm', name: 'lodash' });
    const byAlias = (await call(olga, 'GET', '/api/apps/vulnerabilities/search?graph=alpha&search=CVE-2021-23337')).json();
    expect(byAlias.length).toBe(vulnerabilities.length);

    const builds = (await call(olga, 'GET', '/api/apps/builds/search?graph=alpha&search=jackson&category=component')).json();
    expect(builds.map((build: { app_key: string }) => build.app_key)).toEqual(['billing']);
    const byApp = (await call(olga, 'GET', '/api/apps/builds/search?graph=alpha&search=App%20php&category=app')).json();
    expect(byApp.map((build: { number: number }) => build.number)).toEqual([2, 1]);
    const byVulnerability = (await call(olga, 'GET', '/api/apps/builds/search?graph=alpha&search=GHSA-35jh&category=vulnerability')).json();
    expect(byVulnerability.map((build: { app_key: string }) => build.app_key).sort()).toEqual(expect.arrayContaining(['shop', 'web']));
    expectRefused(await call(olga, 'GET', '/api/apps/builds/search?graph=alpha&search=x&category=colour'), 400, /Unknown search category 'colour'/);
    for (const url of ['/api/apps/components/search?graph=alpha&search=', '/api/apps/vulnerabilities/search?graph=alpha&search=%20%20', '/api/apps/builds/search?graph=alpha']) {
      const response = await call(olga, 'GET', url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 200, body: [] });
    }
    // % and _ are taken literally
    expect((await call(olga, 'GET', '/api/apps/components/search?graph=alpha&search=l%25h')).json()).toEqual([]);
    expect((await call(olga, 'GET', '/api/apps/components/search?graph=alpha&search=%25')).json().length).toBeGreaterThan(0); // %40types
  });
});

describe('fuzzing the upload endpoint', () => {
  const component = fc.record(
    {
      type: fc.oneof(fc.constantFrom('library', 'application', 'framework'), fc.string(), fc.integer()),
      name: fc.oneof(fc.string(), fc.constant(''), fc.integer(), fc.constant(null)),
      version: fc.oneof(fc.string(), fc.integer()),
      'bom-ref': fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string()),
      purl: fc.oneof(fc.constantFrom('pkg:npm/lodash@4.17.15', 'pkg:maven/x/y@1', 'pkg:'), fc.string()),
      licenses: fc.oneof(fc.constant([{ license: { id: 'MIT' } }]), fc.anything()),
      components: fc.constant([]),
    },
    { requiredKeys: [] },
  );
  const cyclonedx = fc.record(
    {
      bomFormat: fc.oneof(fc.constant('CycloneDX'), fc.string()),
      specVersion: fc.constantFrom('1.2', '1.3', '1.4', '1.5', '1.6', '2.0', ''),
      version: fc.oneof(fc.integer(), fc.string()),
      metadata: fc.oneof(fc.record({ component }, { requiredKeys: [] }), fc.anything()),
      components: fc.oneof(fc.array(component, { maxLength: 8 }), fc.anything()),
      dependencies: fc.oneof(
        fc.array(fc.record({ ref: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.anything()), dependsOn: fc.oneof(fc.array(fc.constantFrom('a', 'b', 'c', 'zz')), fc.anything()) }), { maxLength: 6 }),
        fc.anything(),
      ),
    },
    { requiredKeys: [] },
  );
  const spdxDocument = fc.record(
    {
      spdxVersion: fc.constantFrom('SPDX-2.3', 'SPDX-2.2'),
      SPDXID: fc.constantFrom('SPDXRef-DOCUMENT', 'x'),
      name: fc.oneof(fc.string(), fc.anything()),
      documentNamespace: fc.string(),
      creationInfo: fc.oneof(fc.constant({ created: '2026-01-01T00:00:00Z', creators: ['Tool: x'] }), fc.anything()),
      packages: fc.oneof(fc.array(fc.record({ SPDXID: fc.constantFrom('SPDXRef-a', 'SPDXRef-b', 'bad'), name: fc.oneof(fc.string(), fc.anything()), externalRefs: fc.anything() }, { requiredKeys: [] }), { maxLength: 5 }), fc.anything()),
      relationships: fc.oneof(fc.array(fc.record({ spdxElementId: fc.constantFrom('SPDXRef-a', 'SPDXRef-b', 'SPDXRef-DOCUMENT'), relationshipType: fc.constantFrom('DEPENDS_ON', 'DESCRIBES', 'CONTAINS', 'X'), relatedSpdxElement: fc.anything() }, { requiredKeys: [] }), { maxLength: 5 }), fc.anything()),
    },
    { requiredKeys: [] },
  );
  const hostileText = fc.oneof(
    fc.string(),
    fc.constantFrom(
      '[]',
      'null',
      '{"bomFormat":"CycloneDX","specVersion":"1.4","components":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
      '<bom xmlns="http://cyclonedx.org/schema/bom/1.4">' + '<components><component type="library"><name>x</name>'.repeat(200) + '</component></components>'.repeat(200) + '</bom>',
      '<bom xmlns="http://cyclonedx.org/schema/bom/1.4"><components><component><name>&lt;x&gt;</name><purl>pkg:npm/a@1</purl></component></components></bom>',
      '{"__proto__": {"polluted": true}, "bomFormat": "CycloneDX", "specVersion": "1.4", "components": [{"type":"library","name":"x","__proto__":{"y":1}}]}',
      '\u0000\u0001',
      '<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.2"><components><component type="library" bom-ref="a"/></components></bom>',
    ),
  );
  const bodies = fc.oneof(
    cyclonedx.map((document) => JSON.stringify(document)),
    spdxDocument.map((document) => JSON.stringify(document)),
    hostileText,
  );

  it('answers only 2xx or 4xx, never 5xx, and a refused upload stores nothing', async () => {
    await fc.assert(
      fc.asyncProperty(bodies, fc.boolean(), async (body, gzip) => {
        const before = await stored();
        const payload = gzip ? gzipSync(Buffer.from(body)) : body;
        const response = await upload({ key: apiKey }, 'fuzz', payload);
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json().detail).toEqual(expect.any(String));
          expect(await stored()).toEqual(before);
        } else {
          expect(response.statusCode).toBe(202);
          expect((await stored()).builds).toBe(before.builds + 1);
          // Processed before the next upload: its alerts must not land in that one's snapshot.
          await finished('fuzz', response.json().id);
        }
      }),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  beforeAll(async () => {
    expect((await call(olga, 'POST', '/api/apps?graph=alpha', { app_key: 'fuzz' })).statusCode).toBe(201);
  });
});
