// @backend-agnostic: the family's rules through its routes; the SQL is the same engine on PGlite, and its
// jobs' queue on pg-boss is the *-jobs suites'.
// License analysis through the API (issue 7 item 9): the dropwizard SBOM's components classified
// (rows checked by hand against its declarations), per-app summaries, and license-risk alerts —
// raised for new risks only, notified to the members who may receive them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { caller, expectRefused } from '../testing/apps';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { authenticate } from '../testing/users';

const TESTDATA = path.join(__dirname, '..', 'sbom', 'testdata');
const dropwizardGz = readFileSync(path.join(TESTDATA, 'dropwizard-1.3.15.bom.json.gz'));
const juiceShopGz = readFileSync(path.join(TESTDATA, 'juice-shop-v11.1.2.bom.json.gz'));

const clock = manualClock(new Date('2026-11-22T09:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let api: ReturnType<typeof caller>;
let andy: SessionCookie; // AUTHOR of alpha: receives license-risk alerts
let rita: SessionCookie; // READER of alpha: does not

async function notifications(login: string): Promise<Array<{ title: string; message: string; link: string }>> {
  const rows = await app.database.query<{ body: { title: string; message: string; link: string } }>(
    `SELECT o.body FROM outbox o JOIN users u ON o.destination = 'notifications#' || u.id WHERE u.login_id = $1 AND o.body->>'title' = 'License risk' ORDER BY o.seq`,
    [login],
  );
  return rows.map((row) => row.body);
}

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  api = caller(app, 'alpha');
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'alpha', '--name', 'Alpha']);
  await createTestUser(app, 'andy', clock.now, '--org', 'Acme', '--member', 'alpha=AUTHOR');
  await createTestUser(app, 'rita', clock.now, '--org', 'Acme', '--member', 'alpha=READER');
  andy = await authenticate(app, 'andy', clock.now);
  rita = await authenticate(app, 'rita', clock.now);
  for (const app_key of ['dropwizard', 'shop', 'empty']) expect((await api.call(andy, 'POST', '/api/apps?graph=alpha', { app_key })).statusCode).toBe(201);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

describe('license analysis', () => {
  it("classifies each component of dropwizard from its declarations, and sums them up", async () => {
    const build = await api.uploaded(andy, 'dropwizard', dropwizardGz, { 'content-encoding': 'gzip' });
    const response = await api.call(rita, 'GET', `/api/apps/dropwizard/builds/${build.id}/licenses?graph=alpha`);
    expect(response.statusCode).toBe(200);
    const analysis = response.json();
    const byName = Object.fromEntries(analysis.components.map((component: { name: string }) => [component.name, component]));
    expect(byName['jackson-annotations']).toMatchObject({ declared: ['Apache-2.0'], expression: 'Apache-2.0', ids: ['Apache-2.0'], category: 'permissive' });
    expect(byName['jersey-server']).toMatchObject({ expression: 'CDDL-1.1', category: 'weak-copyleft' });
    expect(byName['logback-core']).toMatchObject({ declared: ['EPL-1.0', 'GNU Lesser General Public License'], expression: 'EPL-1.0 OR LGPL-2.1-only', category: 'weak-copyleft' });
    expect(byName['osgi-resource-locator']).toMatchObject({ expression: 'CDDL-1.0 OR GPL-2.0-only WITH Classpath-exception-2.0', category: 'weak-copyleft' });
    expect(byName['checker-compat-qual']).toMatchObject({ expression: 'GPL-2.0-only WITH Classpath-exception-2.0 OR MIT', category: 'permissive' });
    expect(byName['jmh-core']).toMatchObject({ expression: 'GPL-2.0-only WITH Classpath-exception-2.0', category: 'weak-copyleft' });
    expect(byName['dropwizard-util']).toMatchObject({ declared: [], expression: null, ids: [], category: 'unknown' });
    const summary = analysis.summary;
    expect(summary.permissive + summary['weak-copyleft'] + summary['strong-copyleft'] + summary.unknown).toBe(build.component_count);
    expect(summary['weak-copyleft']).toBeGreaterThanOrEqual(14 + 3 + 1 + 2);
    const licenses = Object.fromEntries(analysis.licenses.map((row: { license: string }) => [row.license, row]));
    expect(licenses['Apache-2.0']).toMatchObject({ category: 'permissive' });
    expect(licenses['Apache-2.0'].components).toBeGreaterThanOrEqual(65 + 20);
    expect(licenses.NOASSERTION).toEqual({ license: 'NOASSERTION', category: 'unknown', components: 34 });
    expect(licenses['CDDL-1.1']).toMatchObject({ category: 'weak-copyleft' });
    expect(analysis.licenses[0].license).toBe('Apache-2.0');
  });

  it("summarizes each app's latest processed build", async () => {
    await api.uploaded(andy, 'shop', juiceShopGz, { 'content-encoding': 'gzip' });
    const summaries = (await api.call(rita, 'GET', '/api/apps/licenses?graph=alpha')).json();
    expect(summaries.map((row: { app_key: string }) => row.app_key)).toEqual(['dropwizard', 'empty', 'shop']);
    const shop = summaries.find((row: { app_key: string }) => row.app_key === 'shop');
    expect(shop.build.number).toBe(1);
    expect(shop.summary['strong-copyleft']).toBe(0);
    expect(shop.summary.permissive).toBeGreaterThan(750);
    expect(shop.risks).toBe(shop.summary.unknown);
    expect(summaries.find((row: { app_key: string }) => row.app_key === 'empty')).toEqual({
      app_key: 'empty',
      name: 'empty',
      build: null,
      summary: { permissive: 0, 'weak-copyleft': 0, 'strong-copyleft': 0, unknown: 0 },
      risks: 0,
    });
  });
});

