import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { pgliteDirectory } from '../db/open';
import { MIGRATED_TEMPLATE_VARIABLE, TEMPLATE_VARIABLE } from './template';

export interface TestEnvironment {
  /** A config of its own: a fresh data directory (PGlite) or a fresh schema (DATABASE_URL). */
  config: Config;
  /** A scratch directory removed by `cleanup`. */
  dir: string;
  cleanup(): Promise<void>;
}

/** `url` working in `schema` only: every connection starts with that search path. */
function inSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

// cp(1) copies the template's thousand files in half the time of fs.cp.
async function copyDirectory(from: string, to: string): Promise<void> {
  if (process.platform === 'win32') await cp(from, to, { recursive: true });
  else await promisify(execFile)('cp', ['-R', from, to]);
}

async function withClient(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Against the Postgres server of `DATABASE_URL` when it is set (one schema per call, dropped at
 * cleanup), otherwise against a copy of the run's embedded-database template.
 */
/**
 * `embedded`: PGlite even when DATABASE_URL names a server (tests of what only the embedded
 * database does). `unmigrated`: an empty embedded database (the migration tests); otherwise it
 * starts migrated, as the app leaves it.
 */
export async function createTestEnvironment(options: { embedded?: boolean; unmigrated?: boolean } = {}): Promise<TestEnvironment> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-api-test-'));
  const dataDir = path.join(dir, 'data');
  const staticDir = path.join(dir, 'static');
  await mkdir(staticDir, { recursive: true });
  const serverUrl = options.embedded ? undefined : process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropSchema = async (): Promise<void> => undefined;

  if (serverUrl) {
    const schema = `test_${randomUUID().replace(/-/g, '')}`;
    await withClient(serverUrl, `CREATE SCHEMA ${schema}`);
    databaseUrl = inSchema(serverUrl, schema);
    // With the job queue's schema beside it (jobs/pg-boss.ts).
    dropSchema = () => withClient(serverUrl, `DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
  } else {
    const variable = options.unmigrated ? TEMPLATE_VARIABLE : MIGRATED_TEMPLATE_VARIABLE;
    const template = process.env[variable];
    if (!template) throw new Error(`${variable} is unset: run the API tests through jest.config.cjs.`);
    await mkdir(dataDir, { recursive: true });
    await copyDirectory(template, pgliteDirectory(dataDir));
  }

  return {
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      databaseUrl,
      serveStatic: true,
      staticDir,
      logLevel: 'silent',
    },
    dir,
    async cleanup() {
      await dropSchema();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
