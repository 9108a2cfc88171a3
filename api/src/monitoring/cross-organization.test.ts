// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the monitoring routes (DOMAIN_SUITES of
// api/src/authorization/cross-organization.test.ts): another organization's admin (with the demo
// permission) naming Acme's process gets 404 on every route; in its own process it sees none of
// Acme's events nor its rescans, cannot rescan Acme's app, its simulation raises nothing for Acme, and clearing the
// demo CVEs leaves Acme's findings.
import type { SessionCookie } from '../testing/identity';
import { advisory, answersOf, cycloneDx, npm, routesUnder, twoOrganizations, type TestApi } from '../testing/graph';

const PREFIXES = ['/api/apps/monitoring'];

let api: TestApi;
let bob: SessionCookie;
let acme: { processId: string; eventId: string; runId: string };

const acmeState = () =>
  api.app.database.query(
    `SELECT (SELECT count(*)::int FROM monitoring_events) AS events, (SELECT count(*)::int FROM build_findings) AS findings,
            (SELECT count(*)::int FROM outbox WHERE destination LIKE 'notifications#%') AS notifications`,
  );

beforeAll(async () => {
  const world = await twoOrganizations('DEMO');
  ({ api, bob } = world);
  const { alice } = world;
  await api.createApp(alice, 'pa', 'payments', { enable_continuous_monitoring: true });
  const lodash = npm('lodash', '4.17.15');
  await api.uploadBuild(alice, 'pa', 'payments', cycloneDx('payments', [lodash], { payments: [lodash.ref] }));
  await api.importAdvisories([advisory('GHSA-35jh-r3h4-6jhm')]);
  await api.app.monitoring.idle();
  const [{ id: eventId }] = await api.app.database.query<{ id: string }>('SELECT id FROM monitoring_events');
  // A rescan of Acme's: its run.
  const { id: runId } = (await api.call(alice, 'POST', '/api/apps/monitoring/rescan?graph=pa', {})).json();
  await api.app.monitoring.idle();
  acme = { processId: world.acmeProcessId, eventId, runId };
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const request = (route: { method: string; url: string }) => ({
  url: route.url.replace(':eventId', acme.eventId).replace(':runId', acme.runId).replace(':cve', 'CVE-2021-23337'),
  payload: route.url.endsWith('/rescan') ? { app_key: 'payments' } : undefined,
});

it('covers the monitoring routes', () => {
  expect(routesUnder(api, PREFIXES).map((route) => `${route.method} ${route.url}`).sort()).toEqual([
    'GET /api/apps/monitoring/events',
    'GET /api/apps/monitoring/events/:eventId',
    'GET /api/apps/monitoring/runs/:runId',
    'POST /api/apps/monitoring/clearDemoCves',
    'POST /api/apps/monitoring/rescan',
    'POST /api/apps/monitoring/simulateNewVulnerability/:cve',
  ]);
});

it("answers 404 with Acme's process as graph (code or id), and changes nothing", async () => {
  const before = await acmeState();
  const routes = routesUnder(api, PREFIXES);
  const answers = await answersOf(api, bob, routes, request, [['pa', 'pa'], ['<id>', acme.processId]]);
  expect(answers).toEqual(routes.flatMap((route) => [`${route.method} ${route.url} graph=pa → 404`, `${route.method} ${route.url} graph=<id> → 404`]));
  expect(await acmeState()).toEqual(before);
});

it("in its own process, nothing of Acme's shows, is rescanned or simulated", async () => {
  const before = await acmeState();
  const routes = routesUnder(api, PREFIXES);
  const answers = await answersOf(api, bob, routes, request, [['own', 'pb']]);
  expect(answers).toEqual([
    'GET /api/apps/monitoring/events graph=own → 200',
    'GET /api/apps/monitoring/events/:eventId graph=own → 404',
    'POST /api/apps/monitoring/rescan graph=own → 404',
    'GET /api/apps/monitoring/runs/:runId graph=own → 404',
    // Beta has no monitored app the advisory affects.
    'POST /api/apps/monitoring/simulateNewVulnerability/:cve graph=own → 409',
    // Clears the demo CVEs of Beta's builds only: Acme's lodash finding (CVE-2021-23337) stays.
    'POST /api/apps/monitoring/clearDemoCves graph=own → 200',
  ]);
  expect((await api.call(bob, 'GET', '/api/apps/monitoring/events?graph=pb')).json()).toEqual({ events: [], total: 0 });
  expect((await api.call(bob, 'POST', '/api/apps/monitoring/rescan?graph=pb', {})).json()).toMatchObject({ applications: 0, builds: 0, events: [] });
  expect(await acmeState()).toEqual(before);
});
