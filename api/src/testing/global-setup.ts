import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { TEMPLATE_VARIABLE } from './template';

const CACHE_DIR = path.resolve(__dirname, '..', '..', 'node_modules', '.cache', 'portal-api');

function pgliteVersion(): string {
  // The package's exports do not include package.json; its entry sits in dist/.
  const entry = require.resolve('@electric-sql/pglite');
  const manifest: unknown = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest && typeof manifest.version === 'string') {
    return manifest.version;
  }
  throw new Error('@electric-sql/pglite has no version');
}

/**
 * An empty, never-migrated PGlite directory. Creating one (initdb) takes seconds, so it is kept
 * between runs, one per PGlite version; it is built aside and renamed so that an interrupted run
 * never leaves half a template.
 */
async function ensureTemplate(): Promise<string> {
  const template = path.join(CACHE_DIR, `pglite-${pgliteVersion()}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.tmp`;
  await mkdir(CACHE_DIR, { recursive: true });
  await rm(building, { recursive: true, force: true });
  const pglite = await PGlite.create(building);
  await pglite.close();
  await rm(template, { recursive: true, force: true });
  await rename(building, template);
  return template;
}

// Test files copy the template (milliseconds) instead of creating a database each (seconds). It
// is not migrated: every test file's app runs the migrations as production does.
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  process.env[TEMPLATE_VARIABLE] = await ensureTemplate();
}
