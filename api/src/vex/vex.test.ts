// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// VEX through the API (issue 7 item 8): a build's findings with analyses, setting one with its
// rules and trail, the CycloneDX 1.6 export (checked against the 1.6 schema), carry-over to the
// next build, and importing CycloneDX VEX from shared/data/vex (BOM-Link, purl, product level).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { caller, expectRefused, storedRows } from '../testing/apps';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { validateCycloneDxJson } from '../sbom/schema';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate, globalAdmin } from '../testing/users';
import { NOT_AFFECTED_NEEDS_REASON, JUSTIFICATION_ONLY_NOT_AFFECTED } from './analysis';
import { NOT_A_VEX } from './import';

const HERE = path.join(__dirname, 'testdata');
const read = (file: string) => readFileSync(path.join(HERE, file));
const juiceShopGz = readFileSync(path.join(__dirname, '..', 'sbom', 'testdata', 'juice-shop-v11.1.2.bom.json.gz'));
const OSV = path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv');

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let api: ReturnType<typeof caller>;
let olga: SessionCookie; // ORG_ADMIN
let andy: SessionCookie; // AUTHOR of alpha
let rita: SessionCookie; // READER of alpha
let shop: { id: string; number: number; status: string };

const advisories = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')));

const findings = (who: SessionCookie, appKey: string, build: string | number, query: object = {}) =>
  api.call(who, 'POST', `/api/apps/${appKey}/builds/${build}/vulnerabilities?graph=alpha`, query);
