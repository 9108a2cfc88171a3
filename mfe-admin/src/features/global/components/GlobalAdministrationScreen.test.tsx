import { history, setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Organization } from '../../../lib/organizations';
import { fakeApi, fieldLabel, fill, noContent, ok, problem, renderScreen, routeOf } from '@portal/shared/testing';
import { GlobalAdministrationScreen } from './GlobalAdministrationScreen';

const acme: Organization = {
  id: 'org-1',
  name: 'Acme Corp',
  created_at: '2025-06-01T10:00:00Z',
  edition: 'Enterprise',
  trial_ends_at: null,
  module_configuration: { code: true, requirement: true, num_of_projects: -1, num_of_users: 10, num_of_apps: -1 },
  usage: { projects: 2, users: 4, apps: 7 },
};
const trial: Organization = {
  ...acme,
  id: 'org-2',
  name: 'Trial Inc',
  edition: 'Trial',
  trial_ends_at: '2025-06-15T12:00:00Z',
  module_configuration: { code: false, requirement: true, num_of_projects: 1, num_of_users: 5, num_of_apps: 3 },
  usage: { projects: 1, users: 1, apps: 0 },
};

const open = () => renderScreen(<GlobalAdministrationScreen route={routeOf('/administration/global')} />, { location: '/administration/global' });

afterEach(() => setPermissionChecker(null));

/** Opens Create organization, names it, and fills its admin up to the password. */
async function startOrganization(user: UserEvent, organization: string) {
  await user.click(await screen.findByRole('button', { name: 'Create organization' }));
  await fill(user, screen.getByLabelText(fieldLabel('Organization name')), organization);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await fill(user, screen.getByLabelText(fieldLabel('Login ID')), 'tina');
  await fill(user, screen.getByLabelText(fieldLabel('Name')), 'Tina Admin');
  await fill(user, screen.getByLabelText(fieldLabel('Email')), 'tina@example.com');
}

