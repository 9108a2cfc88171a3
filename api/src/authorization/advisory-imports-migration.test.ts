// Migration 022: an installation made before advisory imports became a Global Admin's has its
// stored Global Admin role (built-in roles are stored once) given the new default policy, once.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GLOBAL_ADMIN_ROLE } from '@portal/shared/server';
import { buildApp } from '../app';
import { MIGRATIONS_DIR } from '../db/migrate';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { builtInRole, type PolicyInput } from './defaults';

let environment: TestEnvironment;
let app: FastifyInstance;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({ config: environment.config });
});

afterAll(async () => {
  await app?.close();
  await environment?.cleanup();
});

const stored = async () =>
  (await app.database.query<{ policies: PolicyInput[] }>('SELECT policies FROM roles WHERE organization_id IS NULL AND name = $1', [GLOBAL_ADMIN_ROLE]))[0].policies;

it("gives an older installation's Global Admin the import of advisories, and only once", async () => {
  const current = builtInRole(GLOBAL_ADMIN_ROLE)!.policies;
  expect(await stored()).toEqual(current);
  const before = current.filter((policy) => !policy.resources.includes('Vulnerability'));
  expect(before).toHaveLength(current.length - 1);
  await app.database.query('UPDATE roles SET policies = $2::jsonb WHERE organization_id IS NULL AND name = $1', [GLOBAL_ADMIN_ROLE, JSON.stringify(before)]);

  const migration = await readFile(path.join(MIGRATIONS_DIR, '022_advisory_imports_global.sql'), 'utf8');
  await app.database.exec(migration);
  expect(await stored()).toEqual(current);
  await app.database.exec(migration);
  expect(await stored()).toEqual(current);
});
