// The drawer (spec 2.3) and the bell: items with title, message link, sender and time; read on
// click; per-item delete; the empty state; the bell's badge, and the bell disabled in Platform View.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortalQueryClient, PortalProvider, sessionStore, type Notification } from '@portal/shared';
import { NotificationsBell } from './NotificationsBell';
import { NO_NOTIFICATIONS, NotificationsDrawer } from './NotificationsDrawer';
import { INSTANT_MESSAGE_TITLE, notificationOf } from './notificationOf';
import { createNotificationStore } from './store';
import { bareSession } from '../testing/sessions';

const session = bareSession();

const notification = (eventId: string, message: string, read = false): Notification => ({
  eventId,
  project: 'p',
  login_id: 'ann',
  time: '2026-03-04T10:20:00.000Z',
  title: `Title ${eventId}`,
  message,
  link: null,
  sender: 'Bob',
  read,
});

const wrap = (ui: React.ReactNode) => render(<PortalProvider queryClient={createPortalQueryClient()}>{ui}</PortalProvider>);

beforeEach(() => {
  window.localStorage.clear();
  sessionStore.clearSession();
});

it('shows title, message with a safe link, sender and time; click reads, delete deletes', async () => {
  const onRead = jest.fn();
  const onDelete = jest.fn();
  wrap(
    <NotificationsDrawer
      open
      notifications={[notification('a', 'See ##/requirements/7## <b>now</b>'), notification('b', 'Plain', true)]}
      onClose={() => undefined}
      onRead={onRead}
      onDelete={onDelete}
    />,
  );
  const items = await screen.findAllByTestId('notification-item');
  expect(items).toHaveLength(2);
  const first = items[0]!;
  expect(within(first).getByText('Title a')).toBeTruthy();
  const link = within(first).getByRole('link', { name: '/requirements/7' });
  expect(link.getAttribute('href')).toBe('/requirements/7');
  // Markup in a message is text, never HTML.
  expect(within(first).getByTestId('notification-message').textContent).toBe('See /requirements/7 <b>now</b>');
  expect(first.querySelector('b')).toBeNull();
  expect(within(first).getByText(/Bob/)).toBeTruthy();
  expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-04T10:20:00.000Z');
  await userEvent.click(within(first).getByText('Title a'));
  expect(onRead).toHaveBeenCalledWith('a');
  await userEvent.click(within(first).getByRole('button', { name: 'Delete notification Title a' }));
  expect(onDelete).toHaveBeenCalledWith('a');
  expect(onRead).toHaveBeenCalledTimes(1);
});

it("shows an instant message's stamped sender, and links its ##…## part only into the portal", async () => {
  const instant = (eventId: string, message: string, extra: Record<string, unknown> = {}) =>
    notificationOf({ type: 'instant-message', project: '', sender: 'Meg Messenger (meg)', eventId, message, time: '2026-03-04T10:20:00.000Z', ...extra }, 'ann')!;
  const notifications = [
    instant('in', 'Please review ##/requirements/7## today'),
    instant('out', 'Your account is locked: ##https://evil.example/unlock## now'),
    instant('sneaky', 'Open ##//evil.example/x##'),
    // A link field is not the sender's to give: only the server's notifications have one.
    instant('field', 'See ##/dashboard##', { link: 'https://evil.example', title: 'Security alert' }),
  ];
  wrap(<NotificationsDrawer open notifications={notifications} onClose={() => undefined} onRead={() => undefined} onDelete={() => undefined} />);
  const items = await screen.findAllByTestId('notification-item');
  const [inside, outside, sneaky, field] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
  expect(within(inside).getByRole('link', { name: '/requirements/7' }).getAttribute('href')).toBe('/requirements/7');
  expect(within(inside).getByText(/Meg Messenger \(meg\)/)).toBeTruthy();
  expect(within(outside).queryByRole('link')).toBeNull();
  expect(within(outside).getByTestId('notification-message').textContent).toBe('Your account is locked: https://evil.example/unlock now');
  expect(within(sneaky).queryByRole('link')).toBeNull();
  expect(within(field).getByText(INSTANT_MESSAGE_TITLE)).toBeTruthy();
  expect(within(field).getByRole('link', { name: '/dashboard' }).getAttribute('href')).toBe('/dashboard');
  for (const item of items) expect(item.querySelector('a[href*="evil"]')).toBeNull();
});

it("says 'No new notifications.' when empty", async () => {
  wrap(<NotificationsDrawer open notifications={[]} onClose={() => undefined} onRead={() => undefined} onDelete={() => undefined} />);
  expect(await screen.findByText(NO_NOTIFICATIONS)).toBeTruthy();
});

it("the bell counts the user's unread notifications, opens the drawer, reads on click and deletes", async () => {
  sessionStore.setSession(session);
  const store = createNotificationStore('42');
  store.add(notification('a', 'One'));
  store.add(notification('b', 'Two', true));
  createNotificationStore('7').add(notification('c', 'Not mine'));
  wrap(<NotificationsBell />);
  const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
  expect(screen.getByTestId('notifications-badge').textContent).toBe('1');
  await userEvent.click(bell);
  const drawer = await screen.findByTestId('notifications-drawer');
  expect(within(drawer).queryByText('Not mine')).toBeNull();
  await userEvent.click(within(drawer).getByText('One'));
  expect(screen.queryByTestId('notifications-badge')).toBeNull();
  expect(createNotificationStore('42').list().find((n) => n.eventId === 'a')?.read).toBe(true);
  await userEvent.click(within(drawer).getByRole('button', { name: 'Delete notification Title b' }));
  expect(createNotificationStore('42').list().map((n) => n.eventId)).toEqual(['a']);
});

it('the bell is disabled in Platform View', () => {
  sessionStore.setSession(session);
  act(() => sessionStore.setProcess({ id: '*', code_name: '*' }));
  wrap(<NotificationsBell />);
  expect((screen.getByTestId('notifications-bell') as HTMLButtonElement).disabled).toBe(true);
});
