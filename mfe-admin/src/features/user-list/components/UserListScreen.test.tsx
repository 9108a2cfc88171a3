import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserSummary } from '../api/getUsers';
import { fakeApi, fill, renderScreen, routeOf } from '@portal/shared/testing';
import { emptyThenForbiddenAlert } from '../../../testing/listStates';
import { adminForEachTest } from '../../../testing/sessions';
import { graceAdmin } from '../testing/users';
import { UserListScreen } from './UserListScreen';

const route = routeOf('/administration/user-list');
const grace = graceAdmin({ memberships: [{ process: 'DEMO', roles: ['ADMIN'] }] });
const bob: UserSummary = {
  id: 'u-bob',
  login_id: 'bob',
  name: 'Bob Builder',
  email: 'bob@example.com',
  roles: [],
  inactive: true,
  mfa_enabled: false,
  memberships: [],
  workgroups: [],
};
const carol: UserSummary = { ...bob, id: 'u-carol', login_id: 'carol', name: 'Carol Reader', email: 'carol@example.com', inactive: false, memberships: [{ process: 'DEMO', roles: ['READER'] }] };
const processes = [
  { id: 'p1', code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
  { id: 'p2', code_name: 'DISCOVERY', name: 'Demo eDiscovery', type: 'EDISCOVERY', dashboard_type: 'MIX' },
];
const reads = { 'GET /api/users': { body: [grace, bob, carol] }, 'GET /api/projects': { body: processes } };
const snackbars = adminForEachTest();

const row = (loginId: string) => screen.getByRole('row', { name: new RegExp(`^${loginId} `) });
const GOOD_PASSWORD = 'N3wPassw0rd!';

describe('UserListScreen', () => {
  it('lists the users with roles, memberships, state and two-factor', async () => {
    fakeApi(reads);
    renderScreen(<UserListScreen route={route} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users…');
    const graceRow = await screen.findByRole('row', { name: /^grace_admin / });
    expect(within(graceRow).getByText('Grace Admin')).toBeInTheDocument();
    expect(within(graceRow).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(graceRow).getByText('ORG_ADMIN')).toBeInTheDocument();
    expect(await within(graceRow).findByText('Demo Requirements (DEMO): ADMIN')).toBeInTheDocument();
    expect(within(graceRow).getByText('Active')).toBeInTheDocument();
    expect(within(graceRow).getByText('On')).toBeInTheDocument();
    expect(within(row('bob')).getByText('Inactive')).toBeInTheDocument();
    expect(within(row('bob')).getByText('Off')).toBeInTheDocument();
  });

  it('offers neither Deactivate nor Delete on one’s own row', async () => {
    fakeApi(reads);
    renderScreen(<UserListScreen route={route} />);
    await screen.findByRole('row', { name: /^grace_admin / });
    expect(screen.queryByRole('button', { name: 'Deactivate grace_admin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete grace_admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate carol' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete carol' })).toBeInTheDocument();
    // An inactive user is activated, not deactivated.
    expect(screen.getByRole('button', { name: 'Activate bob' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate bob' })).not.toBeInTheDocument();
  });

  it('hides the actions the session may not perform', async () => {
    setPermissionChecker((permission) => permission === 'list=>User');
    fakeApi(reads);
    renderScreen(<UserListScreen route={route} />);
    await screen.findByRole('row', { name: /^carol / });
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Activate|Deactivate|Delete|Reset password)/ })).not.toBeInTheDocument();
  });

  it('shows an empty list and a failed read with the problem detail', async () => {
    const alert = await emptyThenForbiddenAlert(<UserListScreen route={route} />, 'GET /api/users', 'No users yet', { 'GET /api/projects': { body: [] } });
    expect(alert).toHaveTextContent('You do not have the privileges for the request.');
  });

  it('checks the invitation with the portal rules before sending', async () => {
    const { mutations } = fakeApi(reads);
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Required.', 'Required.', 'Required.']);
    await user.type(within(dialog).getByLabelText(/Login ID/), 'Dan!');
    await user.type(within(dialog).getByLabelText(/Email/), 'dan@');
    expect(within(dialog).getByText('At least 3 characters, lowercase, numeric and _ only.')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid email format.')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('First process (optional)'), 'DISCOVERY');
    expect(within(dialog).getByText('Choose at least one role for the process.')).toBeInTheDocument();
    expect(mutations()).toHaveLength(0);
  });

  it('invites a user with organization roles and a first process', async () => {
    const { mutations } = fakeApi({ ...reads, 'POST /api/users': { status: 201, body: { ...bob, id: 'u-dan', login_id: 'dan', email: 'dan@example.com' } } });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await fill(user, within(dialog).getByLabelText(/Login ID/), 'dan');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Dan Author');
    await fill(user, within(dialog).getByLabelText(/Email/), 'dan@example.com');
    await user.click(within(within(dialog).getByRole('group', { name: 'Organization roles' })).getByRole('checkbox', { name: 'DEMO' }));
    await user.selectOptions(within(dialog).getByLabelText('First process (optional)'), 'DISCOVERY');
    const processRoles = within(dialog).getByRole('group', { name: 'Roles in the process' });
    await user.click(within(processRoles).getByRole('checkbox', { name: 'AUTHOR' }));
    await user.click(within(processRoles).getByRole('checkbox', { name: 'REVIEWER' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(snackbars).toEqual(['Invitation sent to dan@example.com.']));
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/users',
        body: { login_id: 'dan', name: 'Dan Author', email: 'dan@example.com', roles: ['DEMO'], memberships: [{ process: 'DISCOVERY', roles: ['AUTHOR', 'REVIEWER'] }] },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument());
  });

  it('shows the API’s reason when the invitation fails', async () => {
    fakeApi({ ...reads, 'POST /api/users': { status: 409, problem: { detail: 'The login id dan is taken.' } } });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await screen.findByRole('row', { name: /^bob / });
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await fill(user, within(dialog).getByLabelText(/Login ID/), 'dan');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Dan Author');
    await fill(user, within(dialog).getByLabelText(/Email/), 'dan@example.com');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The login id dan is taken.');
  });

  it('activates an inactive user with a new password that follows the rules', async () => {
    const { mutations } = fakeApi({ ...reads, 'PATCH /api/users/u-bob/activate': { body: { ...bob, inactive: false } } });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Activate bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate bob' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'short');
    await user.type(within(dialog).getByLabelText(/^Repeat new password/), 'other');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'At least 8 characters and must have uppercase, lowercase, number and special character (@$!%*?&).',
      'The passwords must be the same.',
    ]);
    await user.clear(within(dialog).getByLabelText(/^New password/));
    await user.type(within(dialog).getByLabelText(/^New password/), GOOD_PASSWORD);
    await user.clear(within(dialog).getByLabelText(/^Repeat new password/));
    await user.type(within(dialog).getByLabelText(/^Repeat new password/), `${GOOD_PASSWORD}{Enter}`);
    await waitFor(() => expect(snackbars).toEqual(['bob is active.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/users/u-bob/activate', body: { new_password: GOOD_PASSWORD } })]);
  });

  it('deactivates a user after a confirmation saying the sessions end', async () => {
    const { mutations } = fakeApi({ ...reads, 'PATCH /api/users/u-carol/deactivate': { body: { ...carol, inactive: true } } });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Deactivate carol' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate carol' });
    expect(dialog).toHaveTextContent('Every session of the user ends at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mutations()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactivate carol' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Deactivate carol' })).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(snackbars).toEqual(['carol is deactivated and signed out.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/users/u-carol/deactivate', body: undefined })]);
  });

  it('resets a password', async () => {
    const { mutations } = fakeApi({ ...reads, 'PATCH /api/users/u-carol/password/reset': { status: 204 } });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Reset password of carol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password of carol' });
    await user.type(within(dialog).getByLabelText(/^New password/), GOOD_PASSWORD);
    await user.type(within(dialog).getByLabelText(/^Repeat new password/), GOOD_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(snackbars).toEqual(['The password of carol has been reset.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/users/u-carol/password/reset', body: { new_password: GOOD_PASSWORD } })]);
  });

  it('deletes a user once the confirm word is typed, and shows a failure in the dialog', async () => {
    const { mutations } = fakeApi({
      ...reads,
      'DELETE /api/users/u-carol': [{ status: 409, problem: { detail: 'carol still owns open tasks.' } }, { status: 204 }],
    });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Delete carol' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete carol' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('carol still owns open tasks.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(snackbars).toEqual(['carol has been deleted.']));
    expect(mutations().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/users/u-carol', 'DELETE /api/users/u-carol']);
  });

  it('enrolls a user in a process, changes the roles and disenrolls after a confirmation', async () => {
    const { mutations } = fakeApi({ ...reads, 'PATCH /api/users/memberships': { body: carol } });
    const { user } = renderScreen(<UserListScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Memberships of carol' }));
    const dialog = await screen.findByRole('dialog', { name: 'Process memberships of carol' });

    // Enroll in another process.
    const enroll = within(dialog).getByRole('form', { name: 'Enroll in a process' });
    expect(within(enroll).getByRole('option', { name: 'Demo eDiscovery (DISCOVERY)' })).toBeInTheDocument();
    expect(within(enroll).queryByRole('option', { name: 'Demo Requirements (DEMO)' })).not.toBeInTheDocument();
    await user.selectOptions(within(enroll).getByLabelText('Process'), 'DISCOVERY');
    await user.click(within(enroll).getByRole('checkbox', { name: 'READER' }));
    await user.click(within(enroll).getByRole('button', { name: 'Enroll' }));
    await waitFor(() => expect(snackbars).toEqual(['carol enrolled in DISCOVERY.']));

    // Change the roles held in DEMO.
    const demo = within(dialog).getByRole('group', { name: 'Demo Requirements (DEMO)' });
    await user.click(within(demo).getByRole('checkbox', { name: 'AUTHOR' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save roles in Demo Requirements (DEMO)' }));
    await waitFor(() => expect(snackbars).toContain('Roles of carol in DEMO saved.'));

    // Disenroll asks first.
    await user.click(within(dialog).getByRole('button', { name: 'Disenroll from Demo Requirements (DEMO)…' }));
    const confirm = within(dialog).getByRole('group', { name: 'Confirm disenrolling from Demo Requirements (DEMO)' });
    await user.click(within(confirm).getByRole('button', { name: 'Disenroll' }));
    await waitFor(() => expect(snackbars).toContain('carol disenrolled from DEMO.'));

    expect(mutations().map((call) => call.body)).toEqual([
      { user_id: 'u-carol', process: 'DISCOVERY', roles: ['READER'] },
      { user_id: 'u-carol', process: 'DEMO', roles: ['READER', 'AUTHOR'] },
      { user_id: 'u-carol', process: 'DEMO', roles: [] },
    ]);
  });
});
