// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the graph routes (DOMAIN_SUITES of api/src/authorization/cross-organization.test.ts):
// another organization's admin naming Acme's app key and build — with Acme's process as ?graph
// (by code and by id) or with its own process — gets 404, never the graph.
import type { SessionCookie } from '../testing/identity';
import { answersOf, cycloneDx, npm, routesUnder, twoOrganizations, type TestApi } from '../testing/graph';

const GRAPH_PREFIXES = ['/api/apps/:appKey/builds/:buildId/graph'];

let api: TestApi;
let bob: SessionCookie;
let acme: { processId: string; buildId: string };

beforeAll(async () => {
  const world = await twoOrganizations();
  ({ api, bob } = world);
  const { alice } = world;
  await api.createApp(alice, 'pa', 'payments');
  const lodash = npm('lodash', '4.17.15');
  const build = await api.uploadBuild(alice, 'pa', 'payments', cycloneDx('payments', [lodash], { payments: [lodash.ref] }));
  // Beta has an app of the same key: the lookup must not wander into it either.
  await api.createApp(bob, 'pb', 'payments');
  acme = { processId: world.acmeProcessId, buildId: build.id };
}, 120_000);

afterAll(async () => {
  await api?.close();
});

it('covers the graph routes', () => {
  expect(routesUnder(api, GRAPH_PREFIXES).map((route) => `${route.method} ${route.url}`).sort()).toEqual([
    'GET /api/apps/:appKey/builds/:buildId/graph',
    'GET /api/apps/:appKey/builds/:buildId/graphMetrics',
  ]);
});

it("answers 404 to another organization's admin, whatever the process named", async () => {
  const routes = routesUnder(api, GRAPH_PREFIXES);
  const graphs = [['pa', 'pa'], ['<id>', acme.processId], ['own', 'pb']] as const;
  const answers = await answersOf(api, bob, routes, (route) => ({ url: route.url.replace(':appKey', 'payments').replace(':buildId', acme.buildId) }), graphs);
  expect(answers).toEqual(routes.flatMap((route) => graphs.map(([label]) => `${route.method} ${route.url} graph=${label} → 404`)));
});
