import { history, sessionStore, setPermissionChecker } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderScreen, routeOf } from '@portal/shared/testing';
import { adminForEachTest } from '../../../testing/sessions';
import { ProcessesScreen } from './ProcessesScreen';

const route = routeOf('/projects');
const demo = { id: 'p1', code_name: 'DEMO', name: 'Demo Requirements', type: 'REQUIREMENTS', dashboard_type: 'LIVE' } as const;
const discovery = { id: 'p2', code_name: 'DISCOVERY', name: 'Demo eDiscovery', type: 'EDISCOVERY', dashboard_type: 'MIX' } as const;
const snackbars = adminForEachTest();
beforeEach(() => {
  sessionStore.setProcess(null);
  history.replace('/projects');
});

describe('ProcessesScreen', () => {
  it('lists the processes with type and dashboard type and marks the current one', async () => {
    sessionStore.setProcess(discovery);
    fakeApi({ 'GET /api/projects': { body: [demo, discovery] } });
    renderScreen(<ProcessesScreen route={route} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading processes…');
    const demoRow = await screen.findByRole('row', { name: /^DEMO / });
    expect(demoRow).toHaveTextContent(/Demo Requirements.*Requirements.*Live/);
    const current = screen.getByRole('row', { name: /^DISCOVERY / });
    expect(current).toHaveTextContent(/Demo eDiscovery.*eDiscovery.*Mix.*Current process/);
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(demoRow).not.toHaveAttribute('aria-current');
  });

  it('opens a process: it becomes current and its dashboard shows', async () => {
    fakeApi({ 'GET /api/projects': { body: [demo, discovery] } });
    const { user } = renderScreen(<ProcessesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Open Demo eDiscovery' }));
    expect(sessionStore.getState().process).toEqual(discovery);
    expect(history.location.pathname).toBe('/dashboard');
    expect(snackbars).toEqual(['Demo eDiscovery is now the current process.']);
  });

  it('links to New Process for those who may create one', async () => {
    fakeApi({ 'GET /api/projects': { body: [demo] } });
    const { user } = renderScreen(<ProcessesScreen route={route} />);
    await user.click(await screen.findByRole('link', { name: 'New Process' }));
    expect(history.location.pathname).toBe('/projects/new-project');
  });

  it('hides New Process without the permission', async () => {
    setPermissionChecker((permission) => permission !== 'create=>Process@organization');
    fakeApi({ 'GET /api/projects': { body: [demo] } });
    renderScreen(<ProcessesScreen route={route} />);
    await screen.findByRole('row', { name: /^DEMO / });
    expect(screen.queryByRole('link', { name: 'New Process' })).not.toBeInTheDocument();
  });

  it('shows the empty list and a failed read', async () => {
    fakeApi({ 'GET /api/projects': { body: [] } });
    const first = renderScreen(<ProcessesScreen route={route} />);
    expect(await screen.findByText('No processes yet')).toBeInTheDocument();
    expect(screen.getByText('Create the first process with New Process.')).toBeInTheDocument();
    first.unmount();

    fakeApi({ 'GET /api/projects': { status: 503, problem: { detail: 'Service is not available at the moment. Please try again later.' } } });
    renderScreen(<ProcessesScreen route={route} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service is not available at the moment. Please try again later.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads the list again on Try again', async () => {
    const { calls } = fakeApi({ 'GET /api/projects': [{ status: 503, problem: { detail: 'Down.' } }, { body: [demo] }] });
    const { user } = renderScreen(<ProcessesScreen route={route} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /^DEMO / })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
  });
});
