import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  GLOBAL_ADMIN_ROLE,
  history,
  isPermitted,
  sessionStore,
  type Process,
  type Session,
} from '@portal/shared';
import { moduleSwitchPolicy } from '@portal/shared/server';
import { loadRemoteApp } from '../remotes/remoteRegistry';
import {
  ADMIN_PERMISSIONS,
  allow,
  ORGANIZATION_PERMISSIONS,
  process,
  processRole,
  READER_PERMISSIONS,
  sessionWith,
} from '../testing/sessions';
import { NO_PROCESS_MESSAGE } from './ContentGate';
import { fakeRemote, json, renderPortalAt } from './testing/portal';

// The remote loader and `fetch` are the pieces faked: the evaluator, the guards, the chooser and
// the menus are the real ones.
jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

const MAIN = process('main', 'Main');
const BETA = process('beta', 'Beta');

interface Api {
  session: Session;
  processes: Process[];
  calls: string[];
}

function fakeApi(session: Session, processes: Process[]): Api {
  const api: Api = { session, processes, calls: [] };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    api.calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === '/api/sessions') return json(200, api.session);
    if (method === 'GET' && url.pathname === '/api/projects') return json(200, api.processes);
    const deleted = /^\/api\/projects\/([^/]+)$/.exec(url.pathname);
    if (method === 'DELETE' && deleted) {
      api.processes = api.processes.filter((p) => p.code_name !== decodeURIComponent(deleted[1]));
      return json(204);
    }
    return json(404, { detail: 'The requested resource does not exist.' });
  }) as typeof fetch;
  return api;
}

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const mounted = (remote: string) => screen.findByText(`${remote} mounted`);

beforeEach(() => {
  sessionStore.clearSession();
  window.localStorage.clear();
  load.mockReset();
  load.mockImplementation(async (remote) => fakeRemote(remote));
});