const vex = (who: SessionCookie, appKey: string, build: string | number, vulnId: string, body: object, component?: string) =>
  api.call(who, 'POST', `/api/apps/${appKey}/builds/${build}/vulnerabilities/${vulnId}/vex?graph=alpha${component ? `&component=${encodeURIComponent(component)}` : ''}`, body);

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  api = caller(app, 'alpha');
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'andy', clock.now, '--org', 'Acme', '--member', 'alpha=AUTHOR');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  olga = await authenticate(app, 'olga', clock.now);
  andy = await authenticate(app, 'andy', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  const imported = await api.call(await globalAdmin(app, clock.now), 'POST', '/api/vulnerabilities/imports', [...advisories(OSV), ...advisories(path.join(HERE, 'osv'))]);
  expect(imported.statusCode).toBe(200);
  for (const app_key of ['shop', 'example', 'abc']) expect((await api.call(andy, 'POST', '/api/apps?graph=alpha', { app_key })).statusCode).toBe(201);
  shop = await api.uploaded(andy, 'shop', juiceShopGz, { 'content-encoding': 'gzip' });
  expect(shop.status).toBe('DONE');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe("a build's findings", () => {
  it('lists them with filters, sorting and paging, and counts them by analysis state', async () => {
    const all = (await findings(rita, 'shop', 1)).json();
    const detail = (await api.call(rita, 'GET', '/api/apps/shop/builds/1?graph=alpha&sbom=true')).json();
    expect(all.total).toBe(detail.findings.length);
    expect(all.total).toBeGreaterThan(20);
    expect(all.by_state).toEqual({ not_set: all.total, in_triage: 0, exploitable: 0, resolved: 0, resolved_with_pedigree: 0, false_positive: 0, not_affected: 0 });
    const ranks = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'];
    const severities = all.items.map((item: { severity: string }) => ranks.indexOf(item.severity));
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    expect(all.items[0]).toMatchObject({ id: expect.any(String), identified_build_id: shop.id, component: { bom_ref: expect.any(String) }, analysis: null });

    const high = (await findings(rita, 'shop', 1, { severity: ['HIGH'] })).json();
    expect(high.items.every((item: { severity: string }) => item.severity === 'HIGH')).toBe(true);
    const lodash = (await findings(rita, 'shop', shop.id, { search: 'lodash', sort: 'component', limit: 2 })).json();
    expect(lodash.items).toHaveLength(2);
    expect(lodash.total).toBeGreaterThan(2);
    const next = (await findings(rita, 'shop', 1, { search: 'lodash', sort: 'component', limit: 2, offset: 2 })).json();
    expect(next.items[0].id).not.toBe(lodash.items[0].id);
    expect(next.total).toBe(lodash.total);

    expectRefused(await findings(rita, 'shop', 1, { severity: ['SEVERE'] }), 400, /^The severity must be a list of CRITICAL/);
    expectRefused(await findings(rita, 'shop', 1, { limit: 501 }), 400, /^The limit must be a whole number from 1 to 500\.$/);
    expectRefused(await findings(rita, 'shop', 9, {}), 404, /requested resource does not exist/);
    expectRefused(await findings(rita, 'nothing', 1, {}), 404, /^Invalid app key$/);
  });

  it('shows one finding by id, or by advisory id or alias with the component when several share it', async () => {
    const [first] = (await findings(rita, 'shop', 1, { search: 'GHSA-35jh-r3h4-6jhm' })).json().items;
    const byId = await api.call(rita, 'GET', `/api/apps/shop/builds/1/vulnerabilities/${first.id}?graph=alpha`);
    expect(byId.json()).toMatchObject({ id: first.id, vulnerability_id: 'GHSA-35jh-r3h4-6jhm', advisory: { id: 'GHSA-35jh-r3h4-6jhm', aliases: ['CVE-2021-23337'] }, trail: [] });
    const lodashes = (await findings(rita, 'shop', 1, { search: 'CVE-2021-23337' })).json();
    const byAlias = await api.call(rita, 'GET', `/api/apps/shop/builds/1/vulnerabilities/cve-2021-23337?graph=alpha`);
    if (lodashes.total > 1) {
      expectRefused(byAlias, 409, /affects \d components of this build: name one with \?component=<bom_ref>/);
      const named = await api.call(rita, 'GET', `/api/apps/shop/builds/1/vulnerabilities/CVE-2021-23337?graph=alpha&component=${encodeURIComponent(first.component.bom_ref)}`);
      expect(named.json().id).toBe(first.id);
    } else expect(byAlias.json().id).toBe(first.id);
    expect((await api.call(rita, 'GET', '/api/apps/shop/builds/1/vulnerabilities/GHSA-xxxx-xxxx-xxxx?graph=alpha')).statusCode).toBe(404);
  });
});

describe('analyses', () => {
  let ws: { id: string; component: { bom_ref: string } };

  beforeAll(async () => {
    [ws] = (await findings(andy, 'shop', 1, { search: 'GHSA-6fc8-4gx4-v693' })).json().items;
  });

  it('holds an analysis to the rules of a VEX statement, with messages that name the field', async () => {
    const before = await storedRows(app);
    expectRefused(await vex(andy, 'shop', 1, ws.id, { state: 'not_affected' }), 400, new RegExp(`^${NOT_AFFECTED_NEEDS_REASON.replace(/[().]/g, '\\$&')}$`));
    expectRefused(await vex(andy, 'shop', 1, ws.id, { state: 'resolved', justification: 'code_not_present' }), 400, new RegExp(`^${JUSTIFICATION_ONLY_NOT_AFFECTED}$`.replace('.', '\\.')));
    expectRefused(await vex(andy, 'shop', 1, ws.id, { state: 'fixed' }), 400, /^The state must be one of resolved, resolved_with_pedigree, false_positive, not_affected, in_triage, exploitable\.$/);
    expectRefused(await vex(andy, 'shop', 1, ws.id, { state: 'resolved', response: ['patch'] }), 400, /^The response must be a list of can_not_fix/);
    expectRefused(await vex(andy, 'shop', 1, ws.id, { state: 'resolved', detail: 'see javascript:alert(1)' }), 400, /^Invalid input\.$/);
    expectRefused(await vex(andy, 'shop', 1, ws.id, { state: 'resolved', colour: 'red' }), 400, /colour is not a field of an analysis/);
    expectRefused(await vex(rita, 'shop', 1, ws.id, { state: 'resolved' }), 403, /^You do not have the privileges for the request\.$/);
    expect(await storedRows(app)).toEqual(before);
  });

  it('sets not_affected with a justification, keeps a trail of who and when, and clears it', async () => {
    const set = await vex(andy, 'shop', 1, ws.id, {
      state: 'not_affected',
      justification: 'code_not_reachable',
      response: ['will_not_fix', 'update'],
      detail: 'The WebSocket server is not exposed.',
      comment: 'Checked with the team.',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      id: ws.id,
      analysis: {
        state: 'not_affected',
        justification: 'code_not_reachable',
        response: ['will_not_fix', 'update'],
        detail: 'The WebSocket server is not exposed.',
        source: 'user',
        carried_over_from: null,
        updated_by: 'andy',
      },
      trail: [{ by: 'andy', source: 'user', state: 'not_affected', comment: 'Checked with the team.', at: expect.any(String) }],
    });
    // The same again without a comment changes nothing; a comment alone is added to the trail.
    expect((await vex(andy, 'shop', 1, ws.id, { state: 'not_affected' })).json().trail).toHaveLength(1);
    const commented = (await vex(olga, 'shop', 1, ws.id, { comment: 'Agreed.' })).json();
    expect(commented.trail.map((entry: { by: string; comment: string }) => [entry.by, entry.comment])).toEqual([
      ['andy', 'Checked with the team.'],
      ['olga', 'Agreed.'],
    ]);
    expect(commented.analysis.updated_by).toBe('andy');
    // Leaving not_affected drops the justification.
    const triage = (await vex(andy, 'shop', 1, ws.id, { state: 'in_triage' })).json();
    expect(triage.analysis).toMatchObject({ state: 'in_triage', justification: null, detail: 'The WebSocket server is not exposed.' });
    const cleared = (await vex(andy, 'shop', 1, ws.id, { state: null, comment: 'Start over.' })).json();
    expect(cleared.analysis).toBeNull();
    expect(cleared.trail.map((entry: { state: string | null }) => entry.state)).toEqual(['not_affected', 'not_affected', 'in_triage', null]);
    const again = (await vex(andy, 'shop', 1, ws.id, { state: 'not_affected', justification: 'code_not_reachable', comment: 'Final.' })).json();
    expect(again.analysis.state).toBe('not_affected');
    expect((await findings(rita, 'shop', 1)).json().by_state.not_affected).toBe(1);
    expect((await findings(rita, 'shop', 1, { state: ['not_affected'] })).json().items.map((item: { id: string }) => item.id)).toEqual([ws.id]);
  });

  it('exports the build as a CycloneDX 1.6 VEX that follows the 1.6 schema', async () => {
    const response = await api.call(andy, 'GET', '/api/apps/shop/builds/1/vex?graph=alpha');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="shop-build-1.vex.json"');
    expect(response.headers['content-type']).toMatch(/^application\/vnd\.cyclonedx\+json/);
    const document = response.json();
    expect(() => validateCycloneDxJson(document, '1.6')).not.toThrow();
    expect(document).toMatchObject({ bomFormat: 'CycloneDX', specVersion: '1.6', metadata: { component: { 'bom-ref': 'pkg:npm/juice-shop@11.1.2', name: 'juice-shop' } } });
    const total = (await findings(rita, 'shop', 1)).json().total;
    expect(document.vulnerabilities).toHaveLength(total);
    const analysed = document.vulnerabilities.filter((entry: { analysis?: object }) => entry.analysis);
    expect(analysed).toEqual([
      expect.objectContaining({
        id: 'GHSA-6fc8-4gx4-v693',
        affects: [{ ref: ws.component.bom_ref }],
        analysis: expect.objectContaining({ state: 'not_affected', justification: 'code_not_reachable', firstIssued: expect.any(String), lastUpdated: expect.any(String) }),
      }),
    ]);
    expect((await api.call(rita, 'GET', '/api/apps/shop/builds/1/vex?graph=alpha')).statusCode).toBe(403);
  });

  it('carries the analysis over to the next build where the component is still present, with its trail', async () => {
    const second = await api.uploaded(andy, 'shop', juiceShopGz, { 'content-encoding': 'gzip' });
    expect(second.number).toBe(2);
    const page = (await findings(rita, 'shop', 2)).json();
    expect(page.by_state.not_affected).toBe(1);
    expect(page.items.every((item: { identified_build_id: string }) => item.identified_build_id === shop.id)).toBe(true);
    const carried = (await api.call(rita, 'GET', `/api/apps/shop/builds/2/vulnerabilities/GHSA-6fc8-4gx4-v693?graph=alpha&component=${encodeURIComponent(ws.component.bom_ref)}`)).json();
    expect(carried.id).not.toBe(ws.id);
    expect(carried.analysis).toMatchObject({ state: 'not_affected', source: 'carried-over', carried_over_from: { build_id: shop.id, number: 1 }, updated_by: 'andy' });
    expect(carried.trail.at(-1)).toMatchObject({ source: 'carried-over', by: null, comment: 'Carried over from build 1.', state: 'not_affected' });
    expect(carried.trail.slice(0, -1).map((entry: { comment: string | null }) => entry.comment)).toEqual(['Checked with the team.', 'Agreed.', null, 'Start over.', 'Final.']);
  });

  it('imports its own export onto a new build: the analysis comes back', async () => {
    const exported = (await api.call(andy, 'GET', '/api/apps/shop/builds/1/vex?graph=alpha')).json();
    // Build 2 has it by carry-over: clear it, then import the export.
    await vex(andy, 'shop', 2, 'GHSA-6fc8-4gx4-v693', { state: null }, ws.component.bom_ref);
    const imported = await api.call(andy, 'POST', '/api/apps/shop/builds/2/vex?graph=alpha', exported);
    expect(imported.statusCode).toBe(200);
    const result = imported.json();
    expect(result).toMatchObject({ statements: exported.vulnerabilities.length, applied: 1, unchanged: 0 });
    // The findings without analysis are exported as such, and say nothing on import.
    expect(result).toMatchObject({ skipped: result.statements - 1, unmatched: [] });
    const back = (await api.call(rita, 'GET', `/api/apps/shop/builds/2/vulnerabilities/GHSA-6fc8-4gx4-v693?graph=alpha&component=${encodeURIComponent(ws.component.bom_ref)}`)).json();
    expect(back.analysis).toMatchObject({ state: 'not_affected', justification: 'code_not_reachable', source: 'vex-import', updated_by: 'andy' });
    expect(back.trail.at(-1).comment).toMatch(/^Imported from a CycloneDX VEX \(urn:uuid:/);
    const twice = (await api.call(andy, 'POST', '/api/apps/shop/builds/2/vex?graph=alpha', exported)).json();
    expect(twice).toMatchObject({ applied: 0, unchanged: 1 });
  });
});

describe('importing the VEX examples of shared/data/vex', () => {
  it('matches a BOM-Link of another BOM by the purl in its fragment (vex.json onto bom.json)', async () => {
    const build = await api.uploaded(andy, 'example', read('bom.json'));
    const before = (await findings(rita, 'example', build.id, { search: 'CVE-2020-25649' })).json();
    expect(before.items.map((item: { vulnerability_id: string; component: { name: string } }) => [item.vulnerability_id, item.component.name])).toEqual([
      ['GHSA-288c-cq4h-88gq', 'jackson-databind'],
    ]);
    const result = (await api.call(andy, 'POST', `/api/apps/example/builds/${build.id}/vex?graph=alpha`, JSON.parse(read('vex.json').toString()))).json();
    expect(result).toEqual({ statements: 1, applied: 1, unchanged: 0, skipped: 0, unmatched: [] });
    const [finding] = (await findings(rita, 'example', build.id, { search: 'CVE-2020-25649' })).json().items;
    expect(finding.analysis).toMatchObject({
      state: 'not_affected',
      justification: 'code_not_reachable',
      response: ['will_not_fix', 'update'],
      detail: expect.stringMatching(/^Automated dataflow analysis/),
      source: 'vex-import',
    });
  });

  it("applies a product-level statement (CISA case 1: ABC 4.2 not_affected by Log4Shell) to the product's findings", async () => {
    const build = await api.uploaded(andy, 'abc', read('abc-4.2.bom.json'));
    const result = (await api.call(andy, 'POST', `/api/apps/abc/builds/${build.id}/vex?graph=alpha`, JSON.parse(read('cisa-case-1-vex-not_affected.json').toString()))).json();
    expect(result).toEqual({ statements: 1, applied: 1, unchanged: 0, skipped: 0, unmatched: [] });
    const [finding] = (await findings(rita, 'abc', build.id, { state: ['not_affected'] })).json().items;
    expect(finding).toMatchObject({ vulnerability_id: 'GHSA-jfh8-c2jp-5v3q', aliases: ['CVE-2021-44228'], component: { name: 'log4j-core' }, analysis: { justification: 'code_not_present' } });

    // CISA case 3 names product GHI: nothing of it is in this build, and the answer says why.
    const other = (await api.call(andy, 'POST', `/api/apps/abc/builds/${build.id}/vex?graph=alpha`, JSON.parse(read('cisa-case-3-vex.json').toString()))).json();
    expect(other.applied).toBe(0);
    expect(other.unmatched.length).toBe(other.statements);
    expect(other.unmatched[0]).toEqual({ id: 'CVE-2020-11896', ref: 'product-GHI', reason: 'No component of the build has this bom-ref or purl.' });
  });

  it('refuses what is not a CycloneDX VEX with the path of the problem, changing nothing', async () => {
    const before = await storedRows(app);
    const url = `/api/apps/shop/builds/2/vex?graph=alpha`;
    expectRefused(await api.call(andy, 'POST', url, { hello: 'world' }), 400, new RegExp(`^${NOT_A_VEX.replace(/[.]/g, '\\.')}$`));
    expectRefused(await api.call(andy, 'POST', url, { bomFormat: 'CycloneDX', specVersion: '1.3', vulnerabilities: [] }), 400, /Unsupported CycloneDX version "1.3" for a VEX/);
    const document = JSON.parse(read('vex.json').toString());
    document.vulnerabilities[0].analysis.state = 'fixed';
    const bad = await api.call(andy, 'POST', url, document);
    expectRefused(bad, 400, /does not follow its JSON schema/);
    expect(bad.json().errors.map((error: { field: string }) => error.field)).toContain('vulnerabilities[0].analysis.state');
    expect((await api.call(rita, 'POST', url, JSON.parse(read('vex.json').toString()))).statusCode).toBe(403);
    expect(await storedRows(app)).toEqual(before);
  });
});
