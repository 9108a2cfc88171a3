import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_DIR } from '../paths';
import type { Database } from './database';

export const MIGRATIONS_DIR = path.join(API_DIR, 'migrations');

const FILE_NAME = /^(\d{3})_([a-z0-9_]+)\.sql$/;
// Several API processes may start against one Postgres server: they take turns.
const MIGRATION_LOCK = 727_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => {
      const match = FILE_NAME.exec(file);
      if (!match) throw new Error(`Migration file '${file}' must be named NNN_name.sql.`);
      return { version: match[1], name: match[2], sql: await readFile(path.join(dir, file), 'utf8') };
    }),
  );
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in order, each in its own
 * transaction. Returns the versions applied now (empty when the schema is current).
 */
export async function migrate(database: Database, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await database.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version text PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  return applied;
}
