// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// The portfolio SBOM view's lists (issue 24 item 5): GET apps/componentsVulnerabilities and
// apps/resourcesVulnerabilities over real SBOMs (sbom/testdata) matched against real advisories
// (vulnerabilities/testdata/osv) — a component shared by two apps is one row naming both, with
// each app's VEX state and the KEV flag; filters, sorts, paging with a total, precise 400s, the
// permission of the applications list (403) and another organization's process (404).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { PortfolioComponent, PortfolioComponentsPage, PortfolioResource, PortfolioResourcesPage } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate, globalAdmin } from '../testing/users';
import { caller, expectRefused } from '../testing/apps';

const TESTDATA = path.join(__dirname, '..', 'sbom', 'testdata');
const OSV = path.join(__dirname, '..', 'vulnerabilities', 'testdata', 'osv');
const xml = readFileSync(path.join(TESTDATA, 'cyclonedx-1.6.bom.xml'));
const laravelGz = readFileSync(path.join(TESTDATA, 'laravel-7.12.0.bom.1.4.json.gz'));
/** The advisories of the packages these SBOMs hold: lodash, express, body-parser, guzzle. */
const ADVISORIES = [
  'GHSA-29mw-wpgm-hmr9', 'GHSA-35jh-r3h4-6jhm', 'GHSA-4xc9-xhrj-v574', 'GHSA-fvqr-27wr-82fm', 'GHSA-jf85-cpcp-j695', 'GHSA-p6mc-m468-83gw',
  'GHSA-x5rq-j2xg-h7qm', 'GHSA-qw6h-vgh9-j6wx', 'GHSA-rv95-896h-c2vc', 'GHSA-qwcr-r2fm-qrc7', 'GHSA-q7rv-6hp3-vh96', 'GHSA-w248-ffj2-4v5q',
  'GHSA-wxmh-65f7-jcvw',
];
const LODASH = 'pkg:npm/lodash@4.17.15';
const OLD_LODASH = 'pkg:npm/lodash@4.17.4';
/** GHSA-35jh-r3h4-6jhm's CVE, in a KEV catalog made for this test. */
const KEV = {
  catalogVersion: '2026.11.27',
  vulnerabilities: [{ cveID: 'CVE-2021-23337', vendorProject: 'lodash', product: 'lodash', vulnerabilityName: 'Test entry: lodash command injection', dateAdded: '2026-11-20' }],
};
/** A second app's SBOM: a lodash (shop's own by default), and a component without advisories. */
const webSbom = (root: string, lodash = LODASH) =>
  JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { type: 'application', 'bom-ref': root, name: root } },
    components: [
      { type: 'library', 'bom-ref': lodash, name: 'lodash', version: lodash.split('@')[1], purl: lodash },
      { type: 'library', 'bom-ref': 'pkg:npm/left-pad@1.3.0', name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' },
    ],
    dependencies: [{ ref: root, dependsOn: [lodash, 'pkg:npm/left-pad@1.3.0'] }],
  });

