// What arrives on 'notifications#{userId}' becomes a Notification of the drawer (spec 3): an
// instant message from another user, or a notification the API published. Anything without an
// eventId or a message is not a notification. Only the server publishes there: an instant message
// is rebuilt by it (its sender stamped from the session, nothing but its text kept). The text is
// a user's, though: its '##…##' part becomes a link only when it is a path of the portal; an
// outside address stays plain text, and an instant message has no `link` of its own.
import type { InstantMessage, Notification } from '@portal/shared';
import { portalPath } from './messageText';

export const INSTANT_MESSAGE_TITLE = 'Instant Message';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** An instant message's text with its '##…##' markers kept only around a path of the portal. */
function instantMessageText(message: string): string {
  return message.replace(/##(.+?)##/, (whole, label: string) => (portalPath(label) ? whole : label));
}

export function notificationOf(body: unknown, loginId: string): Notification | null {
  if (!body || typeof body !== 'object') return null;
  const value = body as Partial<Notification> & Partial<Pick<InstantMessage, 'type'>>;
  const eventId = text(value.eventId);
  const instant = value.type === 'instant-message';
  const message = instant ? instantMessageText(text(value.message)) : text(value.message);
  if (!eventId || !message) return null;
  return {
    eventId,
    project: text(value.project),
    login_id: text(value.login_id) || loginId,
    time: text(value.time) || new Date().toISOString(),
    title: instant ? INSTANT_MESSAGE_TITLE : text(value.title) || 'Notification',
    message,
    link: !instant && typeof value.link === 'string' ? value.link : null,
    sender: text(value.sender),
    read: false,
  };
}
