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

// Upload limits: the API answers 413 above them, and a remote refuses a larger file before sending
// a byte, with the API's own message (the constants of both sides are these).
const MiB = 1024 * 1024;

/** The size of a limit as the API's messages write it: `64 MiB`, `512 KiB`, `100 bytes`. */
export function byteSize(limit: number): string {
  if (limit >= MiB) return `${Math.round(limit / MiB)} MiB`;
  return limit >= 1024 ? `${Math.round(limit / 1024)} KiB` : `${limit} bytes`;
}

/** The 413 of a body over its route's limit (the API's bodyLimit), e.g. a VEX document. */
export const bodyTooLarge = (limit: number): string => `The request body is larger than the ${byteSize(limit)} this call accepts.`;

/** An SBOM upload (POST apps/{appKey}/builds, the CI module's upload): the file as sent, gzip or not. */
export const SBOM_MAX_UPLOAD_BYTES = 64 * MiB;
/** The most a gzip SBOM may inflate to (the server's check: the browser cannot know beforehand). */
export const SBOM_MAX_INFLATED_BYTES = 256 * MiB;
export const SBOM_TOO_LARGE = `The SBOM is larger than the ${byteSize(SBOM_MAX_UPLOAD_BYTES)} accepted.`;
export const SBOM_INFLATED_TOO_LARGE = `The inflated SBOM is larger than the ${byteSize(SBOM_MAX_INFLATED_BYTES)} accepted.`;

/** A requirement's attachment (POST requirements/{id}/attachments). */
export const ATTACHMENT_MAX_BYTES = 10 * MiB;
export const ATTACHMENT_TOO_LARGE = 'The file is too large (at most 10 MB).';

/** One file of an advisory import (POST vulnerabilities/imports, the KEV catalog). */
export const ADVISORY_UPLOAD_MAX_BYTES = 512 * MiB;
export const ADVISORY_UPLOAD_TOO_LARGE = 'The advisory upload is too large.';

/** A VEX document (POST apps/{appKey}/builds/{buildId}/vex): small next to an SBOM. */
export const VEX_MAX_BYTES = 16 * MiB;
export const VEX_TOO_LARGE = bodyTooLarge(VEX_MAX_BYTES);

/** A security standard's catalog (POST standards/imports). */
export const CATALOG_MAX_BYTES = 32 * MiB;
export const CATALOG_TOO_LARGE = bodyTooLarge(CATALOG_MAX_BYTES);

/** Every upload limit and its message, by the upload's kind. */
export const UPLOAD_LIMITS = {
  sbom: { maxBytes: SBOM_MAX_UPLOAD_BYTES, tooLarge: SBOM_TOO_LARGE },
  attachment: { maxBytes: ATTACHMENT_MAX_BYTES, tooLarge: ATTACHMENT_TOO_LARGE },
  advisory: { maxBytes: ADVISORY_UPLOAD_MAX_BYTES, tooLarge: ADVISORY_UPLOAD_TOO_LARGE },
  vex: { maxBytes: VEX_MAX_BYTES, tooLarge: VEX_TOO_LARGE },
  catalog: { maxBytes: CATALOG_MAX_BYTES, tooLarge: CATALOG_TOO_LARGE },
} as const;
export type UploadKind = keyof typeof UPLOAD_LIMITS;

/** The API's message when the file is larger than its kind's limit, else null: refuse before sending. */
export function uploadTooLarge(kind: UploadKind, file: Pick<Blob, 'size'>): string | null {
  const limit = UPLOAD_LIMITS[kind];
  return file.size > limit.maxBytes ? limit.tooLarge : null;
}
