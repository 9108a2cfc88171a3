// Broker destination names of spec 7, shared by the host, remotes and the API.

/** A name containing '#' is a durable named queue; any other name is a fanout exchange. */
export function isDurableQueue(destination: string): boolean {
  return destination.includes('#');
}

/** Where a user's notifications and instant messages are delivered. */
export function notificationsQueue(userId: string): string {
  return `notifications#${userId}`;
}

/** Where a user's events arrive (consumers filter by event type). */
export function userEventsQueue(userId: string): string {
  return `events#${userId}`;
}

export const SYNC_USER_EXCHANGE = 'sync-user';
export const SYNC_ADMIN_EXCHANGE = 'sync-admin';

/**
 * The longest instant message (characters, once trimmed): the Send message dialog stops there and
 * the API refuses a longer one. Long enough for a sentence and a '##…##' link, well inside the
 * broker's frame limit.
 */
export const INSTANT_MESSAGE_MAX_LENGTH = 1000;

/** Instant messages are published persistent (AMQP delivery mode 2). */
export const PERSISTENT_DELIVERY_MODE = 2;

/** The spec 4.5 event that announces a new sign-on of the user (single active session, spec 4.1). */
export const SYSTEM_SIGN_ON = 'System Sign On';
