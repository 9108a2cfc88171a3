import { formatDate, sessionStore, setPermissionChecker } from '@portal/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, fill, renderScreen, routeOf, type FakeCall } from '@portal/shared/testing';
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
});

// The date and time as the screen shows them (spec 9 date, then the time in the browser's zone).
const shown = (iso: string) => {
  const time = new Date(iso);
  return `${formatDate(time)} ${time.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' })}`;
};

const azure: ServiceModuleDetails = {
  id: 'm4',
  type: 'azure',
  name: 'Contoso Azure',
  category: 'Defender',
  last_sync: null,
  last_sync_attempt: null,
  configs: { tenant_id: 't1', subscription_id: 's1', client_id: 'c1', client_secret: null, sync_interval_minutes: '0' },
  secret_fields: ['client_secret'],
  secrets_set: ['client_secret'],
  api_key: null,
};
const CAUSE = 'The Security Hub sync failed (HTTP 403): AccessDeniedException: User is not authorized to perform securityhub:GetFindings';
const failedAttempt = { at: '2026-03-05T08:30:00Z', status: 'failed', http_status: 403, message: CAUSE, findings: null, scopes: [], secure_score: null } as const;
const okAttempt = {
  at: '2026-03-05T09:15:00Z',
  status: 'ok',
  http_status: null,
  message: null,
  findings: 12,
  scopes: ['aws:111122223333:eu-west-1', 'aws:111122223333:us-east-1'],
  secure_score: null,
} as const;

/** Holds the sync's answer until `release()`, so the busy state can be seen. */
function holdSyncs() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answering = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    if (init?.method === 'POST') await held;
    return answering(input, init);
  }) as typeof fetch;
  return () => release();
}

