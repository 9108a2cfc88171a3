import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { openDatabase } from './open';

let environment: TestEnvironment;
let database: Database;

beforeAll(async () => {
  environment = await createTestEnvironment({ unmigrated: true });
  database = await openDatabase(environment.config);
});

afterAll(async () => {
  await database.close();
  await environment.cleanup();
});

async function tables(): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() ORDER BY table_name`,
  );
  return rows.map((row) => row.table_name);
}

it('applies every migration once, in order, and records it', async () => {
  const versions = (await readMigrations()).map((migration) => migration.version);
  expect(versions[0]).toBe('001');
  expect(versions).toEqual([...versions].sort());

  expect(await migrate(database)).toEqual(versions);
  expect(await tables()).toEqual(expect.arrayContaining(['organizations', 'processes', 'schema_migrations']));
  const recorded = await database.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  expect(recorded.map((row) => row.version)).toEqual(versions);
});

it('changes nothing when run again', async () => {
  const before = await tables();
  expect(await migrate(database)).toEqual([]);
  expect(await tables()).toEqual(before);
});

it('rolls a failing migration back whole and keeps the earlier ones', async () => {
  const dir = path.join(environment.dir, 'migrations');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, '001_good.sql'), 'CREATE TABLE good_one (id integer);');
  await writeFile(path.join(dir, '002_bad.sql'), 'CREATE TABLE half_done (id integer);\nSELECT no_such_column FROM good_one;');
  // The real migrations are recorded already: forget them and their tables, for a fresh start.
  await database.exec('DELETE FROM schema_migrations');
  await database.exec('DROP TABLE processes, organizations CASCADE;');

  await expect(migrate(database, dir)).rejects.toThrow(/no_such_column/);
  const present = await tables();
  expect(present).toContain('good_one');
  expect(present).not.toContain('half_done');
  const recorded = await database.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  expect(recorded.map((row) => row.version)).toEqual(['001']);
});

it('refuses a migration file that is not named NNN_name.sql', async () => {
  const dir = path.join(environment.dir, 'misnamed');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'add-users.sql'), 'SELECT 1;');
  await expect(readMigrations(dir)).rejects.toThrow(/NNN_name\.sql/);
});
