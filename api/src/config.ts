import path from 'node:path';
import { REPOSITORY_ROOT } from './paths';

// The one place that reads the environment. docker-compose.yml may set only these variables;
// a test holds the two together.
export const ENVIRONMENT_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'RABBITMQ_URL',
  'RABBITMQ_STOMP_URL',
  'SMTP_URL',
  'SERVE_STATIC',
  'STATIC_DIR',
  'REMOTES_JSON',
  'LOG_LEVEL',
  'TRUST_PROXY',
  'SECRET_KEY',
  'PASSWORD_MAX_AGE_DAYS',
  'SESSION_IDLE_MINUTES',
  'SESSION_ABSOLUTE_HOURS',
  'SIGN_IN_ADDRESS_LIMIT',
  'SIGN_IN_PAIR_LIMIT',
  'SIGN_IN_ACCOUNT_LIMIT',
  'SIGN_IN_ACCOUNT_INTERVAL_SECONDS',
  'MAIL_OUTBOX_API',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_REDIRECT_URL',
  'SUPPORT_EMAIL',
  'PUBLIC_URL',
  'NOTIFICATION_DIGEST_HOUR',
  'DOCUMENT_MAX_BYTES',
  'RECOVERY_DIR',
  'RECOVERY_KEY',
  'RECOVERY_S3_ENDPOINT',
  'RECOVERY_S3_REGION',
  'RECOVERY_S3_ACCESS_KEY_ID',
  'RECOVERY_S3_SECRET_ACCESS_KEY',
  'RECOVERY_S3_FORCE_PATH_STYLE',
  'POC_FEATURES',
  'GRAFANA_DASHBOARD_URL',
  'SBOM_INGESTION_TIMEOUT_SECONDS',
  'JOB_EXPIRY_CHECK_SECONDS',
  'WORKER_MAX_HEAP_MB',
] as const;

export type EnvironmentVariable = (typeof ENVIRONMENT_VARIABLES)[number];
export type Environment = Partial<Record<string, string | undefined>>;

export { REPOSITORY_ROOT };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** Absolute; holds `pgdata` (the embedded database) and later file storage. */
  dataDir: string;
  /** Set: a Postgres server; unset: PGlite in `${dataDir}/pgdata`. */
  databaseUrl?: string;
  /** Stored for the broker issue; unset means the embedded broker. */
  rabbitmqUrl?: string;
  /** With RABBITMQ_URL: RabbitMQ's Web-STOMP (ws://host:15674/ws), to which the API relays browsers' /events/ws/amqp. */
  rabbitmqStompUrl?: string;
  /** Stored for the mail issue; unset means the database outbox. */
  smtpUrl?: string;
  /** Serve the built host, remotes and /remotes.json (the one-URL default); off where they have origins of their own. */
  serveStatic: boolean;
  /** Root holding `host/dist` and `mfe-<name>/dist`. */
  staticDir: string;
  /** A file whose entries override the default remote manifest URLs of `/remotes.json`. */
  remotesJson?: string;
  logLevel: LogLevel;
  /** Believe X-Forwarded-* (scheme, client address) from a reverse proxy in front of the API. */
  trustProxy?: boolean;
  /** Sign-in, session and secret settings; `DEFAULT_IDENTITY` where absent. */
  identity?: IdentityConfig;
  /** Set: the OpenID Connect sign-in (spec 2.2 identity-platform popup) is offered. */
  oidc?: OidcConfig;
  /** Where Contact Us inquiries are mailed (spec 2.3 Support menu); unset: `DEFAULT_SUPPORT_EMAIL`. */
  supportEmail?: string;
  /**
   * How long the guard's callers and the requirement list stay cached in the process (http/read-cache.ts);
   * every change through the API drops them (announced to the other API processes of a shared
   * Postgres server). Unset or 0: no cache.
   */
  readCacheMs?: number;
  /**
   * The portal's address as users reach it (scheme, host, port, and a path prefix if any; no
   * trailing slash): mail links are made absolute with it. Unset: `http://127.0.0.1:<port>`.
   */
  publicUrl?: string;
  /** The hour (UTC, 0-23) at which the daily notification digest is mailed; unset: 7. */
  notificationDigestHour?: number;
  /** The most one file of the evidence library may carry (bytes); unset: DOCUMENT_MAX_BYTES of the contract (250 MB). */
  documentMaxBytes?: number;
  /** Disaster recovery (docs/recovery.md): where folder backups go, the encryption key, the S3 endpoint. */
  recovery?: RecoveryConfig;
  /** Sessions carry the poc feature flag: the POC group of the side navigation and its /poc routes (spec 2.3). */
  pocFeatures?: boolean;
  /** The Grafana dashboard /poc/grafana embeds (issue 25 item 3); unset: that screen says how to set it. */
  grafanaDashboardUrl?: string;
  /** How long an SBOM's processing may take before its build fails (spec 9); unset: 15 minutes (sbom/processing.ts). */
  sbomIngestionTimeoutMs?: number;
  /**
   * How often the job queue looks for jobs whose worker died (past their timeout) to fail and retry
   * them (pg-boss's maintenance); unset: every 120 s, pg-boss's default.
   */
  jobExpiryCheckSeconds?: number;
  /**
   * The heap limit a worker process (`portal worker`) is started with, in MB (WORKER_MAX_HEAP_MB;
   * 0: node's own); unset: 768 (cli/worker.ts). The launch applies it, the worker says what it got.
   */
  workerMaxHeapMb?: number;
}

