import { setPermissionChecker } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import type { Subscription } from '../../../lib/organizations';
import { fakeApi, ok, problem, renderScreen, routeOf } from '@portal/shared/testing';
import { OrganizationAdministrationScreen } from './OrganizationAdministrationScreen';

const subscription: Subscription = {
  organization: { id: 'org-1', name: 'Acme Corp' },
  edition: 'Enterprise',
  trial: null,
  limits: { code: true, requirement: true, num_of_projects: -1, num_of_users: 10, num_of_apps: -1 },
  usage: { projects: 3, users: 10, apps: 12 },
};

const open = () => renderScreen(<OrganizationAdministrationScreen route={routeOf('/administration/organization')} />, { location: '/administration/organization' });

afterEach(() => setPermissionChecker(null));

describe('OrganizationAdministrationScreen', () => {
  it('shows the organization, its module configuration read-only and its usage', async () => {
    fakeApi({ 'GET /api/organizations/subscription': ok(subscription) });
    open();
    expect(await screen.findByRole('heading', { name: 'Acme Corp', level: 2 })).toBeInTheDocument();
    expect(screen.getByLabelText('Organization', { selector: 'dl' })).toHaveTextContent('EditionEnterpriseTrialNo trial');
    const configuration = screen.getByLabelText('Module configuration', { selector: 'dl' });
    expect(configuration).toHaveTextContent('Code Provenance moduleOn');
    expect(configuration).toHaveTextContent('Processes allowedUnlimited');
    expect(configuration).toHaveTextContent('Users allowed10');
    // Read-only: nothing to edit here.
    expect(within(screen.getByRole('region', { name: 'Module configuration' })).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Users used' })).toHaveAttribute('aria-valuetext', '10 of 10');
    expect(screen.getByText('3 of Unlimited')).toBeInTheDocument();
  });

  it('links to the administration of the organization the user may open', async () => {
    setPermissionChecker((permission) => ['list=>Role', 'list=>User', 'manage=>Organization@organization'].includes(permission));
    fakeApi({ 'GET /api/organizations/subscription': ok(subscription) });
    open();
    const links = within(screen.getByRole('navigation', { name: 'Administration of the organization' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['IAM', '/administration/iam'],
      ['User List', '/administration/user-list'],
    ]);
  });

  it('links to every page for a full organization admin', async () => {
    fakeApi({ 'GET /api/organizations/subscription': ok(subscription) });
    open();
    const links = within(screen.getByRole('navigation', { name: 'Administration of the organization' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['IAM', 'Collaboration Administration', 'User List', 'Service Modules', 'Subscription Info']);
  });

  it("shows the API's problem detail", async () => {
    fakeApi({ 'GET /api/organizations/subscription': problem(500, 'Unable to read the organization.') });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to read the organization.');
  });
});
