// The signed-in user's notifications: what arrives on 'notifications#{userId}' (relayed to every
// tab by the leading one) is added to the user's stored list; the drawer reads and edits it.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { notificationsQueue, realtime, useSession, type Notification, type RealtimeFacade } from '@portal/shared';
import { notificationOf } from './notificationOf';
import { createNotificationStore, type NotificationStore } from './store';

const EMPTY: Notification[] = [];
const NO_STORE: NotificationStore = {
  list: () => EMPTY,
  add: () => undefined,
  markRead: () => undefined,
  remove: () => undefined,
  subscribe: () => () => undefined,
};

/** Keeps what arrives on the user's notifications queue in `store`. */
export function collectNotifications(userId: string, loginId: string, store: NotificationStore, facade: RealtimeFacade = realtime): () => void {
  return facade.subscribe(notificationsQueue(userId), (body) => {
    const notification = notificationOf(body, loginId);
    if (notification) store.add(notification);
  });
}

export interface NotificationsState {
  notifications: Notification[];
  unread: number;
  markRead(eventId: string): void;
  remove(eventId: string): void;
}

export function useNotifications(facade: RealtimeFacade = realtime): NotificationsState {
  const userId = useSession((state) => state.session?.user?.id ?? null);
  const loginId = useSession((state) => state.session?.user?.login_id ?? '');
  const store = useMemo(() => (userId ? createNotificationStore(userId) : NO_STORE), [userId]);
  useEffect(() => (userId ? collectNotifications(userId, loginId, store, facade) : undefined), [userId, loginId, store, facade]);
  const notifications = useSyncExternalStore(store.subscribe, store.list, store.list);
  return {
    notifications,
    unread: notifications.filter((item) => !item.read).length,
    markRead: store.markRead,
    remove: store.remove,
  };
}