describe('ServiceModulesScreen: cloud sync', () => {
  beforeEach(() => sessionStore.setProcess({ id: 'p1', code_name: 'Demo', name: 'Demo process' }));
  // The screen is still mounted here (Testing Library unmounts after): it re-renders for the change.
  afterEach(() => act(() => sessionStore.setProcess(null)));

  it('shows when each cloud module last synced, why its last attempt failed, its secure score and schedule', async () => {
    const failing = { ...aws, last_sync_attempt: failedAttempt };
    const scored = {
      ...azure,
      last_sync: { sync_time: '2026-03-05T07:00:00Z' },
      last_sync_attempt: { ...okAttempt, at: '2026-03-05T07:00:00Z', findings: 1, scopes: ['azure:s1'], secure_score: { current: 14.93, max: 39, percentage: 0.3828 } },
    };
    fakeApi({ 'GET /api/modules': { body: [failing, scored, { ...azure, id: 'm5', name: 'Fresh Azure', configs: { ...azure.configs, sync_interval_minutes: '30' } }, ingestion] } });
    renderScreen(<ServiceModulesScreen route={route} />);

    const awsRow = await screen.findByRole('row', { name: /^Production AWS / });
    expect(awsRow).toHaveTextContent(`Last sync: ${shown('2026-03-04T12:00:00Z')}`);
    expect(awsRow).toHaveTextContent(`Last sync failed at ${shown('2026-03-05T08:30:00Z')}: ${CAUSE}`);
    const azureRow = screen.getByRole('row', { name: /^Contoso Azure / });
    expect(azureRow).toHaveTextContent(`Last sync: ${shown('2026-03-05T07:00:00Z')}`);
    expect(azureRow).toHaveTextContent('1 finding from 1 scope. Secure score 38%');
    expect(azureRow).toHaveTextContent('On demand only');
    const fresh = screen.getByRole('row', { name: /^Fresh Azure / });
    expect(fresh).toHaveTextContent('Never synced');
    expect(fresh).toHaveTextContent('Every 30 minutes');
    expect(fresh).not.toHaveTextContent('failed');
    // Only the cloud modules sync; the others keep their plain last sync.
    expect(screen.getAllByRole('button', { name: /^Sync .* now$/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Sync Production AWS now',
      'Sync Contoso Azure now',
      'Sync Fresh Azure now',
    ]);
    expect(screen.getByRole('row', { name: /^Jenkins uploads / })).toHaveTextContent(/CI\/CD ingestion.*None.*Never.*None/);
    expect(screen.getByText(/into the process Demo process; its schedule then syncs there\./)).toBeInTheDocument();
  });

  it('syncs a module into the current process: busy meanwhile, then the findings said and the list read again', async () => {
    const synced = { ...aws, last_sync: { sync_time: okAttempt.at }, last_sync_attempt: okAttempt };
    const { calls, mutations } = fakeApi({ 'GET /api/modules': [{ body: [aws, ingestion] }, { body: [synced, ingestion] }], 'POST /api/security/clouds/m1/sync': { body: okAttempt } });
    const release = holdSyncs();
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Sync Production AWS now' }));

    const busy = screen.getByRole('button', { name: 'Sync Production AWS now' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Syncing…');
    release();

    await waitFor(() => expect(snackbars).toEqual(['Synced Production AWS: 12 findings from 2 scopes.']));
    const row = screen.getByRole('row', { name: /^Production AWS / });
    expect(row).toHaveTextContent(`Last sync: ${shown(okAttempt.at)}`);
    expect(row).toHaveTextContent('12 findings from 2 scopes');
    expect(screen.getByRole('button', { name: 'Sync Production AWS now' })).toBeEnabled();
    expect(mutations()).toEqual([expect.objectContaining<Partial<FakeCall>>({ method: 'POST', path: '/api/security/clouds/m1/sync', query: { graph: 'demo' } })]);
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/modules')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a failed sync's cause from the 502, and the module's failure line once the list is read again", async () => {
    const failing = { ...aws, last_sync_attempt: failedAttempt };
    fakeApi({
      'GET /api/modules': [{ body: [aws, ingestion] }, { body: [failing, ingestion] }],
      'POST /api/security/clouds/m1/sync': { status: 502, problem: { detail: CAUSE } },
    });
    const { user } = renderScreen(<ServiceModulesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Sync Production AWS now' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The sync of Production AWS failed');
    expect(alert).toHaveTextContent(CAUSE);
    await waitFor(() => expect(screen.getByRole('row', { name: /^Production AWS / })).toHaveTextContent(`Last sync failed at ${shown(failedAttempt.at)}: ${CAUSE}`));
    // The last good sync is still the last sync.
    expect(screen.getByRole('row', { name: /^Production AWS / })).toHaveTextContent(`Last sync: ${shown('2026-03-04T12:00:00Z')}`);
    expect(snackbars).toEqual([]);
  });

  it('offers Sync now only to those who may update service modules, and only with a process to sync into', async () => {
    setPermissionChecker((permission) => permission !== 'update=>ServiceModule');
    fakeApi({ 'GET /api/modules': { body: [aws, azure] } });
    const { unmount } = renderScreen(<ServiceModulesScreen route={route} />);
    expect(await screen.findByRole('row', { name: /^Production AWS / })).toHaveTextContent(`Last sync: ${shown('2026-03-04T12:00:00Z')}`);
    expect(screen.getByRole('row', { name: /^Contoso Azure / })).toHaveTextContent('Never synced');
    expect(screen.queryByRole('button', { name: /^Sync / })).not.toBeInTheDocument();
    expect(screen.queryByText(/Sync now brings/)).not.toBeInTheDocument();
    unmount();

    setPermissionChecker(null);
    sessionStore.setProcess(null);
    renderScreen(<ServiceModulesScreen route={route} />);
    await screen.findByRole('row', { name: /^Production AWS / });
    expect(screen.queryByRole('button', { name: /^Sync / })).not.toBeInTheDocument();
    expect(screen.getByText(/Choose a process to sync AWS and Azure modules into it\./)).toBeInTheDocument();
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
