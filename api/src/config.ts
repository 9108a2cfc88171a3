import path from 'node:path';

// The one place that reads the environment. docker-compose.yml may set only these variables;
// a test holds the two together.
export const ENVIRONMENT_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'RABBITMQ_URL',
  'SMTP_URL',
  'SERVE_STATIC',
  'STATIC_DIR',
  'REMOTES_JSON',
  'LOG_LEVEL',
] as const;

export type EnvironmentVariable = (typeof ENVIRONMENT_VARIABLES)[number];
export type Environment = Partial<Record<string, string | undefined>>;

/** The repository root (api/src → ../..): relative paths in the environment resolve against it. */
export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..');

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
  /** Stored for the mail issue; unset means the database outbox. */
  smtpUrl?: string;
  /** Serve the built host, remotes and /remotes.json (the one-URL default); off where they have origins of their own. */
  serveStatic: boolean;
  /** Root holding `host/dist` and `mfe-<name>/dist`. */
  staticDir: string;
  /** A file whose entries override the default remote manifest URLs of `/remotes.json`. */
  remotesJson?: string;
  logLevel: LogLevel;
}

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

function resolvePath(value: string | undefined, fallback: string): string {
  return path.resolve(REPOSITORY_ROOT, value ?? fallback);
}

export function loadConfig(env: Environment = process.env): Config {
  const read = (name: EnvironmentVariable): string | undefined => nonEmpty(env[name]);
  const remotesJson = read('REMOTES_JSON');
  return {
    port: parsePort(read('PORT')),
    host: read('HOST') ?? '127.0.0.1',
    dataDir: resolvePath(read('DATA_DIR'), 'data'),
    databaseUrl: read('DATABASE_URL'),
    rabbitmqUrl: read('RABBITMQ_URL'),
    smtpUrl: read('SMTP_URL'),
    serveStatic: parseBoolean('SERVE_STATIC', read('SERVE_STATIC'), true),
    staticDir: resolvePath(read('STATIC_DIR'), '.'),
    remotesJson: remotesJson === undefined ? undefined : path.resolve(REPOSITORY_ROOT, remotesJson),
    logLevel: parseLogLevel(read('LOG_LEVEL')),
  };
}
