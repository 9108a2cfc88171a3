import type { Session } from '@portal/shared';
import { redirectFor } from './redirects';

const session = (roles: string[], organization: Session['organization'], projects: string[] = []): Session => ({
  session_id: 's',
  timestamp: 0,
  authenticated: true,
  authentication_status: 'Authenticated',
  organization,
  user: { id: 'u', login_id: 'u', name: 'U' },
  access_control: { policies: [], projects: projects.map((code_name) => ({ code_name })) },
  edition: 'Enterprise',
  tenancy: false,
  roles,
  features: {},
});

const ACME = { id: 'o', name: 'Acme' };

describe('where an authenticated user lands (spec 4.1)', () => {
  it.each([
    ['Initiator anywhere', ['_initiator'], null, '/dashboard', '/administration/global/initialization'],
    ['Initiator on initialization', ['_initiator'], null, '/administration/global/initialization', undefined],
    ['Global Admin without organization, home', ['_global_admin'], null, '/', '/administration/global'],
    ['Global Admin without organization, elsewhere', ['_global_admin'], null, '/requirements', '/administration/global'],
    ['Global Admin without organization, a global-admin path', ['_global_admin'], null, '/administration/global/x', undefined],
    ['Global Admin without organization, IAM (global roles)', ['_global_admin'], null, '/administration/iam', undefined],
    ['Global Admin without organization, account settings', ['_global_admin'], null, '/settings/change-password', '/administration/global'],
    ['Global Admin of an organization without processes', ['_global_admin'], ACME, '/dashboard', '/administration/global'],
    ['member, home', ['AUTHOR'], ACME, '/', '/dashboard'],
    ['member, deep link', ['AUTHOR'], ACME, '/requirements', undefined],
  ] as const)('%s', (_case, roles, organization, pathname, expected) => {
    expect(redirectFor(session([...roles], organization), pathname)).toBe(expected);
  });

  it('takes a Global Admin with processes from home to the dashboard like any member', () => {
    expect(redirectFor(session(['_global_admin'], ACME, ['main']), '/')).toBe('/dashboard');
    expect(redirectFor(session(['_global_admin'], ACME, ['main']), '/requirements')).toBeUndefined();
  });
});
