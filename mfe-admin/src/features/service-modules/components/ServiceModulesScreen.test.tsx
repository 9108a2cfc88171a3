import { formatDate, setPermissionChecker } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, fill, renderScreen, routeOf } from '@portal/shared/testing';
import { emptyThenForbiddenAlert } from '../../../testing/listStates';
import { adminForEachTest } from '../../../testing/sessions';
import type { ServiceModuleDetails } from '../api/serviceModules';
import { ServiceModulesScreen } from './ServiceModulesScreen';

const route = routeOf('/administration/service-modules');
const aws: ServiceModuleDetails = {
  id: 'm1',
  type: 'aws',
  name: 'Production AWS',
  category: 'Production',
  last_sync: { sync_time: '2026-03-04T12:00:00Z' },
  configs: { region: 'eu-west-1', access_key_id: 'AKIA123', secret_access_key: null, role_arn: '' },
  secret_fields: ['secret_access_key'],
  secrets_set: ['secret_access_key'],
  api_key: { prefix: 'pk_3f9a', created_at: '2026-01-01T00:00:00Z' },
};
const ingestion: ServiceModuleDetails = {
  id: 'm2',
  type: 'cicd-ingestion',
  name: 'Jenkins uploads',
  category: null,
  last_sync: null,
  configs: {},
  secret_fields: [],
  secrets_set: [],
  api_key: null,
};
const KEY = 'pk_7c2d.0123456789abcdef0123456789abcdef';
const snackbars = adminForEachTest();

const list = { 'GET /api/modules': { body: [aws, ingestion] } };

