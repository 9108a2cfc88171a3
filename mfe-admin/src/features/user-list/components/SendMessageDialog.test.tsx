import { bus, sessionStore, setRealtimeImplementation, type RealtimeFacade } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserSummary } from '../api/getUsers';
import { fakeApi, renderScreen, routeOf } from '@portal/shared/testing';
import { adminSession } from '../../../testing/sessions';
import { graceAdmin } from '../testing/users';
import { UserListScreen } from './UserListScreen';

const route = routeOf('/administration/user-list');
const grace = graceAdmin();
const carol: UserSummary = { ...grace, id: 'u-carol', login_id: 'carol', name: 'Carol Reader', email: 'carol@example.com', roles: [] };
const reads = { 'GET /api/users': { body: [grace, carol] }, 'GET /api/projects': { body: [] } };

const snackbars: string[] = [];
const onSnackbar = ({ message }: { message: string }) => snackbars.push(message);
const published: Array<{ destination: string; body: unknown }> = [];
let failing = false;
const facade: RealtimeFacade = {
  state: 'Connected',
  subscribe: () => () => undefined,
  onStateChange: () => () => undefined,
  publish: async (destination, body) => {
    if (failing) throw new Error('not connected');
    published.push({ destination, body });
  },
};

beforeEach(() => {
  sessionStore.setSession(adminSession());
  snackbars.length = 0;
  published.length = 0;
  failing = false;
  bus.on('snackbar:show', onSnackbar);
  setRealtimeImplementation(facade);
});
afterEach(() => {
  bus.off('snackbar:show', onSnackbar);
  setRealtimeImplementation(null);
  jest.restoreAllMocks();
});

it('sends an instant message to a user of the list, never to oneself', async () => {
  fakeApi(reads);
  const { user } = renderScreen(<UserListScreen route={route} />);
  await screen.findByRole('row', { name: /^carol / });
  expect(screen.queryByRole('button', { name: 'Send message to grace_admin' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send message to carol' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send message to carol' });
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Required.');
  expect(published).toHaveLength(0);

  await user.type(within(dialog).getByLabelText(/^Message/), 'See ##/dashboard##{Enter}');
  await waitFor(() => expect(snackbars).toEqual(['Message sent to carol.']));
  expect(published).toEqual([
    {
      destination: 'notifications#u-carol',
      body: expect.objectContaining({ type: 'instant-message', message: 'See ##/dashboard##', sender: 'Grace Admin', eventId: expect.any(String) }),
    },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send message to carol' })).not.toBeInTheDocument());
});

it('only logs a failed send (spec 8): no snackbar, the dialog closes', async () => {
  failing = true;
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  fakeApi(reads);
  const { user } = renderScreen(<UserListScreen route={route} />);
  await user.click(await screen.findByRole('button', { name: 'Send message to carol' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send message to carol' });
  await user.type(within(dialog).getByLabelText(/^Message/), 'Hello{Enter}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send message to carol' })).not.toBeInTheDocument());
  expect(warn).toHaveBeenCalledWith('The instant message could not be sent.', expect.any(Error));
  expect(snackbars).toEqual([]);
});
