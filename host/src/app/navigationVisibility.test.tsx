// Spec 4.1's visibility limits in the shell (issue 26 item 16): the Initiator sees only
// initialization and a Global Admin without processes only the global-admin paths, so the side
// navigation and the header's menus offer them nothing else — no entry that would only send them
// back. Through the real portal (evaluator, guards, redirects); the remote loader and `fetch` are faked.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { history, INITIATOR_LOGIN, sessionStore, type Session } from '@portal/shared';
import { fakeRemote, json, renderPortalAt } from './testing/portal';
import { loadRemoteApp } from '../remotes/remoteRegistry';
import { allow, process, processRole, READER_PERMISSIONS, sessionWith } from '../testing/sessions';
import { resetVersionState } from '../shell/versionCheck';

jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

function fakeApi(session: Session, processes: string[] = []) {
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/sessions') return json(200, session);
    if (method === 'GET' && url.pathname === '/api/projects') return json(200, processes.map((code) => process(code)));
    if (method === 'GET' && url.pathname === '/api/misc/version') return json(200, { version: '1.1.0' });
    return json(404, { detail: 'The requested resource does not exist.' });
  }) as typeof fetch;
}

/** The Global Admin's policies as the API's defaults give them (api/src/authorization/defaults.ts). */
const GLOBAL_ADMIN_POLICIES = [
  ...allow(['access=>Administration'], 'Role::_global_admin'),
  ...allow(
    [
      'list=>Organization',
      'view=>Organization',
      'create=>Organization',
      'delete=>Organization',
      'configureModules=>Organization',
      'list=>Role',
      'create=>Role',
      'update=>Role',
      'delete=>Role',
      'assign=>Role',
      'globalList=>User',
      'import=>Vulnerability',
    ],
    'Role::_global_admin',
    'scope == "global"',
  ),
];

const INITIATOR = () =>
  sessionWith(allow(['initialize=>System'], 'Role::_initiator'), [], {
    organization: null,
    user: { id: 'i', login_id: INITIATOR_LOGIN, name: 'Initiator' },
    roles: ['_initiator'],
  });
const GLOBAL_ADMIN = (processes: string[], organization: Session['organization']) =>
  sessionWith([...processRole('READER', READER_PERMISSIONS, processes), ...GLOBAL_ADMIN_POLICIES], processes, {
    organization,
    user: { id: 'g', login_id: 'demo_global_admin', name: 'Gale Global' },
    roles: ['_global_admin'],
  });

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });
const entries = () => within(navigation()).queryAllByRole('link').map((link) => link.textContent);
const menuButtons = () =>
  ['Admin menu', 'Support menu', /^User menu/, /^Process menu/].filter((name) => screen.queryByRole('button', { name }) !== null).map(String);

async function menuItems(name: string | RegExp) {
  await userEvent.click(screen.getByRole('button', { name }));
  const menu = await screen.findByRole('menu');
  const items = Array.from(menu.querySelectorAll('[role^="menuitem"]')).map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  return items;
}

beforeEach(() => {
  sessionStore.clearSession();
  window.localStorage.clear();
  resetVersionState();
  load.mockReset();
  load.mockImplementation(async (remote) => fakeRemote(remote));
});

describe('what the shell offers', () => {
  it('the Initiator: no navigation entry, only Logout', async () => {
    fakeApi(INITIATOR());
    renderPortalAt('/dashboard');
    await waitFor(() => expect(history.location.pathname).toBe('/administration/global/initialization'));
    expect(await screen.findByText('mfe-admin mounted')).toBeInTheDocument();
    expect(screen.queryByText('Loading navigation…')).not.toBeInTheDocument();
    expect(entries()).toEqual([]);
    expect(menuButtons()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it.each([
    ['without an organization', null],
    ['of an organization without processes', { id: 'org', name: 'Acme' }],
  ])('a Global Admin %s: Global Administration and what works there, nothing that sends them back', async (_case, organization) => {
    fakeApi(GLOBAL_ADMIN([], organization));
    renderPortalAt('/dashboard');
    await waitFor(() => expect(history.location.pathname).toBe('/administration/global'));
    expect(await screen.findByText('mfe-admin mounted')).toBeInTheDocument();
    // The side navigation's other pages need a process: only IAM (the global roles) is offered.
    await waitFor(() => expect(entries()).toEqual(['IAM']));
    await userEvent.click(within(navigation()).getByRole('link', { name: 'IAM' }));
    expect(history.location.pathname).toBe('/administration/iam');
    expect(await menuItems('Admin menu')).toEqual(['Global Administration']);
    expect(await menuItems('Support menu')).toEqual(['Beginners Guide']);
    expect(await menuItems(/^User menu/)).toEqual(['Logout']);
    expect(screen.queryByRole('button', { name: /^Process menu/ })).not.toBeInTheDocument();
  });

  it('a Global Admin with processes: the navigation of their processes, as any member', async () => {
    fakeApi(GLOBAL_ADMIN(['main'], { id: 'org', name: 'Acme' }), ['main']);
    renderPortalAt('/dashboard');
    await waitFor(() => expect(entries()).toContain('Depository'));
    expect(entries()).toEqual(expect.arrayContaining(['Dashboard', 'Depository', 'Tasks', 'Security Posture', 'Settings']));
    expect(await menuItems('Admin menu')).toEqual(['Global Administration', 'Process View']);
    expect(await menuItems(/^User menu/)).toEqual(['Account Profile', 'Change Password', 'Logout']);
  });
});