describe('route guards and side navigation (spec 2.1, 2.3, 6)', () => {
  it('selects the only process, guards routes with NO ACCESS and hides what a reader may not open', async () => {
    fakeApi(sessionWith(processRole('READER', READER_PERMISSIONS, ['main']), ['main']), [MAIN, BETA]);
    renderPortalAt('/requirements');
    expect(await mounted('mfe-requirements')).toBeInTheDocument();
    expect(sessionStore.getState().process).toEqual(MAIN);

    // The checker the API client and remotes ask: evaluated in the current process.
    expect(isPermitted('list=>Requirement')).toBe(true);
    expect(isPermitted('create=>Requirement')).toBe(false);

    const links = within(nav()).getAllByRole('link').map((link) => link.textContent);
    expect(within(nav()).getByTestId('nav-process-name')).toHaveTextContent('Main');
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Depository', 'Priority Planes', 'Comments', 'Tasks']));
    expect(links).not.toContain('IAM');
    expect(links).not.toContain('Service Modules');
    expect(links).toContain('Settings'); // spec 2.3: view=>Process, which a reader has
    expect(within(nav()).queryByText('Administration')).not.toBeInTheDocument();

    act(() => history.push('/administration/iam'));
    expect(await screen.findByText('NO ACCESS')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalledWith('mfe-admin', expect.anything());
  });

  it('shows the side navigation and the guarded route to an administrator of the process', async () => {
    const policies = [
      ...processRole('ADMIN', ADMIN_PERMISSIONS, ['main']),
      ...allow(ORGANIZATION_PERMISSIONS, 'Role::ORG_ADMIN'),
    ];
    fakeApi(sessionWith(policies, ['main']), [MAIN]);
    renderPortalAt('/administration/iam');
    expect(await mounted('mfe-admin')).toBeInTheDocument();
    // IAM needs no process; the process's entries show once it is selected.
    await waitFor(() =>
      expect(within(nav()).getAllByRole('link').map((link) => link.textContent)).toEqual(
        expect.arrayContaining(['IAM', 'Settings', 'Depository']),
      ),
    );
    expect(within(nav()).getByText('Administration')).toBeInTheDocument();
  });

  it('shows Feature not activated on the routes of a module switched off, hides their entries, and NO ACCESS still for a permission missing', async () => {
    const policies = [
      // As the API sends module configuration: the process switched Code Provenance off.
      moduleSwitchPolicy('Module::CodeProvenance', 'main'),
      ...processRole('READER', READER_PERMISSIONS, ['main']),
    ];
    fakeApi(sessionWith(policies, ['main']), [MAIN]);
    renderPortalAt('/applications/monitoring/events');
    expect(await screen.findByText('Feature not activated')).toBeInTheDocument();
    expect(screen.getByText(/The Code Provenance module is not included in your current subscription/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade subscription' })).toHaveAttribute('href', '/settings/subscriptions');
    expect(screen.queryByText('NO ACCESS')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalledWith('mfe-applications', expect.anything());

    const links = within(nav()).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(expect.arrayContaining(['Depository', 'Tasks']));
    for (const hidden of ['Security Posture', 'Graph View', 'Continuous Monitoring']) expect(links).not.toContain(hidden);
    expect(within(nav()).queryByText('Applications')).not.toBeInTheDocument();

    act(() => history.push('/requirements/add-requirement'));
    expect(await screen.findByText('NO ACCESS')).toBeInTheDocument();
    act(() => history.push('/requirements'));
    expect(await mounted('mfe-requirements')).toBeInTheDocument();
  });

  it('keeps the behaviour of before for a session without access control: no guard, no chooser', async () => {
    fakeApi({ ...sessionWith([], []), access_control: null }, []);
    renderPortalAt('/administration/iam');
    expect(await mounted('mfe-admin')).toBeInTheDocument();
    expect(isPermitted('delete=>Process')).toBe(true);
    expect(screen.queryByTestId('process-menu')).not.toBeInTheDocument();
  });
});

describe('the process chooser (spec 2.3)', () => {
  const reader = () => sessionWith(processRole('READER', READER_PERMISSIONS, ['main', 'beta']), ['main', 'beta']);

  it('lists Your Processes when several exist and none is chosen, then opens the asked route', async () => {
    fakeApi(reader(), [MAIN, BETA]);
    renderPortalAt('/requirements');
    const list = await screen.findByRole('list', { name: 'Your Processes' });
    expect(screen.getByRole('heading', { name: 'Your Processes' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalledWith('mfe-requirements', expect.anything());
    await userEvent.click(within(list).getByRole('button', { name: /Beta/ }));
    expect(await mounted('mfe-requirements')).toBeInTheDocument();
    expect(sessionStore.getState().process).toEqual(BETA);
    expect(window.localStorage.getItem('portal.lastProcess.u-ada')).toBe(BETA.id);
  });

  it('selects the remembered process', async () => {
    window.localStorage.setItem('portal.lastProcess.u-ada', BETA.id);
    fakeApi(reader(), [MAIN, BETA]);
    renderPortalAt('/requirements');
    expect(await mounted('mfe-requirements')).toBeInTheDocument();
    expect(sessionStore.getState().process).toEqual(BETA);
  });

  it('lets account screens open before a process is chosen', async () => {
    fakeApi(reader(), [MAIN, BETA]);
    renderPortalAt('/settings/user-profile');
    expect(await mounted('mfe-auth')).toBeInTheDocument();
  });

  it('shows NO ACCESS to a user without processes and without the rights to work without one', async () => {
    fakeApi(sessionWith(processRole('READER', READER_PERMISSIONS, ['main']), []), [MAIN]);
    renderPortalAt('/dashboard');
    expect(await screen.findByText(NO_PROCESS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('NO ACCESS')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalledWith('mfe-requirements', expect.anything());
  });

  it('takes a user without processes who may create one to New Process (spec 4.1)', async () => {
    fakeApi(sessionWith(allow(['create=>Process'], 'Role::ORG_ADMIN'), []), []);
    renderPortalAt('/dashboard');
    expect(await mounted('mfe-admin')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/projects/new-project');
  });

  it('asks for no processes without an organization (a Global Admin’s session)', async () => {
    const api = fakeApi(
      sessionWith(allow(['list=>Organization'], 'Role::_global_admin', 'scope == "global"'), [], {
        organization: null,
        roles: [GLOBAL_ADMIN_ROLE],
      }),
      [],
    );
    renderPortalAt('/dashboard');
    expect(await mounted('mfe-admin')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/administration/global');
    expect(api.calls).not.toContain('GET /api/projects');
  });

  it('reloads the session and the list once when a remote makes an unknown process current', async () => {
    const api = fakeApi(reader(), [MAIN, BETA]);
    window.localStorage.setItem('portal.lastProcess.u-ada', MAIN.id);
    renderPortalAt('/requirements');
    expect(await mounted('mfe-requirements')).toBeInTheDocument();
    const fresh = process('fresh', 'Fresh');
    api.processes = [MAIN, BETA, fresh];
    api.session = sessionWith(processRole('READER', READER_PERMISSIONS, ['main', 'beta', 'fresh']), ['main', 'beta', 'fresh']);
    act(() => sessionStore.setProcess({ id: fresh.id, code_name: fresh.code_name }));
    await waitFor(() => expect(sessionStore.getState().process).toEqual(fresh));
    expect(api.calls.filter((call) => call === 'GET /api/sessions')).toHaveLength(2);
  });
});

describe('the header menus (spec 2.3)', () => {
  it('lets a reader switch among processes and open Platform View, and nothing more', async () => {
    fakeApi(sessionWith(processRole('READER', READER_PERMISSIONS, ['main', 'beta']), ['main', 'beta']), [MAIN, BETA]);
    window.localStorage.setItem('portal.lastProcess.u-ada', MAIN.id);
    renderPortalAt('/requirements');
    const button = await screen.findByRole('button', { name: 'Process menu, current process Main' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Process menu' });
    expect(within(menu).getByRole('menuitemradio', { name: /Main/ })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: /Beta/ })).toHaveAttribute('aria-checked', 'false');
    expect(within(menu).getByRole('menuitemradio', { name: /Platform View/ })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'New Process' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete current process' })).not.toBeInTheDocument();
    // The first item has the focus; arrows move it; Escape closes and gives it back to the button.
    expect(within(menu).getByRole('menuitemradio', { name: /Main/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: /Beta/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    // Keyboard only: open with Enter, choose Platform View.
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('menuitemradio', { name: /Platform View/ }));
    expect(sessionStore.getState().process).toMatchObject({ id: '*', code_name: '*' });
    expect(history.location.pathname).toBe('/dashboard');
    expect(await screen.findByRole('button', { name: 'Process menu, current process Platform View' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.lastProcess.u-ada')).toBe('*');
  });

  it('lets an administrator delete the current process after typing the word', async () => {
    const policies = [
      ...processRole('ADMIN', ADMIN_PERMISSIONS, ['main', 'beta']),
      ...allow(['create=>Process'], 'Role::ORG_ADMIN'),
    ];
    const api = fakeApi(sessionWith(policies, ['main', 'beta']), [MAIN, BETA]);
    window.localStorage.setItem('portal.lastProcess.u-ada', MAIN.id);
    renderPortalAt('/requirements');
    await userEvent.click(await screen.findByRole('button', { name: 'Process menu, current process Main' }));
    expect(screen.getByRole('menuitem', { name: 'New Process' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete current process' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('The process Main (main) and all its data will be deleted.');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox'), 'delete');
    await userEvent.click(confirm);

    await waitFor(() => expect(api.calls).toContain('DELETE /api/projects/main'));
    // One process is left: it is selected, and no longer offered for deletion.
    await waitFor(() => expect(sessionStore.getState().process).toEqual(BETA));
    expect(await screen.findByRole('button', { name: 'Process menu, current process Beta' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Process menu, current process Beta' }));
    expect(screen.queryByRole('menuitem', { name: 'Delete current process' })).not.toBeInTheDocument();
  });

  it('gives the Global Admin an admin menu with Global Administration', async () => {
    const session = sessionWith(processRole('READER', READER_PERMISSIONS, ['main']), ['main'], { roles: [GLOBAL_ADMIN_ROLE] });
    fakeApi(session, [MAIN]);
    renderPortalAt('/requirements');
    await userEvent.click(await screen.findByRole('button', { name: 'Admin menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Global Administration' }));
    expect(history.location.pathname).toBe('/administration/global');
  });

  it('has no admin menu for other users', async () => {
    fakeApi(sessionWith(processRole('READER', READER_PERMISSIONS, ['main']), ['main']), [MAIN]);
    renderPortalAt('/requirements');
    expect(await mounted('mfe-requirements')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin menu' })).not.toBeInTheDocument();
  });
});