export interface RecoveryConfig {
  /** The folder target's root (RECOVERY_DIR); unset: `${dataDir}/backups`. */
  dir?: string;
  /** RECOVERY_KEY as given (64 hex digits or base64 of 32 bytes): the AES-256-GCM key of encrypted backups. */
  key?: string;
  /** The S3-compatible target's endpoint and credentials; unset: AWS's defaults (region, credential chain). */
  s3?: S3Config;
}

export interface S3Config {
  /** An endpoint override (MinIO, another S3-compatible store); unset: AWS S3. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (bucket in the path): what MinIO and most S3-compatible stores need. */
  forcePathStyle: boolean;
}

export const DEFAULT_DIGEST_HOUR = 7;

/** The portal's public address of `config` (PUBLIC_URL, else the API's own port on loopback). */
export function publicUrlOf(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://127.0.0.1:${config.port}`;
}

/** The read caches' lifetime (changes through the API invalidate them at once). */
export const READ_CACHE_MS = 1000;

export const DEFAULT_SUPPORT_EMAIL = 'support@localhost';

/** An OpenID Connect provider (Microsoft Entra ID or any issuer with discovery) and this client at it. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only). */
  clientSecret?: string;
  /** Unset: `<request origin>/api/sessions/msal/callback`. */
  redirectUrl?: string;
}

export interface IdentityConfig {
  /** Seals two-factor secrets; unset: a key file generated once in the data directory. */
  secretKey?: string;
  /** A password older than this many days must be changed at sign-in; 0: never expires. */
  passwordMaxAgeDays: number;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Failed sign-ins allowed from one client address per hour, whatever the accounts. */
  signInAddressLimit: number;
  /** Failed sign-ins of one account from one address per 15 minutes; then 429 for that pair. */
  signInPairLimit: number;
  /**
   * Failed sign-ins of one account per hour, from any address, after which the account is slowed
   * down: addresses it never signed in from get one attempt per signInAccountIntervalMs between
   * them; its usual addresses are not held back. No account is ever locked.
   */
  signInAccountLimit: number;
  signInAccountIntervalMs: number;
  /** Expose GET /api/mail/outbox for end-to-end tests; never in production. */
  mailOutboxApi: boolean;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const DEFAULT_IDENTITY: IdentityConfig = Object.freeze({
  secretKey: undefined,
  passwordMaxAgeDays: 0,
  sessionIdleMs: 30 * MINUTE_MS,
  sessionAbsoluteMs: 12 * HOUR_MS,
  signInAddressLimit: 1000,
  signInPairLimit: 10,
  signInAccountLimit: 20,
  signInAccountIntervalMs: 30_000,
  mailOutboxApi: false,
});

export class ConfigError extends Error {}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer between 0 and 65535, not '${value}'.`);
  }
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel {
  if (value === undefined) return 'info';
  const level = LOG_LEVELS.find((candidate) => candidate === value.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not '${value}'.`);
  return level;
}

function parseBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, not '${value}'.`);
}

function parseCount(name: string, value: string | undefined, fallback: number, minimum: number): number {
  if (value === undefined) return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < minimum) {
    throw new ConfigError(`${name} must be an integer of at least ${minimum}, not '${value}'.`);
  }
  return count;
}

/** A positive count when set (through `scale`), else undefined: the reader's own default applies. */
function optionalCount(name: string, value: string | undefined, scale: (count: number) => number): number | undefined {
  return value === undefined ? undefined : scale(parseCount(name, value, 0, 1));
}

function resolvePath(value: string | undefined, fallback: string): string {
  return path.resolve(REPOSITORY_ROOT, value ?? fallback);
}

function parseUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // Reported below with the variable's name.
  }
  throw new ConfigError(`${name} must be an http(s) URL, not '${value}'.`);
}

/** PUBLIC_URL: an http(s) origin with an optional path prefix, kept without its trailing slash. */
function parsePublicUrl(value: string | undefined, port: number): string {
  if (value === undefined) return publicUrlOf({ port });
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Reported below.
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(`PUBLIC_URL must be the portal's http(s) address without query, fragment or credentials, not '${value}'.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function parseHour(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const hour = Number(value);
  if (!/^\d{1,2}$/.test(value) || hour > 23) throw new ConfigError(`${name} must be an hour from 0 to 23, not '${value}'.`);
  return hour;
}

function parseWebSocketUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'ws:' || url.protocol === 'wss:') return url.toString();
  } catch {
    // Reported below with the variable's name.
  }
  throw new ConfigError(`${name} must be a ws(s) URL, not '${value}'.`);
}

function parseOidc(read: (name: EnvironmentVariable) => string | undefined): OidcConfig | undefined {
  // Every variable is read whatever the others say: ENVIRONMENT_VARIABLES is checked against the reads.
  const issuer = parseUrl('OIDC_ISSUER', read('OIDC_ISSUER'));
  const clientId = read('OIDC_CLIENT_ID');
  const clientSecret = read('OIDC_CLIENT_SECRET');
  const redirectUrl = parseUrl('OIDC_REDIRECT_URL', read('OIDC_REDIRECT_URL'));
  if (!issuer && !clientId) {
    if (clientSecret || redirectUrl) throw new ConfigError('OIDC_CLIENT_SECRET and OIDC_REDIRECT_URL need OIDC_ISSUER and OIDC_CLIENT_ID.');
    return undefined;
  }
  if (!issuer || !clientId) throw new ConfigError('OIDC_ISSUER and OIDC_CLIENT_ID are set together or not at all.');
  // The issuer is compared verbatim with the discovered one: keep it as the operator wrote it.
  return { issuer: read('OIDC_ISSUER') as string, clientId, clientSecret, redirectUrl };
}

function parseRecovery(read: (name: EnvironmentVariable) => string | undefined): RecoveryConfig | undefined {
  const dir = read('RECOVERY_DIR');
  const key = read('RECOVERY_KEY');
  if (key !== undefined) {
    const bytes = /^[0-9a-fA-F]{64}$/.test(key) ? Buffer.from(key, 'hex') : Buffer.from(key, 'base64');
    if (bytes.length !== 32) throw new ConfigError('RECOVERY_KEY must be 32 bytes: 64 hexadecimal digits or their base64.');
  }
  const endpoint = parseUrl('RECOVERY_S3_ENDPOINT', read('RECOVERY_S3_ENDPOINT'));
  const region = read('RECOVERY_S3_REGION');
  const accessKeyId = read('RECOVERY_S3_ACCESS_KEY_ID');
  const secretAccessKey = read('RECOVERY_S3_SECRET_ACCESS_KEY');
  const forcePathStyle = parseBoolean('RECOVERY_S3_FORCE_PATH_STYLE', read('RECOVERY_S3_FORCE_PATH_STYLE'), endpoint !== undefined);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('RECOVERY_S3_ACCESS_KEY_ID and RECOVERY_S3_SECRET_ACCESS_KEY are set together or not at all.');
  }
  const s3 = endpoint || region || accessKeyId ? { endpoint: read('RECOVERY_S3_ENDPOINT'), region: region ?? 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle } : undefined;
  if (dir === undefined && key === undefined && s3 === undefined) return undefined;
  return { dir: dir === undefined ? undefined : resolvePath(dir, 'data/backups'), key, s3 };
}

