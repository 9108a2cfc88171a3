import { history, PLATFORM_VIEW_ID, sessionStore, setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen, routeOf } from '@portal/shared/testing';
import { adminForEachTest } from '../../../testing/sessions';
import { ProcessSettingsScreen } from './ProcessSettingsScreen';

const route = routeOf('/projects/settings');
const demo = { id: 'p1', code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' } as const;
const configuration = { code: true, requirement: true, num_of_projects: 5, num_of_users: -1, num_of_apps: 20 };
const notifications = { settings: { Add: { mail: true, portal: true }, 'Past Due': { mail: false, portal: true } } };
const reads = {
  'GET /api/projects': { body: [demo] },
  'GET /api/projects/DEMO/moduleConfiguration': { body: configuration },
  'GET /api/projects/notificationSettings': { body: notifications },
};
const snackbars = adminForEachTest();
beforeEach(() => {
  sessionStore.setProcess({ id: demo.id, code_name: demo.code_name });
  history.replace('/projects/settings');
});

const section = (name: string) => screen.getByRole('region', { name });

describe('ProcessSettingsScreen', () => {
  it.each([
    ['no process', null],
    ['Platform View', { id: PLATFORM_VIEW_ID, code_name: PLATFORM_VIEW_ID }],
  ])('asks for a process first when there is %s', async (_case, process) => {
    sessionStore.setProcess(process);
    const { calls } = fakeApi({});
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    expect(screen.getByText('No process selected')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Processes' }));
    expect(history.location.pathname).toBe('/projects');
    expect(calls.filter((call) => call.path !== '/api/projects')).toEqual([]);
  });

  it('shows the process, its modules and limits, and its notification settings', async () => {
    const { calls } = fakeApi(reads);
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Process Settings: Demo Requirements' })).toBeInTheDocument();
    const details = section('Process');
    expect(within(details).getByText('Code name: DEMO')).toBeInTheDocument();
    expect(within(details).getByLabelText(/^Name/)).toHaveValue('Demo Requirements');
    expect(within(details).getByLabelText('Type')).toHaveValue('REQUIREMENTS');
    expect(within(details).getByLabelText('Dashboard type')).toHaveValue('LIVE');

    const modules = section('Modules');
    expect(await within(modules).findByRole('checkbox', { name: /Requirements module/ })).toBeChecked();
    expect(within(modules).getByRole('checkbox', { name: /Code provenance module/ })).toBeChecked();
    expect(within(modules).getByText('Processes').nextSibling).toHaveTextContent('5');
    expect(within(modules).getByText('Users').nextSibling).toHaveTextContent('Unlimited');

    const notices = section('Notifications');
    expect(await within(notices).findByRole('checkbox', { name: 'Mail for Add' })).toBeChecked();
    expect(within(notices).getByRole('checkbox', { name: 'Mail for Past Due' })).not.toBeChecked();
    expect(within(notices).getByRole('checkbox', { name: 'Portal for Past Due' })).toBeChecked();
    expect(calls.find((call) => call.path === '/api/projects/notificationSettings')?.query).toEqual({ graph: 'demo' });
  });

  it('saves name, type and dashboard type', async () => {
    const updated = { ...demo, name: 'Audit', type: 'EDISCOVERY', dashboard_type: 'MIX' };
    const { mutations } = fakeApi({ ...reads, 'PATCH /api/projects/p1': { body: updated } });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const name = await screen.findByLabelText(/^Name/);
    const details = section('Process');
    expect(within(details).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(within(details).getByRole('alert')).toHaveTextContent('Required.');
    await user.type(name, 'Audit');
    await user.selectOptions(within(details).getByLabelText('Type'), 'EDISCOVERY');
    await user.selectOptions(within(details).getByLabelText('Dashboard type'), 'MIX');
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbars).toEqual(['Process settings saved.']));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'PATCH', path: '/api/projects/p1', body: { name: 'Audit', type: 'EDISCOVERY', dashboard_type: 'MIX' } })]);
    expect(sessionStore.getState().process).toEqual(updated);
  });

  it('switches a module off and shows the API’s refusal', async () => {
    const { mutations } = fakeApi({
      ...reads,
      'PATCH /api/projects/DEMO/moduleConfiguration': [
        { status: 400, problem: { detail: 'The organization does not allow the code module.' } },
        { body: { ...configuration, code: false } },
      ],
    });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const modules = section('Modules');
    await user.click(await within(modules).findByRole('checkbox', { name: /Code provenance module/ }));
    await user.click(within(modules).getByRole('button', { name: 'Save modules' }));
    expect(await within(modules).findByRole('alert')).toHaveTextContent('The organization does not allow the code module.');
    await user.click(within(modules).getByRole('button', { name: 'Save modules' }));
    await waitFor(() => expect(snackbars).toEqual(['Module configuration saved.']));
    expect(mutations().map((call) => call.body)).toEqual([
      { code: false, requirement: true },
      { code: false, requirement: true },
    ]);
  });

  it('saves the notification settings of the process', async () => {
    const { mutations } = fakeApi({ ...reads, 'POST /api/projects/notificationSettings': { body: notifications } });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    const notices = section('Notifications');
    await user.click(await within(notices).findByRole('checkbox', { name: 'Mail for Past Due' }));
    await user.click(within(notices).getByRole('checkbox', { name: 'Portal for Add' }));
    await user.click(within(notices).getByRole('button', { name: 'Save notifications' }));
    await waitFor(() => expect(snackbars).toEqual(['Notification settings saved.']));
    expect(mutations()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/projects/notificationSettings',
        query: { graph: 'demo' },
        body: { settings: { Add: { mail: true, portal: false }, 'Past Due': { mail: true, portal: true } } },
      }),
    ]);
  });

  it('shows empty notification settings and failed reads', async () => {
    fakeApi({
      'GET /api/projects': { body: [demo] },
      'GET /api/projects/DEMO/moduleConfiguration': { status: 403, problem: { detail: 'You do not have the privileges for the request.' } },
      'GET /api/projects/notificationSettings': { body: { settings: {} } },
    });
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await within(section('Notifications')).findByText('No notification settings')).toBeInTheDocument();
    expect(await within(section('Modules')).findByRole('alert')).toHaveTextContent('You do not have the privileges for the request.');
  });

  it('keeps the only Requirements process', async () => {
    fakeApi({ ...reads, 'GET /api/projects': { body: [demo, { ...demo, id: 'p2', code_name: 'DISCOVERY', type: 'EDISCOVERY' }] } });
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await screen.findByText('This is your only Requirements process, so it cannot be deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete process…' })).not.toBeInTheDocument();
  });

  it('deletes the process after the typed confirmation and leaves for the process list', async () => {
    sessionStore.setProcess(demo);
    const { mutations } = fakeApi({ ...reads, 'GET /api/projects': { body: [demo, { ...demo, id: 'p2', code_name: 'OTHER' }] }, 'DELETE /api/projects/DEMO': { status: 204 } });
    const { user } = renderScreen(<ProcessSettingsScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Delete process…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete process Demo Requirements' });
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Type 'delete' to confirm"), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(history.location.pathname).toBe('/projects'));
    expect(mutations()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/api/projects/DEMO' })]);
    expect(sessionStore.getState().process).toBeNull();
    expect(snackbars).toEqual(['Process Demo Requirements deleted.']);
  });

  it('is read only without the update and delete permissions', async () => {
    setPermissionChecker((permission) => !/^(update|delete)=>/.test(permission));
    fakeApi(reads);
    renderScreen(<ProcessSettingsScreen route={route} />);
    expect(await screen.findByLabelText(/^Name/)).toBeDisabled();
    expect(await within(section('Notifications')).findByRole('checkbox', { name: 'Mail for Add' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete process…' })).not.toBeInTheDocument();
  });
});
