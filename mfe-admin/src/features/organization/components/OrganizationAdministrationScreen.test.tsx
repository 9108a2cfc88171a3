import { sessionStore, setPermissionChecker, setRealtimeImplementation, type OrganizationSettings, type RealtimeHandler } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Subscription } from '../../../lib/organizations';
import { fakeApi, ok, problem, renderScreen, routeOf, type FakeReply } from '@portal/shared/testing';
import { adminForEachTest, adminSession } from '../../../testing/sessions';
import { OrganizationAdministrationScreen } from './OrganizationAdministrationScreen';

const subscription: Subscription = {
  organization: { id: 'org-1', name: 'Acme Corp' },
  edition: 'Enterprise',
  trial: null,
  limits: { code: true, requirement: true, num_of_projects: -1, num_of_users: 10, num_of_apps: -1 },
  usage: { projects: 3, users: 10, apps: 12 },
};

const SECURITY = { role: 'Security', name: 'Sam Secure', email: 'security@acme.example' };
const settings: OrganizationSettings = {
  id: 'org-1',
  name: 'Acme Corp',
  contacts: [SECURITY],
  notification_settings: { 'Task: New': { mail: true, portal: true }, 'New Vulnerability': { mail: true, portal: true } },
};

const SETTINGS = 'GET /api/organizations/org-1/settings';
const reads = (settingsReply: FakeReply | FakeReply[] = ok(settings)) => ({ 'GET /api/organizations/subscription': ok(subscription), [SETTINGS]: settingsReply });

const snackbars = adminForEachTest();
beforeEach(() => sessionStore.setSession(adminSession({ organization: { id: 'org-1', name: 'Acme Corp' } })));
afterEach(() => {
  setPermissionChecker(null);
  setRealtimeImplementation(null);
});

/** The user's events queue, as the realtime facade delivers it. */
function fakeEvents() {
  const handlers: Array<[string, RealtimeHandler]> = [];
  setRealtimeImplementation({
    state: 'Connected',
    subscribe: (destination, handler) => {
      const entry: [string, RealtimeHandler] = [destination, handler as RealtimeHandler];
      handlers.push(entry);
      return () => handlers.splice(handlers.indexOf(entry), 1);
    },
    publish: async () => undefined,
    onStateChange: () => () => undefined,
  });
  return (body: unknown) => act(() => handlers.filter(([destination]) => destination === 'events#u-admin').forEach(([, handler]) => handler(body, 'events#u-admin')));
}

const open = () => renderScreen(<OrganizationAdministrationScreen route={routeOf('/administration/organization')} />, { location: '/administration/organization' });
const region = (name: string) => screen.getByRole('region', { name });

