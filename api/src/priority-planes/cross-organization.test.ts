// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for the applications' priority plane (DOMAIN_SUITES of
// api/src/authorization/cross-organization.test.ts): another organization's admin naming Acme's
// app — with Acme's process as ?graph (by code and by id) or its own — gets 404 and places nothing;
// with its own process the plane lists none of Acme's apps.
import type { SessionCookie } from '../testing/identity';
import { answersOf, routesUnder, twoOrganizations, type TestApi } from '../testing/graph';

const PREFIXES = ['/api/apps/planes', '/api/apps/:appKey/plane'];

let api: TestApi;
let alice: SessionCookie;
let bob: SessionCookie;
let acmeProcessId: string;

const placements = () => api.app.database.query('SELECT application_id, risk, criticality FROM application_plane_placements ORDER BY 1');

beforeAll(async () => {
  ({ api, alice, bob, acmeProcessId } = await twoOrganizations());
  await api.createApp(alice, 'pa', 'payments');
  expect((await api.call(alice, 'PUT', '/api/apps/payments/plane?graph=pa', { x: 0.4, y: 0.6 })).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await api?.close();
});

it('covers the plane routes', () => {
  expect(routesUnder(api, PREFIXES).map((route) => `${route.method} ${route.url}`).sort()).toEqual(['GET /api/apps/planes', 'PUT /api/apps/:appKey/plane']);
});

it("answers 404 with Acme's process as graph, and 404 for Acme's app in Beta's own process; nothing moves", async () => {
  const before = await placements();
  const routes = routesUnder(api, PREFIXES);
  const request = (route: { url: string; method: string }) => ({ url: route.url.replace(':appKey', 'payments'), payload: route.method === 'PUT' ? { x: 1, y: 1 } : undefined });
  const foreign = await answersOf(api, bob, routes, request, [['pa', 'pa'], ['<id>', acmeProcessId]]);
  expect(foreign).toEqual(routes.flatMap((route) => [`${route.method} ${route.url} graph=pa → 404`, `${route.method} ${route.url} graph=<id> → 404`]));
  const own = await answersOf(api, bob, routes.filter((route) => route.method === 'PUT'), request, [['own', 'pb']]);
  expect(own).toEqual(['PUT /api/apps/:appKey/plane graph=own → 404']);
  const plane = await api.call(bob, 'GET', '/api/apps/planes?graph=pb');
  expect(plane.json()).toEqual({ placed: [], unplaced: [] });
  expect(await placements()).toEqual(before);
});
