// Notifications are kept in the browser per user (spec 3): localStorage under the user's id, so
// another user signing in on this browser sees only theirs, and every tab sees the same list (the
// storage event tells the other tabs of a change). Newest first, at most NOTIFICATIONS_KEPT.
import type { Notification } from '@portal/shared';

export const NOTIFICATIONS_KEPT = 200;

export function storageKey(userId: string): string {
  return `portal.notifications.${userId}`;
}

export interface NotificationStore {
  list(): Notification[];
  add(notification: Notification): void;
  markRead(eventId: string): void;
  remove(eventId: string): void;
  subscribe(listener: () => void): () => void;
}

function isNotification(value: unknown): value is Notification {
  return !!value && typeof value === 'object' && typeof (value as Notification).eventId === 'string';
}

export function createNotificationStore(userId: string, storage: Storage = window.localStorage, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): NotificationStore {
  const key = storageKey(userId);
  const listeners = new Set<() => void>();
  let cache: Notification[] | null = null;

  function read(): Notification[] {
    if (cache) return cache;
    try {
      const parsed = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      cache = Array.isArray(parsed) ? parsed.filter(isNotification) : [];
    } catch {
      cache = [];
    }
    return cache;
  }

  function write(next: Notification[]): void {
    cache = next.slice(0, NOTIFICATIONS_KEPT);
    try {
      storage.setItem(key, JSON.stringify(cache));
    } catch (error) {
      console.warn('Notifications could not be stored.', error);
    }
    // A copy: a listener called here may subscribe or unsubscribe; this round calls those present now.
    for (const listener of Array.from(listeners)) listener();
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return;
    cache = null;
    // A copy: a listener called here may subscribe or unsubscribe; this round calls those present now.
    for (const listener of Array.from(listeners)) listener();
  };

  return {
    list: read,
    add(notification) {
      const current = read();
      if (current.some((item) => item.eventId === notification.eventId)) return;
      write([notification, ...current].sort((a, b) => (Date.parse(b.time) || 0) - (Date.parse(a.time) || 0)));
    },
    markRead(eventId) {
      const current = read();
      if (!current.some((item) => item.eventId === eventId && !item.read)) return;
      write(current.map((item) => (item.eventId === eventId ? { ...item, read: true } : item)));
    },
    remove(eventId) {
      const current = read();
      if (!current.some((item) => item.eventId === eventId)) return;
      write(current.filter((item) => item.eventId !== eventId));
    },
    subscribe(listener) {
      if (listeners.size === 0) target.addEventListener('storage', onStorage as EventListener);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) target.removeEventListener('storage', onStorage as EventListener);
      };
    },
  };
}
