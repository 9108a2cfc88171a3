// Business constants and limits of spec 9 (and the few defaults of spec 7), in one findable place.
// Durations are milliseconds; sizes are pixels unless the name says otherwise.

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Base path of every API call (spec 7). */
export const API_BASE_PATH = '/api';

/** How long a cached read stays fresh (react-query `staleTime`), per resource (spec 9). */
export const FRESHNESS = {
  applications: 30 * SECOND,
  builds: 5 * MINUTE,
  deploymentProfiles: 30 * MINUTE,
  appSettings: 30 * MINUTE,
  searches: 30 * MINUTE,
  moduleConfigs: 30 * MINUTE,
  serviceModules: 3 * MINUTE,
  workgroups: 5 * MINUTE,
  users: 30 * SECOND,
  session: 60 * SECOND,
} as const;

export type FreshnessKey = keyof typeof FRESHNESS;

/** A failed read is retried at most this many times, and only on status >= 500 (spec 8/9). */
export const READ_RETRY_LIMIT = 3;

export const ONE_TIME_CODE_TTL_MS = 15 * MINUTE;
export const ONE_TIME_CODE_MIN_LENGTH = 6;
export const SNACKBAR_HIDE_MS = 5000;
export const INVITATION_CACHE_MS = 300_000;
export const HELP_CACHE_MS = 5 * MINUTE;
export const VERSION_CHECK_MS = 900_000;
export const DEPLOYMENT_CONFIG_POLL_MS = 15 * SECOND;
export const SBOM_INGESTION_TIMEOUT_MS = 15 * MINUTE;
export const FREE_TRIAL_DAYS = 14;
/** Two-factor authentication is mandatory from this release on. */
export const MFA_MANDATORY_FROM = '0.18.0';

/** Short strings are limited in bytes (UTF-8), not characters. */
export const SHORT_STRING_MAX_BYTES = 255;
/** Dates are shown en-US as MM/DD/YYYY. */
export const DATE_LOCALE = 'en-US';
export const DATE_FORMAT_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
};

export const SIDE_NAV_WIDTH = 250;
export const NOTIFICATION_DRAWER_WIDTH = 400;
export const SIGN_IN_POPUP_WIDTH = 483;
export const SIGN_IN_POPUP_HEIGHT = 600;
export const RECOVERY_CODES_PER_ROW = 2;
export const RELEASE_TOOLTIP_COUNT = 5;

/** Where shared files are served from (spec 7). */
export const FILE_SERVER_PATH = '/storage/files';

// Real-time connection (spec 4.4, 7, 8, 9).
export const REALTIME_EVENTS_PATH = '/events/ws/amqp';
export const REALTIME_VHOST = '/';
/** Each reconnect attempt waits 1 s longer than the previous one, capped at 10 s. */
export const REALTIME_RECONNECT_STEP_MS = SECOND;
export const REALTIME_RECONNECT_MAX_MS = 10 * SECOND;
export const REALTIME_SUBSCRIBE_RETRY_MS = SECOND;
export const REALTIME_ELECTION_WAIT_MS = 300;
export const REALTIME_HEARTBEAT_MS = 10 * SECOND;
export const REALTIME_FRAME_MAX = 131_072;
export const REALTIME_FRAME_MAX_DEFAULT = 4096;
export const REALTIME_FRAME_MAX_MIN = 4096;

/** The delay before reconnect attempt `attempt` (1-based). */
export function realtimeReconnectDelay(attempt: number): number {
  return Math.min(Math.max(attempt, 1) * REALTIME_RECONNECT_STEP_MS, REALTIME_RECONNECT_MAX_MS);
}

/** A date as the portal shows it: MM/DD/YYYY. */
export function formatDate(value: Date | string | number): string {
  return new Intl.DateTimeFormat(DATE_LOCALE, DATE_FORMAT_OPTIONS).format(new Date(value));
}
