// What the processes family offers the others, beside its service.ts where it has one: other families import from these faces only (lint: api/layers).

export { completeSettings, NOTIFICATION_EVENTS, parseNotificationSettings } from './notification-settings';
export { graphQuery, idParams } from './schemas';
