// A process's notification settings (spec 3 "notification settings per process"): for each
// requirement and task event of spec 4.5, and each of its other events that tells people something
// (the alerts, a module configuration changed), whether they hear of it by mail and in the portal.
// The events are named for people ('Requirement: Submit for Review', 'New Vulnerability'): the
// settings screen shows the names as they are. Who is told of each: docs/notifications.md. Unset
// events take their default channels (DEFAULT_CHANNELS_OF: both, but progress reports only in the
// portal).
import { REQUIREMENT_EVENTS, TASK_EVENTS, type NotificationChannels, type NotificationSettingsBody } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';

export type { NotificationChannels };

export type NotificationSettingsMap = NotificationSettingsBody['settings'];

/** As stored (processes.notification_settings): only the events someone has set. */
export type StoredNotificationSettings = Partial<NotificationSettingsMap>;

/**
 * The other events of spec 4.5 that tell people something, and License Risk (the alert of spec 6
 * 'receive=>Alert::LicenseRisk'), and Alarm (an alarm's state changed, issue 25 item 4: its
 * recipients hear of it). The others (System Sign On, Import SBOM, Generate SBOM, Add and
 * Update Organization, Update Metric) only keep open screens live: nobody is notified of them.
 */
export const OTHER_NOTIFICATION_EVENTS = Object.freeze(['New Vulnerability', 'New Active Exploit', 'License Risk', 'Update Module Configuration', 'Alarm'] as const);

/** Every event a process's notification settings cover, in the spec's order. */
export const NOTIFICATION_EVENTS: readonly string[] = Object.freeze([
  ...REQUIREMENT_EVENTS.map((event) => `Requirement: ${event}`),
  ...TASK_EVENTS.map((event) => `Task: ${event}`),
  ...OTHER_NOTIFICATION_EVENTS,
]);

export const DEFAULT_CHANNELS: Readonly<NotificationChannels> = Object.freeze({ mail: true, portal: true });

/** Progress is reported often: in the portal only unless the process asks for mail. */
const PORTAL_ONLY: Readonly<NotificationChannels> = Object.freeze({ mail: false, portal: true });

/** The channels of an event the process has not set. */
export function defaultChannelsOf(event: string): NotificationChannels {
  return { ...(event.endsWith(': Update Progress') ? PORTAL_ONLY : DEFAULT_CHANNELS) };
}

export const NOT_AN_OBJECT = "'settings' must be an object of events, each { mail, portal }.";
export const notChannels = (event: string): string => `'${event}' must be { mail: true|false, portal: true|false }.`;
export const unknownEvent = (event: string): string =>
  `'${event}' is not an event of the notification settings; the events are: ${NOTIFICATION_EVENTS.join(', ')}.`;

/** The settings of every event: the stored ones, the default for the rest. */
export function completeSettings(stored: StoredNotificationSettings): NotificationSettingsMap {
  return Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => {
      const channels = stored[event];
      return [event, channels ? { mail: channels.mail, portal: channels.portal } : defaultChannelsOf(event)];
    }),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body `{ settings: { [event]: { mail, portal } } }` checked strictly (booleans, known
 * events); events left out keep their stored settings. Refuses with a 400 naming each field.
 */
export function parseNotificationSettings(body: unknown): NotificationSettingsMap {
  const settings = isObject(body) ? body.settings : undefined;
  if (!isObject(settings)) throw new ApiProblem(400, NOT_AN_OBJECT, {}, { settings: NOT_AN_OBJECT });
  const errors: Record<string, string> = {};
  const parsed: NotificationSettingsMap = {};
  for (const [event, channels] of Object.entries(settings)) {
    if (!NOTIFICATION_EVENTS.includes(event)) errors[`settings.${event}`] = unknownEvent(event);
    else if (!isObject(channels) || typeof channels.mail !== 'boolean' || typeof channels.portal !== 'boolean') {
      errors[`settings.${event}`] = notChannels(event);
    } else parsed[event] = { mail: channels.mail, portal: channels.portal };
  }
  const [first] = Object.entries(errors);
  if (first) throw new ApiProblem(400, first[1], {}, errors);
  return parsed;
}
