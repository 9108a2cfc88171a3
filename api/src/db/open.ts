import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite';
import { openPostgresDatabase } from './postgres';

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** Postgres when `DATABASE_URL` is set, otherwise the embedded database in the data directory. */
export function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Database> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : openPgliteDatabase(pgliteDirectory(config.dataDir));
}
