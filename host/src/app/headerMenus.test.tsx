// The header of spec 2.3 through the real portal (evaluator, guards, chooser): which items of the
// user and support menus and whether the version label appear for which session, where they
// lead, and that the one-time-password login or a session without access control sees only LOGOUT.
// The remote loader and `fetch` are the pieces faked.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  history,
  INITIATOR_LOGIN,
  sessionStore,
  type Session,
} from '@portal/shared';
import { fakeRemote, json, renderPortalAt } from './testing/portal';
import { loadRemoteApp } from '../remotes/remoteRegistry';
import { allow, ORGANIZATION_PERMISSIONS, process, processRole, READER_PERMISSIONS, sessionWith } from '../testing/sessions';
import { resetVersionState } from '../shell/versionCheck';

// About's diagnostics read the remotes' manifest: none listed here.
jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn(), registerRemotesFromManifest: jest.fn(async () => ({})) }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;
const MAIN = process('main', 'Main');
const BETA = process('beta', 'Beta');

function fakeApi(session: Session, processes = [MAIN]) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/sessions') return json(200, session);
    if (method === 'GET' && url.pathname === '/api/projects') return json(200, processes);
    if (method === 'GET' && url.pathname === '/api/misc/version') return json(200, { version: '1.1.0' });
    if (method === 'DELETE' && url.pathname === '/api/sessions') return json(204);
    return json(404, { detail: 'The requested resource does not exist.' });
  }) as typeof fetch;
}

const READER = () => sessionWith(processRole('READER', READER_PERMISSIONS, ['main']), ['main']);
const DEMO_ADMIN = () =>
  sessionWith(
    [
      ...processRole('READER', READER_PERMISSIONS, ['main']),
      ...allow([...ORGANIZATION_PERMISSIONS, 'view=>Subscription', 'perform=>Demo'], 'Role::ORG_ADMIN'),
    ],
    ['main'],
  );

async function openUserMenu() {
  await userEvent.click(await screen.findByRole('button', { name: /^User menu/ }));
  return screen.getByRole('menu', { name: 'User menu' });
}
const itemNames = (menu: HTMLElement) =>
  Array.from(menu.querySelectorAll('[role^="menuitem"]')).map((item) => item.textContent?.replace('✓', ''));

beforeEach(() => {
  sessionStore.clearSession();
  window.localStorage.clear();
  resetVersionState();
  load.mockReset();
  load.mockImplementation(async (remote) => fakeRemote(remote));
});