const clock = manualClock(new Date('2026-11-27T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let olga: SessionCookie; // Acme's ORG_ADMIN
let rita: SessionCookie; // Acme, READER of alpha
let otto: SessionCookie; // Acme, READER of other only
let bob: SessionCookie; // Beta's ORG_ADMIN
let api: ReturnType<typeof caller>;
/** Every finding of each app's current build, as the build's own route answers it. */
const buildFindings: Record<string, { vulnerability_id: string; severity: string; purl: string | null; name: string; version: string | null; active_exploit: boolean }[]> = {};

const get = (who: SessionCookie, url: string) => api.call(who, 'GET', url);
const components = async (query = '', who = rita): Promise<PortfolioComponentsPage> => {
  const response = await get(who, `/api/apps/componentsVulnerabilities?graph=alpha${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const resources = async (query = '', who = rita): Promise<PortfolioResourcesPage> => {
  const response = await get(who, `/api/apps/resourcesVulnerabilities?graph=alpha${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const keys = (page: { items: { key: string }[] }) => page.items.map((item) => item.key);

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  api = caller(app, 'alpha');
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createOrganizationCommand(app.database, ['--name', 'Beta']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'other', '--name', 'Other']);
  await createProcessCommand(app.database, ['--org', 'Beta', '--code', 'beta', '--name', 'Beta']);
  await createTestUser(app, 'olga', clock.now, '--org', 'Acme', '--role', 'ORG_ADMIN');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  await createTestUser(app, 'otto', clock.now, '--org', 'Acme', '--member', 'other=READER');
  await createTestUser(app, 'bob', clock.now, '--org', 'Beta', '--role', 'ORG_ADMIN');
  [olga, rita, otto, bob] = await Promise.all(['olga', 'rita', 'otto', 'bob'].map((login) => authenticate(app, login, clock.now)));
  const admin = await globalAdmin(app, clock.now);
  const advisories = ADVISORIES.map((id) => JSON.parse(readFileSync(path.join(OSV, `${id}.json`), 'utf8')));
  expect((await api.call(admin, 'POST', '/api/vulnerabilities/imports', advisories)).statusCode).toBe(200);
  expect((await api.call(admin, 'POST', '/api/vulnerabilities/kev', KEV)).statusCode).toBe(200);

  for (const app_key of ['shop', 'web', 'php', 'idle']) {
    expect((await api.call(olga, 'POST', '/api/apps?graph=alpha', { app_key, name: `App ${app_key}` })).statusCode).toBe(201);
  }
  // shop's first build (an older, vulnerable lodash) is replaced by its second: only the current build counts.
  const old = await api.uploaded(olga, 'shop', webSbom('shop-old', OLD_LODASH));
  expect(old).toMatchObject({ status: 'DONE', vulnerabilities: { total: expect.any(Number) } });
  expect((old.vulnerabilities as { total: number }).total).toBeGreaterThan(0);
  expect((await api.uploaded(olga, 'shop', xml, { 'content-type': 'application/xml' })).status).toBe('DONE');
  expect((await api.uploaded(olga, 'web', webSbom('web'))).status).toBe('DONE');
  expect((await api.uploaded(olga, 'php', laravelGz, { 'content-encoding': 'gzip' })).status).toBe('DONE');
  // Another process of the same organization: never in alpha's lists.
  expect((await api.call(olga, 'POST', '/api/apps?graph=other', { app_key: 'solo' })).statusCode).toBe(201);
  expect((await caller(app, 'other').uploaded(olga, 'solo', webSbom('solo'))).status).toBe('DONE');

  for (const appKey of ['shop', 'web', 'php']) {
    const build = (await get(olga, `/api/apps/${appKey}?graph=alpha`)).json().builds[0];
    buildFindings[appKey] = (await get(olga, `/api/apps/${appKey}/builds/${build.number}?graph=alpha&sbom=true`)).json().findings;
  }
  // The analyses: shop's lodash command injection is not_affected, web's a false positive.
  const shopFindings = (await api.call(olga, 'POST', '/api/apps/shop/builds/2/vulnerabilities?graph=alpha', { limit: 500 })).json().items as { id: string; vulnerability_id: string }[];
  const injection = shopFindings.find((finding) => finding.vulnerability_id === 'GHSA-35jh-r3h4-6jhm')!;
  const analysed = await api.call(olga, 'POST', `/api/apps/shop/builds/2/vulnerabilities/${injection.id}/vex?graph=alpha`, { state: 'not_affected', justification: 'code_not_reachable' });
  expect(analysed.statusCode).toBe(200);
  const vex = {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    version: 1,
    vulnerabilities: [{ id: 'GHSA-35jh-r3h4-6jhm', analysis: { state: 'false_positive' }, affects: [{ ref: LODASH }] }],
  };
  expect((await api.call(olga, 'POST', '/api/apps/web/builds/1/vex?graph=alpha', vex)).statusCode).toBe(200);
}, 180_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('GET apps/componentsVulnerabilities', () => {
  it("lists each vulnerable component of the apps' current builds once, with its apps, vulnerabilities, VEX states and KEV flag", async () => {
    // What the builds' own findings say, grouped by component.
    const expected = new Map<string, { apps: Set<string>; vulnerabilities: Map<string, string> }>();
    for (const [appKey, findings] of Object.entries(buildFindings)) {
      for (const finding of findings) {
        const key = finding.purl ?? `${finding.name}@${finding.version}`;
        const entry = expected.get(key) ?? { apps: new Set(), vulnerabilities: new Map() };
        entry.apps.add(appKey);
        entry.vulnerabilities.set(finding.vulnerability_id, finding.severity);
        expected.set(key, entry);
      }
    }
    expect(expected.size).toBeGreaterThanOrEqual(3);
    const page = await components('&limit=200');
    expect(page.total).toBe(expected.size);
    expect(page.next_offset).toBeNull();
    expect(new Set(keys(page))).toEqual(new Set(expected.keys()));
    for (const item of page.items) {
      const want = expected.get(item.key)!;
      expect(item.applications.map((application) => application.app_key)).toEqual([...want.apps].sort());
      expect(Object.fromEntries(item.vulnerabilities.map((vulnerability) => [vulnerability.id, vulnerability.severity]))).toEqual(Object.fromEntries(want.vulnerabilities));
      const counted = item.vulnerabilities.reduce<Record<string, number>>((counts, vulnerability) => ({ ...counts, [vulnerability.severity]: (counts[vulnerability.severity] ?? 0) + 1 }), {});
      expect(item.severities).toMatchObject({ ...counted, total: item.vulnerabilities.length });
    }
    // Shop's first build is not current: its lodash 4.17.4 is nowhere; lodash 4.17.15 is in shop and web, solo (process other) not.
    expect(keys(page)).not.toContain(OLD_LODASH);
    const lodash = page.items.find((item) => item.key === LODASH)!;
    expect(lodash).toMatchObject({
      purl: LODASH,
      name: 'lodash',
      version: '4.17.15',
      ecosystem: 'npm',
      applications: [
        { app_key: 'shop', name: 'App shop' },
        { app_key: 'web', name: 'App web' },
      ],
    });
    const injection = lodash.vulnerabilities.find((vulnerability) => vulnerability.id === 'GHSA-35jh-r3h4-6jhm')!;
    expect(injection).toMatchObject({
      severity: 'HIGH',
      active_exploit: true,
      aliases: expect.arrayContaining(['CVE-2021-23337']),
      analyses: [
        { app_key: 'shop', state: 'not_affected' },
        { app_key: 'web', state: 'false_positive' },
      ],
    });
    expect(lodash.vulnerabilities.filter((vulnerability) => vulnerability.id !== injection.id).every((vulnerability) => !vulnerability.active_exploit)).toBe(true);
    expect(lodash.vulnerabilities.find((vulnerability) => vulnerability.id === 'GHSA-29mw-wpgm-hmr9')!.analyses).toEqual([
      { app_key: 'shop', state: null },
      { app_key: 'web', state: null },
    ]);
    // Most severe first within a component; left-pad (no advisory) is nowhere.
    const ranks = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN', 'NONE'];
    for (const item of page.items) {
      const order = item.vulnerabilities.map((vulnerability) => ranks.indexOf(vulnerability.severity));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(item.highest_severity).toBe(item.vulnerabilities[0].severity);
    }
    expect(page.items.some((item) => item.name === 'left-pad')).toBe(false);
    expect(page.items.some((item) => item.ecosystem === 'composer')).toBe(true);
  });

  it('filters by severity, text (component or vulnerability id/alias), application and ecosystem', async () => {
    const all = (await components('&limit=200')).items;
    for (const severity of ['HIGH', 'MEDIUM', 'CRITICAL,LOW']) {
      const wanted = severity.split(',');
      const page = await components(`&limit=200&severity=${severity}`);
      expect(new Set(keys(page))).toEqual(new Set(all.filter((item) => item.vulnerabilities.some((v) => wanted.includes(v.severity))).map((item) => item.key)));
      expect(page.total).toBe(page.items.length);
    }
    expect(keys(await components('&q=LODASH'))).toEqual([LODASH]);
    expect(keys(await components('&q=CVE-2021-23337'))).toEqual([LODASH]);
    expect(keys(await components('&q=GHSA-qwcr-r2fm-qrc7'))).toEqual(['pkg:npm/body-parser@1.19.0']);
    expect((await components('&q=nothing-like-this')).items).toEqual([]);
    expect(keys(await components('&application=WEB'))).toEqual([LODASH]);
    expect(new Set(keys(await components('&application=shop&limit=200')))).toEqual(
      new Set(all.filter((item) => item.applications.some((application) => application.app_key === 'shop')).map((item) => item.key)),
    );
    expect((await components('&application=solo')).total).toBe(0);
    const composer = await components('&ecosystem=composer&limit=200');
    expect(composer.total).toBeGreaterThan(0);
    expect(composer.items.every((item) => item.ecosystem === 'composer' && item.applications[0].app_key === 'php')).toBe(true);
    expect((await components('&q=lodash&severity=CRITICAL')).total).toBe(0);
  });

  it('sorts by severity, applications and name, and pages with limit and offset over a stable total', async () => {
    const bySeverity = (await components('&limit=200')).items;
    const ranks = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'UNKNOWN', 'NONE'];
    const top = bySeverity.map((item) => ranks.indexOf(item.highest_severity));
    expect(top).toEqual([...top].sort((a, b) => a - b));
    expect((await components('&sort=applications')).items[0].key).toBe(LODASH);
    const byName = (await components('&sort=name&limit=200')).items.map((item) => item.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const backwards = (await components('&sort=name&order=desc&limit=200')).items.map((item) => item.name.toLowerCase());
    expect(backwards).toEqual([...byName].reverse());

    const seen: PortfolioComponent[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page: PortfolioComponentsPage = await components(`&sort=name&limit=2&offset=${offset}`);
      expect(page).toMatchObject({ total: bySeverity.length, limit: 2, offset });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      offset = page.next_offset;
    }
    expect(seen.map((item) => item.name.toLowerCase())).toEqual(byName);
    const beyond = await components('&offset=1000');
    expect(beyond).toEqual({ items: [], total: bySeverity.length, limit: 50, offset: 1000, next_offset: null });
  });

  it('refuses a bad query with a 400 naming the parameter', async () => {
    const url = '/api/apps/componentsVulnerabilities?graph=alpha';
    const refusals: [string, RegExp][] = [
      ['&colour=red', /^'colour' is not a parameter of the vulnerable components list\.$/],
      ['&severity=SEVERE', /^'severity' must be one of CRITICAL, HIGH, MEDIUM, LOW, NONE, UNKNOWN/],
      ['&severity=high', /^'severity' must be one of/],
      ['&severity=HIGH&severity=LOW', /the query parameter 'severity' must be string\.$/],
      ['&sort=risk', /^'sort' must be one of severity, applications, name\.$/],
      ['&order=up', /^'order' must be asc or desc\.$/],
      ['&limit=0', /^'limit' must be a whole number from 1 to 200\.$/],
      ['&limit=201', /^'limit' must be a whole number from 1 to 200\.$/],
      ['&limit=ten', /^'limit' must be/],
      ['&offset=-1', /^'offset' must be a whole number from 0 to 100000\.$/],
      ['&offset=100001', /^'offset' must be/],
      ['&q=', /^'q' must have from 1 to 200 characters\.$/],
      [`&q=${'x'.repeat(201)}`, /^'q' must have from 1 to 200 characters\.$/],
      ['&application=..%2Fshop', /^'application' must be an app key/],
      ['&ecosystem=NPM', /^'ecosystem' must be a purl type/],
    ];
    for (const [query, detail] of refusals) {
      const response = await get(rita, `${url}${query}`);
      expectRefused(response, 400, detail);
      expect(Object.keys(response.json().errors ?? {}).length).toBe(1);
    }
    // As every route of the family: the process is required (a process member without it is refused by the permission first).
    const noGraph = await get(olga, '/api/apps/componentsVulnerabilities?limit=5');
    expect(noGraph.statusCode).toBe(400);
    expect(noGraph.json().detail).toMatch(/graph/);
  });
});

describe('hostile queries', () => {
  it('answers every value of every parameter with a 200 or a 400, never a 5xx', async () => {
    const names = ['severity', 'q', 'application', 'ecosystem', 'sort', 'order', 'limit', 'offset', 'other'];
    const value = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('HIGH,', ',', '%00', '1e3', '-0', '999999999999', "'; DROP TABLE x; --", '%', '_', '\\'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('componentsVulnerabilities', 'resourcesVulnerabilities'), fc.dictionary(fc.constantFrom(...names), value, { maxKeys: 4 }), async (list, query) => {
        const search = new URLSearchParams({ graph: 'alpha', ...query }).toString();
        const response = await get(rita, `/api/apps/${list}?${search}`);
        expect([200, 400]).toContain(response.statusCode);
      }),
      { numRuns: 60, seed: 24 },
    );
  });
});

describe('GET apps/resourcesVulnerabilities', () => {
  it("lists every app of the process with its current build's vulnerable components and findings per severity", async () => {
    const page = await resources('&sort=name');
    expect(page).toMatchObject({ total: 4, limit: 50, offset: 0, next_offset: null });
    expect(page.items.map((item) => item.app_key)).toEqual(['idle', 'php', 'shop', 'web']);
    const list = (await get(rita, '/api/apps?graph=alpha')).json() as { app_key: string; vulnerabilities: Record<string, number> }[];
    const byKey = Object.fromEntries(page.items.map((item) => [item.app_key, item])) as Record<string, PortfolioResource>;
    for (const appKey of ['shop', 'web', 'php']) {
      // The same counts as the applications list (Security Posture), from the same current build.
      expect(byKey[appKey].vulnerabilities).toEqual(list.find((item) => item.app_key === appKey)!.vulnerabilities);
      const components = new Set(buildFindings[appKey].map((finding) => `${finding.purl}`));
      expect(byKey[appKey].vulnerable_components).toBe(components.size);
      expect(byKey[appKey].active_exploits).toBe(buildFindings[appKey].filter((finding) => finding.active_exploit).length);
    }
    const shop = (await get(rita, '/api/apps/shop?graph=alpha')).json().builds[0];
    expect(byKey.shop).toMatchObject({ current_build: { id: shop.id, number: 2, created_at: shop.created_at }, latest_build_at: shop.created_at, active_exploits: 1 });
    expect(byKey.web.vulnerable_components).toBe(1);
    expect(byKey.idle).toEqual({
      id: expect.any(String),
      app_key: 'idle',
      name: 'App idle',
      portfolio: null,
      current_build: null,
      latest_build_at: null,
      vulnerable_components: 0,
      vulnerabilities: { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0, NONE: 0, UNKNOWN: 0, total: 0 },
      active_exploits: 0,
    });
  });

  it('filters, sorts and pages', async () => {
    const bySeverity = (await resources()).items;
    expect(bySeverity[bySeverity.length - 1].app_key).toBe('idle');
    expect((await resources('&sort=components')).items[0].vulnerable_components).toBe(Math.max(...bySeverity.map((item) => item.vulnerable_components)));
    expect((await resources('&sort=build_date')).items.map((item) => item.app_key)).toEqual(['php', 'web', 'shop', 'idle']);
    expect((await resources('&q=App%20we')).items.map((item) => item.app_key)).toEqual(['web']);
    const high = await resources('&severity=HIGH&sort=name');
    expect(high.items.map((item) => item.app_key)).toEqual(bySeverity.filter((item) => item.vulnerabilities.HIGH > 0).map((item) => item.app_key).sort());
    const first = await resources('&sort=name&limit=3');
    expect(first).toMatchObject({ total: 4, next_offset: 3 });
    const second = await resources('&sort=name&limit=3&offset=3');
    expect(second).toMatchObject({ total: 4, next_offset: null });
    expect([...first.items, ...second.items].map((item) => item.app_key)).toEqual(['idle', 'php', 'shop', 'web']);
    expectRefused(await get(rita, '/api/apps/resourcesVulnerabilities?graph=alpha&sort=applications'), 400, /^'sort' must be one of severity, components, name, build_date\.$/);
    expectRefused(await get(rita, '/api/apps/resourcesVulnerabilities?graph=alpha&application=shop'), 400, /^'application' is not a parameter of the applications vulnerabilities list\.$/);
  });
});

describe('who may read them', () => {
  it("answers 403 to a member without the process's applications list, 404 to another organization, and shows only the process's own apps", async () => {
    for (const list of ['componentsVulnerabilities', 'resourcesVulnerabilities']) {
      const refused: LightMyRequestResponse = await get(otto, `/api/apps/${list}?graph=alpha`);
      expectRefused(refused, 403, /^You do not have the privileges for the request\.$/);
      expectRefused(await get(bob, `/api/apps/${list}?graph=alpha`), 404, /./);
      expect((await get(bob, `/api/apps/${list}?graph=beta`)).json()).toEqual({ items: [], total: 0, limit: 50, offset: 0, next_offset: null });
    }
    const other = (await get(otto, '/api/apps/componentsVulnerabilities?graph=other')).json() as PortfolioComponentsPage;
    expect(other.items.map((item) => [item.key, item.applications.map((application) => application.app_key)])).toEqual([[LODASH, ['solo']]]);
    expect((await get(otto, '/api/apps/resourcesVulnerabilities?graph=other')).json().items.map((item: { app_key: string }) => item.app_key)).toEqual(['solo']);
  });
});