describe('OrganizationAdministrationScreen', () => {
  it('shows the organization, its module configuration read-only and its usage', async () => {
    fakeApi(reads());
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
    fakeApi(reads());
    open();
    const links = within(screen.getByRole('navigation', { name: 'Administration of the organization' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['IAM', '/administration/iam'],
      ['User List', '/administration/user-list'],
    ]);
  });

  it('links to every page for a full organization admin', async () => {
    fakeApi(reads());
    open();
    const links = within(screen.getByRole('navigation', { name: 'Administration of the organization' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['IAM', 'Collaboration Administration', 'User List', 'Service Modules', 'Subscription Info']);
  });

  it("shows the API's problem detail", async () => {
    fakeApi({ 'GET /api/organizations/subscription': problem(500, 'Unable to read the organization.'), [SETTINGS]: ok(settings) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to read the organization.');
  });

  it('shows the name and contacts, with the spec 5 messages once a field is left or a save is tried', async () => {
    const { mutations } = fakeApi(reads());
    const { user } = open();
    const name = await screen.findByRole('textbox', { name: /^Organization name/ });
    const details = region('Name and contacts');
    expect(name).toHaveValue('Acme Corp');
    const first = within(details).getByRole('group', { name: 'Contact 1' });
    expect(within(first).getByRole('textbox', { name: /^Role/ })).toHaveValue('Security');
    expect(within(first).getByRole('textbox', { name: /^Email/ })).toHaveValue('security@acme.example');
    expect(within(details).getByRole('button', { name: 'Save organization' })).toBeDisabled();

    await user.clear(name);
    expect(within(details).queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(await within(details).findByRole('alert')).toHaveTextContent('Required.');

    // A new contact takes the focus on its first field; its messages wait for a save.
    await user.click(within(details).getByRole('button', { name: 'Add contact' }));
    const second = within(details).getByRole('group', { name: 'Contact 2' });
    expect(within(second).getByRole('textbox', { name: /^Role/ })).toHaveFocus();
    await user.keyboard('Security!');
    await user.type(within(second).getByRole('textbox', { name: /^Email/ }), 'nope');
    await user.click(within(details).getByRole('button', { name: 'Save organization' }));
    const messages = within(details).getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages).toEqual(['Required.', 'No special characters are allowed.', 'Required.', 'Invalid email format.']);
    expect(mutations()).toEqual([]);
  });

  it('saves only what changed and says so; the session names the organization anew', async () => {
    const BILLING = { role: 'Billing', name: 'Bea Bills', email: 'billing@acme.example' };
    const saved = { ...settings, name: 'Acme Security', contacts: [BILLING] };
    const { mutations } = fakeApi({ ...reads([ok(settings), ok(saved)]), 'PATCH /api/organizations/org-1/settings': ok(saved) });
    const { user } = open();
    const name = await screen.findByRole('textbox', { name: /^Organization name/ });
    const details = region('Name and contacts');
    await user.clear(name);
    await user.type(name, ' Acme Security ');
    await user.click(within(details).getByRole('button', { name: 'Add contact' }));
    const second = within(details).getByRole('group', { name: 'Contact 2' });
    await user.keyboard(BILLING.role);
    await user.type(within(second).getByRole('textbox', { name: /^Name/ }), BILLING.name);
    await user.type(within(second).getByRole('textbox', { name: /^Email/ }), BILLING.email);
    await user.click(within(details).getByRole('button', { name: 'Remove contact 1' }));
    expect(within(details).getByRole('button', { name: 'Add contact' })).toHaveFocus();
    await user.click(within(details).getByRole('button', { name: 'Save organization' }));
    await waitFor(() => expect(snackbars).toEqual(['Organization saved.']));
    expect(mutations()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: '/api/organizations/org-1/settings', body: { name: 'Acme Security', contacts: [BILLING] } }),
    ]);
    expect(sessionStore.getState().session?.organization?.name).toBe('Acme Security');
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Organization name/ })).toHaveValue('Acme Security'));
  });

  it("shows the API's refusal of a name another organization has", async () => {
    fakeApi({ ...reads(), 'PATCH /api/organizations/org-1/settings': { status: 409, problem: { detail: "An organization named 'Globex' already exists." } } });
    const { user } = open();
    const name = await screen.findByRole('textbox', { name: /^Organization name/ });
    await user.clear(name);
    await user.type(name, 'globex');
    await user.click(within(region('Name and contacts')).getByRole('button', { name: 'Save organization' }));
    expect(await within(region('Name and contacts')).findByText("An organization named 'Globex' already exists.")).toBeInTheDocument();
  });

  it('saves the default notification settings that changed', async () => {
    const { mutations } = fakeApi({ ...reads(), 'PATCH /api/organizations/org-1/settings': ok(settings) });
    const { user } = open();
    const defaults = await screen.findByRole('region', { name: 'Default notification settings' });
    const mail = within(defaults).getByRole('checkbox', { name: 'Mail for New Vulnerability' });
    expect(mail).toBeChecked();
    await user.click(mail);
    await user.click(within(defaults).getByRole('button', { name: 'Save notification defaults' }));
    await waitFor(() => expect(snackbars).toEqual(['Default notification settings saved.']));
    expect(mutations()).toEqual([
      expect.objectContaining({ body: { notification_settings: { 'New Vulnerability': { mail: false, portal: true } } } }),
    ]);
  });

  it('shows NO ACCESS in place of the settings for who may not manage the organization', async () => {
    fakeApi(reads(problem(403, 'You do not have the privileges for the request.')));
    open();
    expect(await screen.findByRole('heading', { name: 'Acme Corp', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(/no access/i)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Organization details' })).not.toBeInTheDocument();
  });

  it('follows a change made elsewhere: Update Organization reads the organization again', async () => {
    const deliver = fakeEvents();
    const renamed = { ...settings, name: 'Acme Renamed' };
    fakeApi({
      'GET /api/organizations/subscription': [ok(subscription), ok({ ...subscription, organization: { id: 'org-1', name: 'Acme Renamed' } })],
      [SETTINGS]: [ok(settings), ok(renamed)],
    });
    open();
    expect(await screen.findByRole('textbox', { name: /^Organization name/ })).toHaveValue('Acme Corp');
    // Another organization's event changes nothing here.
    await deliver({ type: 'Update Organization', eventId: 'e0', session_id: 'other', data: { graph: '', id: 'org-2', login_id: 'hans' } });
    expect(screen.getByRole('heading', { name: 'Acme Corp', level: 2 })).toBeInTheDocument();
    await deliver({ type: 'Update Organization', eventId: 'e1', session_id: 'other', data: { graph: '', id: 'org-1', login_id: 'olga' } });
    expect(await screen.findByRole('heading', { name: 'Acme Renamed', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Organization name/ })).toHaveValue('Acme Renamed'));
  });
});
