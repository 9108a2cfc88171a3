import { sessionStore, setPermissionChecker, type Session } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, fieldLabel, fill, noContent, ok, problem, renderScreen, routeOf } from '@portal/shared/testing';
import type { Role } from '../api/roles';
import type { RoleHolder } from '../api/users';
import { IamScreen } from './IamScreen';

const reader: Role = {
  name: 'READER',
  kind: 'process',
  description: 'Reads the process.',
  built_in: true,
  customized: false,
  policies: [{ effect: 'allow', actions: ['list', 'view'], resources: ['Requirement'], condition: null }],
};
const orgAdmin: Role = {
  name: 'ORG_ADMIN',
  kind: 'organization',
  description: 'Administers the organization.',
  built_in: true,
  customized: true,
  policies: [
    { effect: 'allow', actions: ['*'], resources: ['User'], condition: null },
    { effect: 'forbid', actions: ['delete'], resources: ['Process'], condition: 'project == "alpha"' },
  ],
};
const auditor: Role = {
  name: 'AUDITOR',
  kind: 'organization',
  description: 'Reads reports.',
  built_in: false,
  customized: false,
  policies: [{ effect: 'allow', actions: ['view'], resources: ['Requirement'], condition: null }],
};
const globalAdmin: Role = {
  name: '_global_admin',
  kind: 'global',
  description: 'Administers the installation.',
  built_in: true,
  customized: false,
  policies: [{ effect: 'allow', actions: ['list'], resources: ['Organization'], condition: 'scope == "global"' }],
};
const ann: RoleHolder = { id: 'u-ann', login_id: 'ann', name: 'Ann Admin', email: 'ann@example.com', roles: ['ORG_ADMIN'], inactive: false };
const bob: RoleHolder = { id: 'u-bob', login_id: 'bob', name: 'Bob Builder', email: 'bob@example.com', roles: [], inactive: true };

const open = (location = '/administration/iam') => renderScreen(<IamScreen route={routeOf('/administration/iam')} />, { location });
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

afterEach(() => {
  setPermissionChecker(null);
  sessionStore.clearSession();
});

