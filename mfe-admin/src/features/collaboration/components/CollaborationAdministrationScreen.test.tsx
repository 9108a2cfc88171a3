import { setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserSummary } from '../../user-list';
import { fakeApi, fill, renderScreen, routeOf } from '@portal/shared/testing';
import { adminForEachTest } from '../../../testing/sessions';
import type { WorkgroupDetails } from '../api/workgroups';
import { CollaborationAdministrationScreen } from './CollaborationAdministrationScreen';

const route = routeOf('/administration/collaboration');
const user = (id: string, login_id: string, name: string, extra: Partial<UserSummary> = {}): UserSummary => ({
  id,
  login_id,
  name,
  email: `${login_id}@example.com`,
  roles: [],
  inactive: false,
  mfa_enabled: true,
  memberships: [],
  workgroups: [],
  ...extra,
});
const users = [
  user('u1', 'grace_admin', 'Grace Admin', { roles: ['ORG_ADMIN'], workgroups: [{ id: 'w1', name: 'Reviewers' }] }),
  user('u2', 'bob', 'Bob Builder', { memberships: [{ process: 'DEMO', roles: ['AUTHOR', 'REVIEWER'] }] }),
  user('u3', 'carol', 'Carol Reader', { inactive: true }),
];
const reviewers: WorkgroupDetails = { id: 'w1', name: 'Reviewers', description: 'Review requirements', members: [{ id: 'u1', login_id: 'grace_admin', name: 'Grace Admin' }] };
const snackbars = adminForEachTest();

describe('CollaborationAdministrationScreen', () => {
  it('lists the workgroups with their members and every user’s roles', async () => {
    fakeApi({ 'GET /api/workgroups': { body: [reviewers] }, 'GET /api/users': { body: users } });
    renderScreen(<CollaborationAdministrationScreen route={route} />);
    const workgroups = await screen.findByRole('table', { name: 'Workgroups and their members' });
    const row = within(workgroups).getByRole('row', { name: /^Reviewers / });
    expect(row).toHaveTextContent('Review requirements');
    expect(row).toHaveTextContent('Grace Admin');

    const roles = await screen.findByRole('table', { name: 'Users and the roles they hold' });
    expect(within(roles).getByRole('row', { name: /^grace_admin / })).toHaveTextContent(/ORG_ADMIN.*Reviewers.*Active/);
    expect(within(roles).getByRole('row', { name: /^bob / })).toHaveTextContent('DEMO: AUTHOR, REVIEWER');
    expect(within(roles).getByRole('row', { name: /^carol / })).toHaveTextContent('Inactive');
    // Read only: no actions on users.
    expect(within(roles).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows empty states and a failed read', async () => {
    fakeApi({ 'GET /api/workgroups': { body: [] }, 'GET /api/users': { status: 500, problem: { detail: 'The user directory is unavailable.' } } });
    renderScreen(<CollaborationAdministrationScreen route={route} />);
    expect(await screen.findByText('No workgroups yet')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('The user directory is unavailable.');
  });

  it('adds a workgroup with members', async () => {
    const { mutations } = fakeApi({
      'GET /api/workgroups': { body: [] },
      'GET /api/users': { body: users },
      'POST /api/workgroups': { status: 201, body: { ...reviewers, id: 'w2', name: 'Authors' } },
    });
    const { user: actor } = renderScreen(<CollaborationAdministrationScreen route={route} />);
    await screen.findByText('No workgroups yet');
    await actor.click(screen.getByRole('button', { name: 'Add workgroup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add workgroup' });
    await actor.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Required.');
    expect(mutations()).toHaveLength(0);

    await fill(actor, within(dialog).getByLabelText(/^Name/), 'Authors');
    await fill(actor, within(dialog).getByLabelText('Description'), 'Write requirements');
    await actor.type(within(dialog).getByLabelText('Find users'), 'bob{Enter}');
    expect(within(dialog).queryByRole('checkbox', { name: 'Carol Reader (carol)' })).not.toBeInTheDocument();
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Bob Builder (bob)' }));
    await actor.clear(within(dialog).getByLabelText('Find users'));
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Carol Reader (carol)' }));
    expect(mutations()).toHaveLength(0);
    await actor.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(snackbars).toEqual(['Workgroup Authors created.']));
    expect(mutations()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/workgroups', body: { name: 'Authors', description: 'Write requirements', member_ids: ['u2', 'u3'] } }),
    ]);
  });

  it('edits a workgroup and shows the API’s reason when it fails', async () => {
    const { mutations } = fakeApi({
      'GET /api/workgroups': { body: [reviewers] },
      'GET /api/users': { body: users },
      'PUT /api/workgroups/w1': [{ status: 409, problem: { detail: 'A workgroup named Authors exists.' } }, { body: reviewers }],
    });
    const { user: actor } = renderScreen(<CollaborationAdministrationScreen route={route} />);
    await actor.click(await screen.findByRole('button', { name: 'Edit workgroup Reviewers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit workgroup Reviewers' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Reviewers');
    expect(within(dialog).getByRole('checkbox', { name: 'Grace Admin (grace_admin)' })).toBeChecked();
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Grace Admin (grace_admin)' }));
    await actor.click(within(dialog).getByRole('checkbox', { name: 'Bob Builder (bob)' }));
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A workgroup named Authors exists.');
    await actor.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbars).toEqual(['Workgroup Reviewers saved.']));
    expect(mutations()[1]).toEqual(
      expect.objectContaining({ method: 'PUT', path: '/api/workgroups/w1', body: { name: 'Reviewers', description: 'Review requirements', member_ids: ['u2'] } }),
    );
  });

  it('deletes a workgroup after the typed confirmation', async () => {
    const { mutations } = fakeApi({ 'GET /api/workgroups': { body: [reviewers] }, 'GET /api/users': { body: users }, 'DELETE /api/workgroups/w1': { status: 204 } });
    const { user: actor } = renderScreen(<CollaborationAdministrationScreen route={route} />);
    await actor.click(await screen.findByRole('button', { name: 'Delete workgroup Reviewers' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete workgroup Reviewers' });
    await actor.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete');
    await actor.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(snackbars).toEqual(['Workgroup Reviewers deleted.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/workgroups/w1' })]);
  });

  it('hides the workgroup actions the session may not perform', async () => {
    setPermissionChecker((permission) => !permission.endsWith('=>Workgroup'));
    fakeApi({ 'GET /api/workgroups': { body: [reviewers] }, 'GET /api/users': { body: users } });
    renderScreen(<CollaborationAdministrationScreen route={route} />);
    await screen.findByRole('row', { name: /^Reviewers / });
    expect(screen.queryByRole('button', { name: /workgroup/i })).not.toBeInTheDocument();
  });
});
