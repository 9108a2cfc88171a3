import { federationName, REMOTES, resolveRoute, ROUTES, routesOf } from './routes';

// Spec 2.1, as written there (the security sub-paths and the POC group spelled out).
const SPEC_ROUTES = [
  '/', '/about', '/dashboard', '/requirements', '/requirements/add-requirement', '/requirements/modify',
  '/requirements/priorityPlanes', '/requirements/comments', '/review-requirement', '/gap-analysis', '/collaboration',
  '/collaboration/share-files', '/collaboration/org-chart', '/collaboration/tasks', '/workflow', '/view-task',
  '/assign-task', '/reports', '/priorityPlanes', '/security', '/security/azure', '/security/aws', '/security/sbom',
  '/security/sast', '/security/iac', '/security/defender', '/security/clouds', '/applications',
  '/applications/priorityPlanes', '/applications/GraphView', '/applications/monitoring/events',
  '/applications/:app_key', '/applications/:app_key/rbom-settings', '/settings', '/settings/change-password',
  '/settings/user-profile', '/settings/two-factor-authentication', '/settings/subscriptions', '/administration',
  '/administration/service-modules', '/administration/organization', '/administration/global',
  '/administration/global/initialization', '/administration/iam', '/administration/collaboration',
  '/administration/user-list', '/support/contactUs', '/support/logout', '/projects', '/projects/new-project',
  '/projects/settings', '/poc', '/poc/centrifugo', '/poc/grafana', '/poc/nvd-cve', '/poc/notifications',
  '/demo/markdown-preview', '/404',
];

describe('route table', () => {
  it('lists every route of spec 2.1 once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(SPEC_ROUTES.filter((path) => !paths.includes(path))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every remote routes of its own', () => {
    for (const remote of REMOTES) expect(routesOf(remote).length).toBeGreaterThan(0);
  });

  it('resolves static segments before parameters', () => {
    expect(resolveRoute('/applications/GraphView')?.route.path).toBe('/applications/GraphView');
    expect(resolveRoute('/applications/juice-shop')).toEqual({
      route: expect.objectContaining({ path: '/applications/:app_key', owner: 'mfe-applications' }),
      params: { app_key: 'juice-shop' },
    });
    expect(resolveRoute('/applications/juice%20shop/rbom-settings')?.params).toEqual({ app_key: 'juice shop' });
  });

  it('resolves invitation paths of 3 and 4 segments to the auth remote', () => {
    expect(resolveRoute('/user-invitation/abc123')?.route.owner).toBe('mfe-auth');
    expect(resolveRoute('/user-invitation/acme/abc123')?.params).toEqual({ organization: 'acme', token: 'abc123' });
  });

  it('ignores a trailing slash and answers undefined for unknown or malformed paths', () => {
    expect(resolveRoute('/dashboard/')?.route.path).toBe('/dashboard');
    expect(resolveRoute('/no/such/page')).toBeUndefined();
    expect(resolveRoute('/applications/%zz')).toBeUndefined();
  });

  it('names federation containers as JavaScript identifiers', () => {
    expect(federationName('mfe-requirements')).toBe('mfe_requirements');
  });
});
