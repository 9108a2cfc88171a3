// Notifications are kept in localStorage per user id (spec 3).
import type { Notification } from '@portal/shared';
import { createNotificationStore, storageKey } from './store';
import { notificationOf, INSTANT_MESSAGE_TITLE } from './notificationOf';
import { collectNotifications } from './useNotifications';

const item = (eventId: string, time = '2026-01-01T10:00:00.000Z'): Notification => ({
  eventId,
  project: 'p',
  login_id: 'ann',
  time,
  title: 'Title',
  message: 'Message',
  link: null,
  sender: 'Bob',
  read: false,
});

beforeEach(() => window.localStorage.clear());

it('keeps each user their own list, newest first, without duplicates', () => {
  const ann = createNotificationStore('1');
  const bob = createNotificationStore('2');
  ann.add(item('a', '2026-01-01T10:00:00.000Z'));
  ann.add(item('b', '2026-01-02T10:00:00.000Z'));
  ann.add(item('a'));
  expect(ann.list().map((n) => n.eventId)).toEqual(['b', 'a']);
  expect(bob.list()).toEqual([]);
  expect(JSON.parse(window.localStorage.getItem(storageKey('1')) ?? '[]')).toHaveLength(2);
  // A new store (another page load) reads what was kept.
  expect(createNotificationStore('1').list().map((n) => n.eventId)).toEqual(['b', 'a']);
});

it('marks read and deletes, telling its listeners', () => {
  const store = createNotificationStore('1');
  const listener = jest.fn();
  store.subscribe(listener);
  store.add(item('a'));
  store.markRead('a');
  expect(store.list()[0]!.read).toBe(true);
  store.remove('a');
  expect(store.list()).toEqual([]);
  expect(listener).toHaveBeenCalledTimes(3);
});

it('turns an instant message into a notification and ignores anything without eventId or message', () => {
  expect(
    notificationOf(
      { type: 'instant-message', project: 'p', sender: 'Bob', eventId: 'e', message: 'hi', time: '2026-01-01T00:00:00.000Z' },
      'ann',
    ),
  ).toEqual({
    eventId: 'e',
    project: 'p',
    login_id: 'ann',
    time: '2026-01-01T00:00:00.000Z',
    title: INSTANT_MESSAGE_TITLE,
    message: 'hi',
    link: null,
    sender: 'Bob',
    read: false,
  });
  expect(notificationOf({ type: 'refresh' }, 'ann')).toBeNull();
  expect(notificationOf('text', 'ann')).toBeNull();
});

it("collects what arrives on the user's notifications queue", () => {
  const handlers = new Map<string, (body: unknown, destination: string) => void>();
  const facade = {
    state: 'Connected' as const,
    subscribe: (destination: string, handler: (body: unknown, destination: string) => void) => {
      handlers.set(destination, handler);
      return () => handlers.delete(destination);
    },
    publish: async () => undefined,
    onStateChange: () => () => undefined,
  };
  const store = createNotificationStore('42');
  const stop = collectNotifications('42', 'ann', store, facade as never);
  handlers.get('notifications#42')?.({ type: 'instant-message', eventId: 'm1', message: 'hi', sender: 'Bob', project: 'p', time: '2026-01-01T00:00:00.000Z' }, 'notifications#42');
  handlers.get('notifications#42')?.({ type: 'refresh' }, 'notifications#42');
  stop();
  expect(handlers.size).toBe(0);
  expect(store.list().map((n) => [n.eventId, n.title, n.sender])).toEqual([['m1', INSTANT_MESSAGE_TITLE, 'Bob']]);
});
