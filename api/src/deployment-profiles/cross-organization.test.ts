// @backend-agnostic: cross-organization 404s decided by the guard and the routes' SQL, which PGlite runs as
// the same Postgres engine.
// Issue 5 item 6 for deployment profiles and RBOM (DOMAIN_SUITES of
// api/src/authorization/cross-organization.test.ts): another organization's admin naming Acme's
// app, profile and share — with Acme's process as ?graph (by code and by id) or its own — gets
// 404 on every route and changes nothing; the public shared link is the link's own credential.
import type { SessionCookie } from '../testing/identity';
import { answersOf, cycloneDx, npm, routesUnder, twoOrganizations, type TestApi } from '../testing/graph';

const PREFIXES = ['/api/apps/:appKey/deploymentProfiles'];

let api: TestApi;
let bob: SessionCookie;
let acme: { processId: string; profileId: string; shareId: string };

const state = () =>
  api.app.database.query(
    `SELECT d.name, d.environment, d.build_id, d.exclude, d.version, (SELECT count(*)::int FROM rbom_shares s WHERE s.profile_id = d.id AND s.revoked_at IS NULL) AS shares,
            (SELECT status FROM deployment_configurations c WHERE c.profile_id = d.id) AS configuration
       FROM deployment_profiles d ORDER BY d.name`,
  );

beforeAll(async () => {
  const world = await twoOrganizations();
  ({ api, bob } = world);
  const { alice } = world;
  await api.createApp(alice, 'pa', 'payments');
  const lodash = npm('lodash', '4.17.15');
  const build = await api.uploadBuild(alice, 'pa', 'payments', cycloneDx('payments', [lodash], { payments: [lodash.ref] }));
  const profile = (await api.call(alice, 'POST', '/api/apps/payments/deploymentProfiles?graph=pa', { name: 'Production', environment: 'prod', build_id: build.id })).json();
  expect((await api.call(alice, 'GET', `/api/apps/payments/deploymentProfiles/${profile.id}/requestDeploymentConfiguration?graph=pa`)).statusCode).toBe(200);
  const share = (await api.call(alice, 'POST', `/api/apps/payments/deploymentProfiles/${profile.id}/shares?graph=pa`, {})).json();
  // Beta's app of the same key: the lookup must not wander into it either.
  await api.createApp(bob, 'pb', 'payments');
  acme = { processId: world.acmeProcessId, profileId: profile.id, shareId: share.id };
}, 120_000);

afterAll(async () => {
  await api?.close();
});

const request = (route: { method: string; url: string }) => ({
  url: route.url.replace(':appKey', 'payments').replace(':id', acme.profileId).replace(':shareId', acme.shareId),
  payload: route.method === 'POST' || route.method === 'PUT' ? (route.url.endsWith('/shares') ? {} : { name: 'Taken over', environment: 'dev' }) : undefined,
});

it('covers the deployment profile and RBOM routes', () => {
  expect(routesUnder(api, PREFIXES).map((route) => `${route.method} ${route.url}`).sort()).toEqual([
    'DELETE /api/apps/:appKey/deploymentProfiles/:id',
    'DELETE /api/apps/:appKey/deploymentProfiles/:id/shares/:shareId',
    'GET /api/apps/:appKey/deploymentProfiles',
    'GET /api/apps/:appKey/deploymentProfiles/:id/rbom',
    'GET /api/apps/:appKey/deploymentProfiles/:id/requestDeploymentConfiguration',
    'GET /api/apps/:appKey/deploymentProfiles/:id/shares',
    'POST /api/apps/:appKey/deploymentProfiles',
    'POST /api/apps/:appKey/deploymentProfiles/:id/shares',
    'PUT /api/apps/:appKey/deploymentProfiles/:id',
  ]);
});

it("answers 404 whatever the process named, and changes nothing of Acme's", async () => {
  const before = await state();
  const routes = routesUnder(api, PREFIXES);
  const graphs = [['pa', 'pa'], ['<id>', acme.processId], ['own', 'pb']] as const;
  const answers = await answersOf(api, bob, routes, request, graphs);
  // In its own process 'payments' is Beta's own app: its list and a new profile of its own (checked below).
  const own: Record<string, number> = { 'GET /api/apps/:appKey/deploymentProfiles': 200, 'POST /api/apps/:appKey/deploymentProfiles': 201 };
  const expected = routes.flatMap((route) =>
    graphs.map(([label]) => `${route.method} ${route.url} graph=${label} → ${(label === 'own' && own[`${route.method} ${route.url}`]) || 404}`),
  );
  expect(answers).toEqual(expected);
  expect((await state()).filter((row) => (row as { name: string }).name !== 'Taken over')).toEqual(before);
  const betas = (await api.call(bob, 'GET', '/api/apps/payments/deploymentProfiles?graph=pb')).json();
  expect(betas.map((profile: { name: string }) => profile.name)).toEqual(['Taken over']);
});