describe('license-risk alerts', () => {
  it('raises one per risky component when a build brings it, and notifies who may receive them', async () => {
    const alerts = (await api.call(andy, 'GET', '/api/apps/licenses/alerts?graph=alpha')).json();
    const dropwizard = alerts.filter((alert: { app_key: string }) => alert.app_key === 'dropwizard');
    const unknown = (await api.call(rita, 'GET', '/api/apps/dropwizard/builds/1/licenses?graph=alpha')).json().summary.unknown;
    expect(dropwizard).toHaveLength(unknown);
    expect(dropwizard.find((alert: { component: { name: string } }) => alert.component.name === 'dropwizard-util')).toMatchObject({
      license: 'NOASSERTION',
      category: 'unknown',
      severity: 'MEDIUM',
      build: { number: 1 },
    });
    expect(await notifications('andy')).toEqual([
      expect.objectContaining({ link: '/applications/dropwizard', message: `Build 1 of ##dropwizard## brings ${unknown} components with a license risk: 0 strong copyleft, ${unknown} unknown.` }),
      expect.objectContaining({ link: '/applications/shop' }),
    ]);
    expect(await notifications('rita')).toEqual([]);
    // By mail too, to who may receive the alert only.
    const mailed = await app.database.query<{ login_id: string; link: string }>(
      "SELECT u.login_id, q.link FROM mail_queue q JOIN users u ON u.id = q.user_id WHERE q.event = 'License Risk' ORDER BY q.seq",
    );
    expect(mailed).toEqual([
      { login_id: 'andy', link: '/applications/dropwizard' },
      { login_id: 'andy', link: '/applications/shop' },
    ]);
    expectRefused(await api.call(rita, 'GET', '/api/apps/licenses/alerts?graph=alpha'), 403, /privileges/);
  });

  it('raises nothing for a build that brings no new risk, and a HIGH alert for new strong copyleft', async () => {
    const before = (await api.call(andy, 'GET', '/api/apps/licenses/alerts?graph=alpha')).json().length;
    await api.uploaded(andy, 'dropwizard', dropwizardGz, { 'content-encoding': 'gzip' });
    expect((await api.call(andy, 'GET', '/api/apps/licenses/alerts?graph=alpha')).json()).toHaveLength(before);
    expect(await notifications('andy')).toHaveLength(2);

    const document = JSON.parse(gunzipSync(dropwizardGz).toString());
    document.components.push({ type: 'library', 'bom-ref': 'pkg:maven/org.example/gpl-lib@1.0', group: 'org.example', name: 'gpl-lib', version: '1.0', purl: 'pkg:maven/org.example/gpl-lib@1.0', licenses: [{ license: { id: 'GPL-3.0-only' } }] });
    const third = await api.uploaded(andy, 'dropwizard', JSON.stringify(document));
    const alerts = (await api.call(andy, 'GET', '/api/apps/licenses/alerts?graph=alpha')).json();
    expect(alerts).toHaveLength(before + 1);
    expect(alerts[0]).toMatchObject({ app_key: 'dropwizard', build: { id: third.id, number: 3 }, component: { name: 'gpl-lib' }, license: 'GPL-3.0-only', category: 'strong-copyleft', severity: 'HIGH' });
    expect((await notifications('andy')).at(-1)?.message).toBe('Build 3 of ##dropwizard## brings 1 component with a license risk: 1 strong copyleft, 0 unknown.');
  });

  it('answers 404 for an app or build that is not there', async () => {
    expectRefused(await api.call(rita, 'GET', '/api/apps/nothing/builds/1/licenses?graph=alpha'), 404, /^Invalid app key$/);
    expectRefused(await api.call(rita, 'GET', '/api/apps/dropwizard/builds/99/licenses?graph=alpha'), 404, /does not exist/);
  });
});