describe('ServiceModulesScreen', () => {
  it('lists the modules with type, category, last sync and API key prefix', async () => {
    fakeApi(list);
    renderScreen(<ServiceModulesScreen route={route} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading service modules…');
    const row = await screen.findByRole('row', { name: /^Production AWS / });
    expect(row).toHaveTextContent(/AWS.*Production/);
    // The date and the time of the last sync, in the browser's time zone.
    const synced = new Date('2026-03-04T12:00:00Z');
    expect(row).toHaveTextContent(`${formatDate(synced)} ${synced.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`);
    expect(row).toHaveTextContent('pk_3f9a…');
    const never = screen.getByRole('row', { name: /^Jenkins uploads / });
    expect(never).toHaveTextContent(/CI\/CD ingestion.*None.*Never.*None/);
  });

  it('shows the empty list and a failed read', async () => {
    const alert = await emptyThenForbiddenAlert(<ServiceModulesScreen route={route} />, 'GET /api/modules', 'No service modules yet');
    expect(alert).toHaveTextContent('You do not have the privileges for the request.');
  });

  it('asks for the settings of the chosen type and checks them before sending', async () => {
    const { mutations } = fakeApi(list);
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Add service module' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service module' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'aws');
    expect(within(dialog).getByLabelText(/Secret access key/)).toHaveAttribute('type', 'password');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'component-analysis');
    expect(within(dialog).queryByLabelText(/Secret access key/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add module' }));
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Required.', 'Required.', 'Required.']);
    await fill(user, within(dialog).getByLabelText(/Server URL/), 'scan.example.com');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText('Invalid URL format.')).toBeInTheDocument();
    expect(mutations()).toHaveLength(0);
  });

  it('adds a module with its settings and shows the issued API key once, with a copy button', async () => {
    const created = { ...aws, id: 'm3', type: 'component-analysis', name: 'Dependency scanner', category: null, last_sync: null, configs: { url: 'https://scan.example.com', api_token: null } };
    const { mutations } = fakeApi({ ...list, 'POST /api/modules/component-analysis': { status: 201, body: { ...created, api_key_value: KEY } } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Add service module' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service module' });
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Dependency scanner');
    await fill(user, within(dialog).getByLabelText(/Server URL/), 'https://scan.example.com');
    await fill(user, within(dialog).getByLabelText(/API token/), 's3cret-token');
    await user.keyboard('{Enter}');

    const keyDialog = await screen.findByRole('dialog', { name: 'API key of Dependency scanner' });
    expect(within(keyDialog).getByLabelText('API key')).toHaveTextContent(KEY);
    expect(keyDialog).toHaveTextContent('it is shown only this once');
    await user.click(within(keyDialog).getByRole('button', { name: 'Copy' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(KEY);
    expect(snackbars).toEqual(['Service module Dependency scanner added.', 'API key copied.']);
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/modules/component-analysis',
        body: { name: 'Dependency scanner', configs: { url: 'https://scan.example.com', api_token: 's3cret-token' } },
      }),
    ]);
    await user.click(within(keyDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a module: secrets are never prefilled and kept when left empty', async () => {
    const { mutations } = fakeApi({ ...list, 'PATCH /api/modules/aws': { body: aws }, 'PUT /api/modules/m1/configs': { body: aws.configs } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Production AWS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Production AWS' });
    expect(within(dialog).getByText('Type: AWS')).toBeInTheDocument();
    const secret = within(dialog).getByLabelText(/Secret access key/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(within(dialog).getByText('Set. Leave empty to keep it.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Region/)).toHaveValue('eu-west-1');

    await fill(user, within(dialog).getByLabelText(/^Name/), 'Prod AWS');
    await fill(user, within(dialog).getByLabelText(/^Region/), 'eu-central-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbars).toEqual(['Service module Prod AWS saved.']));
    expect(mutations()).toEqual([
      expect.objectContaining({ method: 'PATCH', path: '/api/modules/aws', body: { id: 'm1', name: 'Prod AWS', category: 'Production' } }),
      expect.objectContaining({ method: 'PUT', path: '/api/modules/m1/configs', body: { configs: { region: 'eu-central-1', access_key_id: 'AKIA123', role_arn: '', sync_interval_minutes: '' } } }),
    ]);
  });

  it('sends a typed secret and only the name when the settings are unchanged', async () => {
    const { mutations } = fakeApi({ ...list, 'PATCH /api/modules/aws': { body: aws }, 'PUT /api/modules/m1/configs': { body: aws.configs } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Edit Production AWS' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Production AWS' });
    await user.type(within(dialog).getByLabelText(/^Category/), ' EU');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(mutations()).toHaveLength(1));
    expect(mutations()[0].body).toEqual({ id: 'm1', name: 'Production AWS', category: 'Production EU' });

    await user.click(await screen.findByRole('button', { name: 'Edit Production AWS' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Production AWS' });
    await user.type(within(dialog).getByLabelText(/Secret access key/), 'n3w-s3cret{Enter}');
    await waitFor(() => expect(mutations()).toHaveLength(3));
    expect(mutations()[2].body).toEqual({ configs: { region: 'eu-west-1', access_key_id: 'AKIA123', secret_access_key: 'n3w-s3cret', role_arn: '', sync_interval_minutes: '' } });
  });

  it('rotates the API key after a confirmation and shows the new key once', async () => {
    const { mutations } = fakeApi({ ...list, 'POST /api/modules/m1/apiKey': { body: { api_key_value: KEY, prefix: 'pk_7c2d', created_at: '2026-03-05T00:00:00Z' } } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Rotate key of Production AWS' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the API key of Production AWS' });
    expect(confirm).toHaveTextContent('the current one stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate key' }));
    const keyDialog = await screen.findByRole('dialog', { name: 'API key of Production AWS' });
    expect(within(keyDialog).getByLabelText('API key')).toHaveTextContent(KEY);
    // It opens as the confirmation closes: the focus handed back must not close it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.getByRole('dialog', { name: 'API key of Production AWS' })).toBeInTheDocument();
    expect(mutations()).toEqual([expect.objectContaining({ method: 'POST', path: '/api/modules/m1/apiKey' })]);
  });

  it('shows a failed rotation in the confirmation', async () => {
    fakeApi({ ...list, 'POST /api/modules/m1/apiKey': { status: 404, problem: { detail: 'The requested resource does not exist.' } } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Rotate key of Production AWS' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Rotate the API key of Production AWS' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate key' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('The requested resource does not exist.');
  });

  it('deletes a module after the typed confirmation', async () => {
    const { mutations } = fakeApi({ ...list, 'DELETE /api/modules/m2': { status: 204 } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Delete Jenkins uploads' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Jenkins uploads' });
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete{Enter}');
    await waitFor(() => expect(snackbars).toEqual(['Service module Jenkins uploads deleted.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/modules/m2' })]);
  });

  it('hides the actions the session may not perform', async () => {
    setPermissionChecker((permission) => !/^(create|update|delete)=>ServiceModule$/.test(permission));
    fakeApi(list);
    renderScreen(<ServiceModulesScreen route={route} />);
    await screen.findByRole('row', { name: /^Production AWS / });
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('asks how often a cloud module syncs, in whole minutes within the API’s bounds', async () => {
    const created = { ...aws, id: 'm6', name: 'Staging AWS', category: null, last_sync: null, configs: { ...aws.configs, sync_interval_minutes: '15' } };
    const { mutations } = fakeApi({ 'GET /api/modules': { body: [] }, 'POST /api/modules/aws': { status: 201, body: created } });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Add service module' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add service module' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'aws');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Staging AWS');
    await fill(user, within(dialog).getByLabelText(/^Region/), 'eu-west-1');
    await fill(user, within(dialog).getByLabelText(/^Access key ID/), 'AKIA999');
    await fill(user, within(dialog).getByLabelText(/^Secret access key/), 'secret');
    const interval = within(dialog).getByLabelText(/^Sync every \(minutes\)/);
    expect(within(dialog).getByText(/Empty: the default schedule; 0: only with Sync now\./)).toBeInTheDocument();

    await fill(user, interval, '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Add module' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Numbers only.');
    await fill(user, interval, '20000');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Maximum value is 10080.');
    await fill(user, interval, '-5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Minimum value is 0.');
    expect(mutations()).toHaveLength(0);

    await fill(user, interval, '15');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(snackbars).toEqual(['Service module Staging AWS added.']));
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/modules/aws',
        body: {
          name: 'Staging AWS',
          configs: { region: 'eu-west-1', access_key_id: 'AKIA999', secret_access_key: 'secret', role_arn: '', sync_interval_minutes: '15' },
        },
      }),
    ]);
  });
});
