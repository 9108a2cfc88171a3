// What arrives on 'notifications#{userId}' becomes a Notification of the drawer (spec 3): an
// instant message from another user, or a notification the API published. Anything without an
// eventId or a message is not a notification.
import type { InstantMessage, Notification } from '@portal/shared';

export const INSTANT_MESSAGE_TITLE = 'Instant Message';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function notificationOf(body: unknown, loginId: string): Notification | null {
  if (!body || typeof body !== 'object') return null;
  const value = body as Partial<Notification> & Partial<Pick<InstantMessage, 'type'>>;
  const eventId = text(value.eventId);
  const message = text(value.message);
  if (!eventId || !message) return null;
  return {
    eventId,
    project: text(value.project),
    login_id: text(value.login_id) || loginId,
    time: text(value.time) || new Date().toISOString(),
    title: value.type === 'instant-message' ? INSTANT_MESSAGE_TITLE : text(value.title) || 'Notification',
    message,
    link: typeof value.link === 'string' ? value.link : null,
    sender: text(value.sender),
    read: false,
  };
}
