// About (issue 26 item 11) through the real portal: the pages no longer say which remote serves
// them, so an administrator finds it here — each part of the portal with its routes and where its
// code comes from, and a path looked up to its part; a member without Administration sees none of it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, type Session } from '@portal/shared';
import { fakeRemote, fakeShellApi, renderPortalAt } from './testing/portal';
import { loadRemoteApp, registerRemotesFromManifest } from '../remotes/remoteRegistry';
import { allow, process, processRole, READER_PERMISSIONS, sessionWith } from '../testing/sessions';

jest.mock('../remotes/remoteRegistry', () => ({ loadRemoteApp: jest.fn(), registerRemotesFromManifest: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;
const manifest = registerRemotesFromManifest as jest.MockedFunction<typeof registerRemotesFromManifest>;
const MAIN = process('main', 'Main');

const fakeApi = (session: Session) => fakeShellApi(session, [MAIN]);

const reader = () => sessionWith(processRole('READER', READER_PERMISSIONS, ['main']), ['main']);
const administrator = () => sessionWith([...processRole('READER', READER_PERMISSIONS, ['main']), ...allow(['access=>Administration'], 'Role::ORG_ADMIN')], ['main']);

beforeEach(() => {
  sessionStore.clearSession();
  window.localStorage.clear();
  load.mockReset();
  load.mockImplementation(async (remote) => fakeRemote(remote));
  manifest.mockReset();
  manifest.mockResolvedValue({ 'mfe-applications': '/remotes/mfe-applications/mf-manifest.json', 'mfe-auth': '/remotes/mfe-auth/mf-manifest.json' });
});

it('shows an administrator each part of the portal with its routes and where it is loaded from, and which part serves a path', async () => {
  fakeApi(administrator());
  renderPortalAt('/about');
  expect(screen.queryByRole('region', { name: 'Diagnostics' })).not.toBeInTheDocument();
  await userEvent.click(await screen.findByRole('button', { name: 'Show diagnostics' }));
  const diagnostics = await screen.findByRole('region', { name: 'Diagnostics' });
  const table = within(diagnostics).getByRole('table', { name: 'Parts of the portal' });
  const applications = within(table).getByRole('row', { name: /^mfe-applications/ });
  await waitFor(() => expect(applications).toHaveTextContent('/remotes/mfe-applications/mf-manifest.json'));
  expect(within(table).getByRole('row', { name: /^host/ })).toHaveTextContent('index.html');
  expect(within(table).getByRole('row', { name: /^mfe-operations/ })).toHaveTextContent('not listed in /remotes.json');

  await userEvent.type(within(diagnostics).getByLabelText('Which part serves a page?'), '/applications/juice-shop');
  expect(within(diagnostics).getByRole('status')).toHaveTextContent('/applications/:app_key (Application): part mfe-applications.');
  await userEvent.clear(within(diagnostics).getByLabelText('Which part serves a page?'));
  await userEvent.type(within(diagnostics).getByLabelText('Which part serves a page?'), '/no/such/page');
  expect(within(diagnostics).getByRole('status')).toHaveTextContent('No route of the portal matches this path.');
  await userEvent.click(screen.getByRole('button', { name: 'Hide diagnostics' }));
  expect(screen.queryByRole('region', { name: 'Diagnostics' })).not.toBeInTheDocument();
});

it('shows a member without Administration the About text only', async () => {
  fakeApi(reader());
  renderPortalAt('/about');
  expect(await screen.findByText(/requirements, applications and their bills of materials, in one place/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show diagnostics' })).not.toBeInTheDocument();
  expect(manifest).not.toHaveBeenCalled();
});
