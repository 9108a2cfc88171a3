import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATED_TEMPLATE_VARIABLE, TEMPLATE_VARIABLE } from './template';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite';

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

/** What the migrations say: a new or changed migration makes a new migrated template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The empty template with every migration applied: a test file's app then finds nothing to
 * migrate (migrating takes 1.5 s per file on 2 cores). db/migrate.test.ts still migrates an
 * empty one, as production does.
 */
async function ensureMigratedTemplate(empty: string): Promise<string> {
  const template = `${empty}-migrated-${migrationsHash()}`;
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.tmp`;
  await rm(building, { recursive: true, force: true });
  await cp(empty, building, { recursive: true });
  const database = await openPgliteDatabase(building);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await rm(`${building}.lock`, { recursive: true, force: true });
  await rm(template, { recursive: true, force: true });
  await rename(building, template);
  return template;
}

// Test files copy a template (milliseconds) instead of creating a database each (seconds).
// Made with DATABASE_URL set too: a few tests are of the embedded database only.
export default async function globalSetup(): Promise<void> {
  const empty = await ensureTemplate();
  process.env[TEMPLATE_VARIABLE] = empty;
  process.env[MIGRATED_TEMPLATE_VARIABLE] = await ensureMigratedTemplate(empty);
  // Metric snapshots only when a test asks (app.metricSnapshots.tick() / flush()): one taken on its
  // own ten seconds after a change would add Update Metric events to other suites' outboxes.
  process.env.METRICS_SNAPSHOT_DEBOUNCE_MS ??= '0';
  process.env.METRICS_SNAPSHOT_TICK_MS ??= '0';
  // Alarms likewise (app.alarms.tick()), and webhook retries a few milliseconds apart.
  process.env.ALARMS_TICK_MS ??= '0';
  process.env.RECOVERY_TICK_MS ??= '0';
  process.env.ALARMS_WEBHOOK_BACKOFF_MS ??= '20';
  // The apps of the tests work the on-demand kinds of job only — SBOM processing (sbom/build-jobs.ts),
  // RBOM computation (deployment-profiles/configuration-jobs.ts), account mail (mail/account-mail.ts),
  // standard imports (standards/jobs.ts), backups (recovery/backup-jobs.ts) and continuous
  // monitoring's runs (monitoring/run-jobs.ts), which uploads, requests and imports wait for — and
  // no scheduled pass (the due dates, document reviews, cloud syncs…): each test runs the pass it
  // needs with tick(); the jobs' own tests start theirs.
  process.env.JOB_WORKERS ??= 'sbom-builds,rbom-configurations,account-mail,standard-imports,backups,monitoring-runs,monitoring-scans';
}