describe('IamScreen', () => {
  it('lists the roles with their kind, built-in or custom, and the customized badge', async () => {
    fakeApi({ 'GET /api/iam/roles': ok([reader, orgAdmin, auditor]) });
    open();
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(rowsOf(table).map((cells) => cells.slice(0, 5))).toEqual([
      ['READER', 'Process role', 'Built-in', 'Reads the process.', '1'],
      ['ORG_ADMIN', 'Organization role', 'Built-inCustomized', 'Administers the organization.', '2'],
      ['AUDITOR', 'Organization role', 'Custom', 'Reads reports.', '1'],
    ]);
    // A built-in role that was never changed has no default to restore; process roles are not assigned here.
    expect(screen.queryByRole('button', { name: 'Restore default of READER' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Holders of READER' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore default of ORG_ADMIN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete AUDITOR' })).toBeInTheDocument();
  });

  it('says so when there is no role', async () => {
    fakeApi({ 'GET /api/iam/roles': ok([]) });
    open();
    expect(await screen.findByText('No roles yet.')).toBeInTheDocument();
  });

  it("shows the API's problem detail when the roles cannot be read", async () => {
    fakeApi({ 'GET /api/iam/roles': problem(503, 'The role store is unavailable.') });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('The role store is unavailable.');
  });

  it('switches to the global variants for a Global Admin', async () => {
    const { calls } = fakeApi({ 'GET /api/iam/roles': (call) => ok(call.query.scope === 'global' ? [globalAdmin] : [reader]) });
    const { user } = open();
    await screen.findByRole('table', { name: 'Roles' });
    await user.click(screen.getByRole('button', { name: 'Global roles' }));
    const table = await screen.findByRole('table', { name: 'Roles' });
    await waitFor(() => expect(within(table).getByRole('cell', { name: '_global_admin' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Global roles' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.map((call) => call.query)).toEqual([{}, { scope: 'global' }]);
  });

  it('shows no switch to a user who may not edit global roles', async () => {
    setPermissionChecker((permission) => !permission.endsWith('@global'));
    fakeApi({ 'GET /api/iam/roles': ok([reader]) });
    open('/administration/iam?scope=global');
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByRole('button', { name: 'Global roles' })).not.toBeInTheDocument();
  });

  it('creates a role with its policies', async () => {
    const { mutations } = fakeApi({ 'GET /api/iam/roles': ok([reader]), 'POST /api/iam/roles': ok(auditor, 201) });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const form = screen.getByRole('form', { name: 'Create role' });
    await fill(user, within(form).getByLabelText(fieldLabel('Name')), 'AUDITOR');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Organization role');
    await fill(user, within(form).getByLabelText('Description'), 'Reads reports.');
    // The permissions by family: view before list is stored in the catalogue's order.
    await user.click(within(form).getByRole('button', { name: /^Requirements, tasks and documents/ }));
    await user.click(within(form).getByRole('checkbox', { name: 'view=>Requirement' }));
    await user.click(within(form).getByRole('checkbox', { name: 'list=>Requirement' }));
    await user.click(within(form).getByRole('button', { name: 'Add policy' }));
    const second = within(form).getByRole('group', { name: 'Policy 1' });
    expect(within(second).getByLabelText('Effect')).toHaveFocus();
    await user.selectOptions(within(second).getByLabelText('Effect'), 'forbid');
    await fill(user, within(second).getByLabelText('Actions'), 'delete');
    await fill(user, within(second).getByLabelText('Resources'), 'Requirement');
    await fill(user, within(second).getByLabelText('Condition (optional)'), 'project == "alpha"');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(snackbars).toEqual(['Role AUDITOR created.']));
    expect(mutations()).toEqual([
      {
        method: 'POST',
        path: '/api/iam/roles',
        query: {},
        body: {
          name: 'AUDITOR',
          kind: 'organization',
          description: 'Reads reports.',
          // A policy without a condition leaves it out (the client drops null fields).
          policies: [
            { effect: 'allow', actions: ['list', 'view'], resources: ['Requirement'] },
            { effect: 'forbid', actions: ['delete'], resources: ['Requirement'], condition: 'project == "alpha"' },
          ],
        },
      },
    ]);
    expect(await screen.findByRole('table', { name: 'Roles' })).toBeInTheDocument();
  });

  it('checks the name and the policies before creating', async () => {
    const { mutations } = fakeApi({ 'GET /api/iam/roles': ok([reader]) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const form = screen.getByRole('form', { name: 'Create role' });
    await fill(user, within(form).getByLabelText(fieldLabel('Name')), '_X');
    await user.click(within(form).getByRole('button', { name: 'Add policy' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Only global role names begin with _.',
      'Required.',
      'Required.',
    ]);
    await fill(user, within(form).getByLabelText(fieldLabel('Name')), 'A B');
    expect(within(form).getAllByRole('alert')[0]).toHaveTextContent('Use 2 to 64 letters, digits, _ or -.');
    expect(mutations()).toEqual([]);
  });

  it('creates a global role in the global scope', async () => {
    const created = { ...globalAdmin, name: '_auditor', built_in: false };
    const { mutations } = fakeApi({ 'GET /api/iam/roles': ok([globalAdmin]), 'POST /api/iam/roles': ok(created, 201) });
    const { user } = open('/administration/iam?scope=global');
    await user.click(await screen.findByRole('button', { name: 'Create role' }));
    const form = screen.getByRole('form', { name: 'Create role' });
    expect(within(form).getByLabelText('Kind')).toBeDisabled();
    await fill(user, within(form).getByLabelText(fieldLabel('Name')), 'auditor');
    await user.tab();
    expect(within(form).getByRole('alert')).toHaveTextContent('A global role name begins with _.');
    await fill(user, within(form).getByLabelText(fieldLabel('Name')), '_auditor');
    await user.click(within(form).getByRole('button', { name: 'Add policy' }));
    await fill(user, within(form).getByLabelText('Actions'), 'list');
    await fill(user, within(form).getByLabelText('Resources'), 'Organization');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0]).toMatchObject({
      path: '/api/iam/roles',
      query: { scope: 'global' },
      body: { name: '_auditor', kind: 'global', policies: [{ effect: 'allow', actions: ['list'], resources: ['Organization'] }] },
    });
  });

  it("edits a role's description and policies", async () => {
    const { mutations } = fakeApi({ 'GET /api/iam/roles': ok([orgAdmin]), 'PUT /api/iam/roles/ORG_ADMIN': ok(orgAdmin) });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit ORG_ADMIN' }));
    const form = screen.getByRole('form', { name: 'Edit role ORG_ADMIN' });
    expect(within(form).queryByLabelText(fieldLabel('Name'))).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    const second = within(form).getByRole('group', { name: 'Policy 2' });
    expect(within(second).getByLabelText('Condition (optional)')).toHaveValue('project == "alpha"');
    await user.click(within(form).getByRole('button', { name: 'Remove policy 1' }));
    expect(within(form).getByRole('button', { name: 'Add policy' })).toHaveFocus();
    await fill(user, within(form).getByLabelText('Description'), 'Runs the organization.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbars).toEqual(['Role ORG_ADMIN saved.']));
    expect(mutations()).toEqual([
      {
        method: 'PUT',
        path: '/api/iam/roles/ORG_ADMIN',
        query: {},
        body: {
          description: 'Runs the organization.',
          policies: [{ effect: 'forbid', actions: ['delete'], resources: ['Process'], condition: 'project == "alpha"' }],
        },
      },
    ]);
  });

  it("shows a role's plain grants as chosen permissions, by family, and saves them as the built-in roles are stored", async () => {
    const { mutations } = fakeApi({ 'GET /api/iam/roles': ok([reader]), 'PUT /api/iam/roles/READER': ok(reader) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit READER' }));
    const form = screen.getByRole('form', { name: 'Edit role READER' });
    expect(within(form).getByText('No other policies.')).toBeInTheDocument();
    const family = within(form).getByRole('button', { name: /^Requirements, tasks and documents/ });
    expect(family).toHaveAccessibleName(/2 of \d+ chosen$/);
    await user.click(family);
    expect(within(form).getByRole('checkbox', { name: 'list=>Requirement' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'comment=>Requirement' }));
    await user.click(within(form).getByRole('checkbox', { name: 'list=>Task' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toEqual({
      description: 'Reads the process.',
      policies: [
        { effect: 'allow', actions: ['list', 'view', 'comment'], resources: ['Requirement'] },
        { effect: 'allow', actions: ['list'], resources: ['Task'] },
      ],
    });
  });

  it("shows the API's refusal of an edit", async () => {
    fakeApi({ 'GET /api/iam/roles': ok([auditor]), 'PUT /api/iam/roles/AUDITOR': problem(400, 'Unknown action "lsit" in policy 1.') });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit AUDITOR' }));
    const form = screen.getByRole('form', { name: 'Edit role AUDITOR' });
    await user.click(within(form).getByRole('button', { name: 'Add policy' }));
    await fill(user, within(form).getByLabelText('Actions'), 'lsit');
    await fill(user, within(form).getByLabelText('Resources'), 'Requirement');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Unknown action "lsit" in policy 1.');
  });

  it('restores the default of a customized built-in role after a confirmation', async () => {
    const { mutations } = fakeApi({ 'GET /api/iam/roles': ok([orgAdmin]), 'DELETE /api/iam/roles/ORG_ADMIN': noContent() });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Restore default of ORG_ADMIN' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore default' });
    expect(dialog).toHaveTextContent('Role ORG_ADMIN goes back to its default description and policies; the changes made to it in this organization are discarded.');
    await user.click(within(dialog).getByRole('button', { name: 'Restore default' }));
    await waitFor(() => expect(snackbars).toEqual(['Role ORG_ADMIN is back to its default.']));
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/iam/roles/ORG_ADMIN', query: {}, body: undefined }]);
  });

  it('deletes a custom role after the typed confirmation, and shows a refusal', async () => {
    let refuse = true;
    const { mutations } = fakeApi({
      'GET /api/iam/roles': ok([auditor]),
      'DELETE /api/iam/roles/AUDITOR': () => (refuse ? problem(409, 'The role changed meanwhile.') : noContent()),
    });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete AUDITOR' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete role' });
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The role changed meanwhile.');
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(snackbars).toEqual(['Role AUDITOR deleted.']));
    expect(mutations().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/iam/roles/AUDITOR', 'DELETE /api/iam/roles/AUDITOR']);
  });

  it('assigns an organization role to a user and unassigns it', async () => {
    const holders = [ann, bob];
    const { mutations } = fakeApi({
      'GET /api/iam/roles': ok([orgAdmin]),
      'GET /api/users': () => ok(holders),
      'PATCH /api/iam/roles/ORG_ADMIN/assignments': (call) => {
        const { user_id, assigned } = call.body as { user_id: string; assigned: boolean };
        const target = holders.find((holder) => holder.id === user_id) as RoleHolder;
        target.roles = assigned ? [...target.roles, 'ORG_ADMIN'] : target.roles.filter((role) => role !== 'ORG_ADMIN');
        return noContent();
      },
    });
    const { user, snackbars } = open();
    await user.click(await screen.findByRole('button', { name: 'Holders of ORG_ADMIN' }));
    const table = await screen.findByRole('table', { name: 'Holders of ORG_ADMIN' });
    expect(rowsOf(table).map((cells) => cells.slice(0, 4))).toEqual([['Ann Admin', 'ann', 'ann@example.com', 'Active']]);

    const form = screen.getByRole('form', { name: 'Assign ORG_ADMIN' });
    await user.selectOptions(within(form).getByLabelText('User'), 'Bob Builder (bob), inactive');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(snackbars).toEqual(['Role ORG_ADMIN assigned to Bob Builder.']));
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Holders of ORG_ADMIN' }))).toHaveLength(2));
    expect(screen.getByText('Every user holds ORG_ADMIN.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Unassign ORG_ADMIN from Ann Admin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unassign role' });
    expect(dialog).toHaveTextContent('Ann Admin will no longer hold ORG_ADMIN.');
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    await waitFor(() => expect(snackbars).toContain('Role ORG_ADMIN unassigned from Ann Admin.'));
    expect(mutations()).toEqual([
      { method: 'PATCH', path: '/api/iam/roles/ORG_ADMIN/assignments', query: {}, body: { user_id: 'u-bob', assigned: true } },
      { method: 'PATCH', path: '/api/iam/roles/ORG_ADMIN/assignments', query: {}, body: { user_id: 'u-ann', assigned: false } },
    ]);
  });

  it("shows the API's refusal of an assignment", async () => {
    fakeApi({
      'GET /api/iam/roles': ok([auditor]),
      'GET /api/users': ok([bob]),
      'PATCH /api/iam/roles/AUDITOR/assignments': problem(403, 'You do not have the privileges for the request.'),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Holders of AUDITOR' }));
    expect(await screen.findByText('No user holds AUDITOR.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Assign AUDITOR' });
    await user.selectOptions(within(form).getByLabelText('User'), 'u-bob');
    await user.click(within(form).getByRole('button', { name: 'Assign' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You do not have the privileges for the request.');
  });

  it("lists the users of a chosen organization for a global role", async () => {
    sessionStore.setSession({ organization: { id: 'org-1', name: 'Acme Corp' } } as Session);
    const { calls } = fakeApi({
      'GET /api/iam/roles': ok([globalAdmin]),
      'GET /api/organizations': ok([
        { id: 'org-1', name: 'Acme Corp' },
        { id: 'org-2', name: 'Trial Inc' },
      ]),
      'GET /api/users': (call) => ok(call.query.organization === 'org-1' ? [{ ...ann, roles: ['_global_admin'] }] : [bob]),
    });
    const { user } = open('/administration/iam?scope=global');
    await user.click(await screen.findByRole('button', { name: 'Holders of _global_admin' }));
    expect(await screen.findByRole('cell', { name: 'Ann Admin' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Organization'), 'Trial Inc');
    expect(await screen.findByText('No user holds _global_admin.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/users').map((call) => call.query)).toEqual([{ organization: 'org-1' }, { organization: 'org-2' }]);
  });

  it('hides what the user may not do', async () => {
    setPermissionChecker((permission) => permission === 'list=>Role');
    fakeApi({ 'GET /api/iam/roles': ok([orgAdmin, auditor]) });
    open();
    await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByRole('button', { name: 'Create role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Holders of|Restore default of) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Roles to edit' })).not.toBeInTheDocument();
  });
});