describe('GlobalAdministrationScreen', () => {
  it('lists the organizations with edition, trial end and usage against limits', async () => {
    fakeApi({ 'GET /api/organizations': ok([acme, trial]) });
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading organizations…');
    const table = await screen.findByRole('table', { name: 'Organizations' });
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(1).map((cells) => cells.slice(0, 6))).toEqual([
      ['Acme Corp', 'Enterprise', 'No trial', '2 of Unlimited', '4 of 10', '7 of Unlimited'],
      ['Trial Inc', 'Trial', '06/15/2025', '1 of 1', '1 of 5', '0 of 3'],
    ]);
  });

  it("links a Global Admin to the installation's vulnerability database, and nobody else", async () => {
    fakeApi({ 'GET /api/organizations': ok([acme]) });
    const { user } = open();
    const links = screen.getByRole('navigation', { name: "The installation's data" });
    await user.click(within(links).getByRole('link', { name: 'Vulnerability Database' }));
    expect(history.location.pathname).toBe('/administration/global/vulnerabilities');
  });

  it("links a Global Admin to the installation's background jobs", async () => {
    fakeApi({ 'GET /api/organizations': ok([acme]) });
    const { user } = open();
    const links = screen.getByRole('navigation', { name: "The installation's data" });
    await user.click(within(links).getByRole('link', { name: 'Background Jobs' }));
    expect(history.location.pathname).toBe('/administration/global/jobs');
  });

  it('does not offer the vulnerability database without the import permission (nor the administration, which reads it)', async () => {
    setPermissionChecker((permission) => permission !== 'import=>Vulnerability@global' && permission !== 'access=>Administration');
    fakeApi({ 'GET /api/organizations': ok([acme]) });
    open();
    await screen.findByRole('table', { name: 'Organizations' });
    expect(screen.queryByRole('link', { name: 'Vulnerability Database' })).not.toBeInTheDocument();
  });

  it('says so when there is no organization', async () => {
    fakeApi({ 'GET /api/organizations': ok([]) });
    open();
    expect(await screen.findByText('No organizations yet.')).toBeInTheDocument();
  });

  it("shows the API's problem detail when the list fails, and tries again", async () => {
    let failed = false;
    fakeApi({
      'GET /api/organizations': () => {
        if (failed) return ok([acme]);
        failed = true;
        return problem(500, 'The organization store is unavailable.');
      },
    });
    const { user } = open();
    expect(await screen.findByRole('alert')).toHaveTextContent('The organization store is unavailable.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Organizations' })).toBeInTheDocument();
  });

  it('views one organization', async () => {
    const { calls } = fakeApi({ 'GET /api/organizations': ok([trial]), 'GET /api/organizations/org-2': ok(trial) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'View Trial Inc' }));
    expect(await screen.findByRole('heading', { name: 'Trial Inc', level: 2 })).toHaveFocus();
    const facts = screen.getByLabelText('Organization');
    expect(facts).toHaveTextContent('EditionTrial');
    expect(facts).toHaveTextContent('Trial ends06/15/2025');
    expect(facts).toHaveTextContent('Code Provenance moduleOff');
    expect(facts).toHaveTextContent('Requirement moduleOn');
    expect(screen.getByRole('progressbar', { name: 'Users used' })).toHaveAttribute('aria-valuetext', '1 of 5');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/organizations/org-2');
    await user.click(screen.getByRole('button', { name: 'Back to organizations' }));
    expect(await screen.findByRole('heading', { name: 'Organizations', level: 2 })).toHaveFocus();
  });

  it('creates an organization with its admin', async () => {
    const { mutations } = fakeApi({ 'GET /api/organizations': ok([acme]), 'POST /api/organizations': ok(trial, 201) });
    const { user, snackbars } = open();
    await startOrganization(user, 'Trial Inc');
    await fill(user, screen.getByLabelText(fieldLabel('Password')), 'Adm1nPassw0rd!');
    await fill(user, screen.getByLabelText(fieldLabel('Repeat password')), 'Adm1nPassw0rd!');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('table', { name: 'Organizations' })).toBeInTheDocument();
    expect(mutations()).toEqual([
      {
        method: 'POST',
        path: '/api/organizations',
        query: {},
        body: { name: 'Trial Inc', admin: { login_id: 'tina', name: 'Tina Admin', email: 'tina@example.com', password: 'Adm1nPassw0rd!' } },
      },
    ]);
    expect(snackbars).toEqual(['Organization Trial Inc created with its admin tina.']);
  });

  it("checks the admin's password with the portal's rules and shows the API's refusal", async () => {
    const { mutations } = fakeApi({ 'GET /api/organizations': ok([]), 'POST /api/organizations': problem(409, 'An organization named Acme Corp exists.') });
    const { user } = open();
    await startOrganization(user, 'Acme Corp');
    await fill(user, screen.getByLabelText(fieldLabel('Password')), 'short');
    expect(screen.getByText('At least 8 characters and must have uppercase, lowercase, number and special character (@$!%*?&).')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(fieldLabel('Password')));
    await fill(user, screen.getByLabelText(fieldLabel('Password')), 'Adm1nPassw0rd!');
    await fill(user, screen.getByLabelText(fieldLabel('Repeat password')), 'Adm1nPassw0rd?');
    expect(screen.getByText('The passwords must be the same.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(screen.getByLabelText(fieldLabel('Repeat password')), '{Backspace}!');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('An organization named Acme Corp exists.')).toBeInTheDocument();
    expect(mutations()).toHaveLength(1);
  });

  it('deletes an organization after the typed confirmation', async () => {
    const { mutations } = fakeApi({ 'GET /api/organizations': ok([acme, trial]), 'DELETE /api/organizations/org-2': noContent() });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Trial Inc' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete organization' });
    expect(dialog).toHaveTextContent('Organization Trial Inc will be deleted with its users, processes and data.');
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete{Enter}');
    await waitFor(() => expect(snackbars).toEqual(['Organization Trial Inc deleted.']));
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/organizations/org-2', query: {}, body: undefined }]);
  });

  it('keeps the dialog open with the reason when the deletion fails', async () => {
    fakeApi({ 'GET /api/organizations': ok([acme]), 'DELETE /api/organizations/org-1': problem(403, 'You do not have the privileges for the request.') });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete Acme Corp' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete organization' });
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You do not have the privileges for the request.');
  });

  it('saves the module configuration, unlimited as -1', async () => {
    const saved = { ...trial, module_configuration: { code: true, requirement: false, num_of_projects: 4, num_of_users: -1, num_of_apps: 3 } };
    const { mutations } = fakeApi({
      'GET /api/organizations': ok([trial]),
      'GET /api/organizations/org-2': ok(trial),
      'PUT /api/organizations/org-2/moduleConfiguration': ok(saved),
    });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Module configuration of Trial Inc' }));
    const form = await screen.findByRole('form', { name: 'Module configuration of Trial Inc' });
    const save = within(form).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(within(form).getByLabelText('Code Provenance module'));
    await user.click(within(form).getByLabelText('Requirement module'));
    await user.clear(within(form).getByLabelText('Processes'));
    await user.type(within(form).getByLabelText('Processes'), '4');
    await user.click(within(form).getByLabelText('Users unlimited'));
    expect(within(form).getByLabelText('Users')).toBeDisabled();
    await user.click(save);
    await waitFor(() => expect(snackbars).toEqual(['Module configuration of Trial Inc saved.']));
    expect(mutations()).toEqual([
      {
        method: 'PUT',
        path: '/api/organizations/org-2/moduleConfiguration',
        query: {},
        body: { code: true, requirement: false, num_of_projects: 4, num_of_users: -1, num_of_apps: 3 },
      },
    ]);
  });

  it('checks the limits before saving', async () => {
    const { mutations } = fakeApi({ 'GET /api/organizations': ok([trial]), 'GET /api/organizations/org-2': ok(trial) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Module configuration of Trial Inc' }));
    const form = await screen.findByRole('form', { name: 'Module configuration of Trial Inc' });
    await user.clear(within(form).getByLabelText('Applications'));
    await user.type(within(form).getByLabelText('Applications'), '-2');
    expect(within(form).getByRole('alert')).toHaveTextContent('Minimum value is 0.');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(mutations()).toEqual([]);
  });

  it('invites to a trial', async () => {
    const { mutations } = fakeApi({ 'GET /api/organizations': ok([acme]), 'POST /api/organizations/trials': ok(trial, 201) });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Invite to a trial' }));
    const form = screen.getByRole('form', { name: 'Invite to a trial' });
    await user.type(within(form).getByLabelText(fieldLabel('Organization name')), 'Trial Inc');
    await user.type(within(form).getByLabelText(fieldLabel('Email')), 'tina@example.com{Enter}');
    await waitFor(() => expect(snackbars).toEqual(['tina@example.com is invited to a 14-day trial of Trial Inc.']));
    expect(mutations()).toEqual([
      { method: 'POST', path: '/api/organizations/trials', query: {}, body: { name: 'Trial Inc', email: 'tina@example.com' } },
    ]);
  });

  it('checks the invitation fields and shows the refusal', async () => {
    const { mutations } = fakeApi({ 'GET /api/organizations': ok([acme]), 'POST /api/organizations/trials': problem(400, 'The email is already in use.') });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Invite to a trial' }));
    const form = screen.getByRole('form', { name: 'Invite to a trial' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Required.', 'Required.']);
    expect(mutations()).toEqual([]);
    await user.type(within(form).getByLabelText(fieldLabel('Organization name')), 'Trial Inc');
    await user.type(within(form).getByLabelText(fieldLabel('Email')), 'tina@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The email is already in use.');
  });

  it('hides the actions the user may not take', async () => {
    setPermissionChecker((permission) => permission === 'list=>Organization@global');
    fakeApi({ 'GET /api/organizations': ok([acme]) });
    open();
    await screen.findByRole('table', { name: 'Organizations' });
    expect(screen.queryByRole('button', { name: 'Create organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Acme Corp' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Acme Corp' })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Acme Corp' })).toBeInTheDocument();
  });
});