export function loadConfig(env: Environment = process.env): Config {
  const read = (name: EnvironmentVariable): string | undefined => nonEmpty(env[name]);
  const remotesJson = read('REMOTES_JSON');
  const port = parsePort(read('PORT'));
  return {
    port,
    host: read('HOST') ?? '127.0.0.1',
    dataDir: resolvePath(read('DATA_DIR'), 'data'),
    databaseUrl: read('DATABASE_URL'),
    rabbitmqUrl: read('RABBITMQ_URL'),
    rabbitmqStompUrl: parseWebSocketUrl('RABBITMQ_STOMP_URL', read('RABBITMQ_STOMP_URL')),
    smtpUrl: read('SMTP_URL'),
    serveStatic: parseBoolean('SERVE_STATIC', read('SERVE_STATIC'), true),
    staticDir: resolvePath(read('STATIC_DIR'), '.'),
    remotesJson: remotesJson === undefined ? undefined : path.resolve(REPOSITORY_ROOT, remotesJson),
    logLevel: parseLogLevel(read('LOG_LEVEL')),
    trustProxy: parseBoolean('TRUST_PROXY', read('TRUST_PROXY'), false),
    identity: {
      secretKey: read('SECRET_KEY'),
      passwordMaxAgeDays: parseCount('PASSWORD_MAX_AGE_DAYS', read('PASSWORD_MAX_AGE_DAYS'), 0, 0),
      sessionIdleMs: parseCount('SESSION_IDLE_MINUTES', read('SESSION_IDLE_MINUTES'), 30, 1) * MINUTE_MS,
      sessionAbsoluteMs: parseCount('SESSION_ABSOLUTE_HOURS', read('SESSION_ABSOLUTE_HOURS'), 12, 1) * HOUR_MS,
      signInAddressLimit: parseCount(
        'SIGN_IN_ADDRESS_LIMIT',
        read('SIGN_IN_ADDRESS_LIMIT'),
        DEFAULT_IDENTITY.signInAddressLimit,
        1,
      ),
      signInPairLimit: parseCount('SIGN_IN_PAIR_LIMIT', read('SIGN_IN_PAIR_LIMIT'), DEFAULT_IDENTITY.signInPairLimit, 1),
      signInAccountLimit: parseCount('SIGN_IN_ACCOUNT_LIMIT', read('SIGN_IN_ACCOUNT_LIMIT'), DEFAULT_IDENTITY.signInAccountLimit, 1),
      signInAccountIntervalMs:
        parseCount(
          'SIGN_IN_ACCOUNT_INTERVAL_SECONDS',
          read('SIGN_IN_ACCOUNT_INTERVAL_SECONDS'),
          DEFAULT_IDENTITY.signInAccountIntervalMs / 1000,
          0,
        ) * 1000,
      mailOutboxApi: parseBoolean('MAIL_OUTBOX_API', read('MAIL_OUTBOX_API'), false),
    },
    oidc: parseOidc(read),
    supportEmail: read('SUPPORT_EMAIL'),
    readCacheMs: READ_CACHE_MS,
    publicUrl: parsePublicUrl(read('PUBLIC_URL'), port),
    notificationDigestHour: parseHour('NOTIFICATION_DIGEST_HOUR', read('NOTIFICATION_DIGEST_HOUR'), DEFAULT_DIGEST_HOUR),
    documentMaxBytes: optionalCount('DOCUMENT_MAX_BYTES', read('DOCUMENT_MAX_BYTES'), (bytes) => bytes),
    recovery: parseRecovery(read),
    pocFeatures: parseBoolean('POC_FEATURES', read('POC_FEATURES'), false),
    grafanaDashboardUrl: parseUrl('GRAFANA_DASHBOARD_URL', read('GRAFANA_DASHBOARD_URL')),
    sbomIngestionTimeoutMs: optionalCount('SBOM_INGESTION_TIMEOUT_SECONDS', read('SBOM_INGESTION_TIMEOUT_SECONDS'), (seconds) => seconds * 1000),
    jobExpiryCheckSeconds: optionalCount('JOB_EXPIRY_CHECK_SECONDS', read('JOB_EXPIRY_CHECK_SECONDS'), (seconds) => seconds),
    workerMaxHeapMb: read('WORKER_MAX_HEAP_MB') === undefined ? undefined : parseCount('WORKER_MAX_HEAP_MB', read('WORKER_MAX_HEAP_MB'), 0, 0),
  };
}