describe('user menu', () => {
  it('offers a reader Account Profile, Change Password and Logout, without Subscription Info or demo items', async () => {
    fakeApi(READER());
    renderPortalAt('/dashboard');
    const menu = await openUserMenu();
    expect(itemNames(menu)).toEqual(['Account Profile', 'Change Password', 'Logout']);
    expect(screen.queryByTestId('version-label')).not.toBeInTheDocument();
    // The e2e suites' Logout: exactly one button of that name.
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Account Profile' }));
    expect(history.location.pathname).toBe('/settings/user-profile');
    await userEvent.click(within(await openUserMenu()).getByRole('menuitem', { name: 'Change Password' }));
    expect(history.location.pathname).toBe('/settings/change-password');
    // Logout: the session ends on the server (Logout screen), then the portal goes home.
    await userEvent.click(within(await openUserMenu()).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() =>
      expect(global.fetch).toHaveBeenCalledWith(expect.stringMatching(/\/api\/sessions$/), expect.objectContaining({ method: 'DELETE' })),
    );
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  it('adds Subscription Info and the demo items for a demo-permission admin; Dark and other languages are disabled', async () => {
    fakeApi(DEMO_ADMIN());
    renderPortalAt('/dashboard');
    const menu = await openUserMenu();
    expect(itemNames(menu)).toEqual([
      'Account Profile',
      'Subscription Info',
      'Change Password',
      'Disable MFA',
      'Light',
      'Dark',
      'English',
      'Deutsch',
      'Español',
      'Français',
      'Update/Release Notes',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).not.toHaveAttribute('aria-disabled');
    expect(within(menu).getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-disabled', 'true');
    // A disabled item does nothing and leaves the menu open.
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(screen.getByRole('menu', { name: 'User menu' })).toBeInTheDocument();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Subscription Info' }));
    expect(history.location.pathname).toBe('/settings/subscriptions');
    await userEvent.click(within(await openUserMenu()).getByRole('menuitem', { name: 'Disable MFA' }));
    expect(history.location.pathname).toBe('/settings/two-factor-authentication');

    await userEvent.click(within(await openUserMenu()).getByRole('menuitem', { name: 'Update/Release Notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release Notes' });
    expect(await within(dialog).findByText(/1\.1\.0 · Application shell/)).toBeInTheDocument();
    expect(within(dialog).getByText(/1\.0\.0 · Foundation/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Release Notes' })).not.toBeInTheDocument());
  });
});

describe('version label', () => {
  it('shows the running version to a demo-permission user, with the newest releases on focus', async () => {
    fakeApi(DEMO_ADMIN());
    renderPortalAt('/dashboard');
    const label = await screen.findByTestId('version-label');
    await waitFor(() => expect(label).toHaveTextContent('v1.1.0'));
    act(() => label.focus());
    const tooltip = await screen.findByRole('tooltip');
    expect(await within(tooltip).findByText(/1\.1\.0 · Application shell/)).toBeInTheDocument();
    expect(within(tooltip).getByText('Roles, process memberships and policies: every API route checks its permission.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('lists the five newest releases, down to the specified product\'s 0.19.0, and stays in Platform View', async () => {
    // The DEMO role is an organization role: its permission is not one of a process.
    fakeApi(
      sessionWith(
        [...processRole('READER', READER_PERMISSIONS, ['main', 'beta']), ...allow(['perform=>Demo'], 'Role::DEMO')],
        ['main', 'beta'],
      ),
      [MAIN, BETA],
    );
    window.localStorage.setItem('portal.lastProcess.u-ada', '*');
    renderPortalAt('/dashboard');
    expect(await screen.findByRole('button', { name: 'Process menu, current process Platform View' })).toBeInTheDocument();
    const label = await screen.findByTestId('version-label');
    act(() => label.focus());
    const tooltip = await screen.findByRole('tooltip');
    const list = await within(tooltip).findByTestId('release-list');
    const releases = Array.from(list.children).map((item) => item.querySelector('p')?.textContent);
    expect(releases).toEqual([
      '1.1.0 · Application shell (2026-11-22)',
      '1.0.2 · Authorization and administration (2026-11-22)',
      '1.0.1 · Identity (2026-11-22)',
      '1.0.0 · Foundation (2026-11-22)',
      '0.19.0 · Last release of the specified product (2025-06-08)',
    ]);
    expect(within(tooltip).getByText('Two-factor authentication is mandatory (since 0.18.0).')).toBeInTheDocument();
  });
});

describe('support menu', () => {
  it('opens the Beginners Guide PDF in a new tab and leads to Contact Us', async () => {
    fakeApi(READER());
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderPortalAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Support menu' }));
    const menu = screen.getByRole('menu', { name: 'Support menu' });
    expect(itemNames(menu)).toEqual(['Beginners Guide', 'Contact Us']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Beginners Guide' }));
    expect(open).toHaveBeenCalledWith('/api/misc/beginners-guide.pdf', '_blank', 'noopener');
    await userEvent.click(await screen.findByRole('button', { name: 'Support menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Contact Us' }));
    expect(history.location.pathname).toBe('/support/contactUs');
    expect(await screen.findByRole('form', { name: 'Customer inquiry' })).toBeInTheDocument();
    open.mockRestore();
  });
});

describe('admin menu', () => {
  const GLOBAL_ADMIN_PERMISSIONS = ['access=>Administration', 'list=>Organization@global', 'view=>Organization@global'];
  const globalAdmin = (projects: string[], organization: Session['organization']) =>
    sessionWith(
      [...processRole('READER', READER_PERMISSIONS, projects), ...allow(GLOBAL_ADMIN_PERMISSIONS, 'Role::_global_admin')],
      projects,
      { roles: ['_global_admin'], organization },
    );
  const openAdminMenu = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Admin menu' }));
    return screen.getByRole('menu', { name: 'Admin menu' });
  };

  it('is not shown to anyone but a Global Admin', async () => {
    fakeApi(DEMO_ADMIN());
    renderPortalAt('/dashboard');
    expect(await screen.findByRole('button', { name: /^User menu/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Admin menu' })).not.toBeInTheDocument();
  });

  it('offers a Global Admin with processes Global Administration and Process View, which leads back to the dashboard', async () => {
    fakeApi(globalAdmin(['main'], { id: 'org', name: 'Acme' }));
    renderPortalAt('/about');
    const menu = await openAdminMenu();
    await waitFor(() => expect(itemNames(menu)).toEqual(['Global Administration', 'Process View']));
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Global Administration' }));
    expect(history.location.pathname).toBe('/administration/global');
    await userEvent.click(within(await openAdminMenu()).getByRole('menuitem', { name: 'Process View' }));
    expect(history.location.pathname).toBe('/dashboard');
  });

  it('offers a Global Admin without processes only Global Administration', async () => {
    fakeApi(globalAdmin([], null));
    renderPortalAt('/administration/global');
    expect(itemNames(await openAdminMenu())).toEqual(['Global Administration']);
  });
});

describe('only LOGOUT', () => {
  it.each([
    ['the one-time-password login', () => sessionWith(allow(['initialize=>System'], 'Role::_initiator'), [], { user: { id: 'i', login_id: INITIATOR_LOGIN, name: 'Initiator' }, roles: ['_initiator'] })],
    ['a session without access control', () => ({ ...READER(), access_control: null })],
  ])('for %s: no menus, no version label, one Logout', async (_label, session) => {
    fakeApi(session());
    renderPortalAt('/about');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    for (const name of [/^User menu/, 'Support menu', 'Admin menu', /^Process menu/]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByTestId('version-label')).not.toBeInTheDocument();
  });
});
