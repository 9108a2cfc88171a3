// The disaster recovery SQL (migration 037, docs/recovery.md): a process's backup settings and
// the history of its backups. Every query names the organization.
import type { BackupStatus, BackupTrigger, RecoverySettings, RecoveryTarget } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface SettingsRow extends RecoverySettings {
  process_id: string;
  organization_id: string;
  last_scheduled_at: Date | string | null;
  rpo_alerted_at: Date | string | null;
  updated_at: Date | string | null;
}

export interface BackupRow {
  id: string;
  organization_id: string;
  process_id: string;
  trigger: BackupTrigger;
  status: BackupStatus;
  target: RecoveryTarget;
  location: string;
  format_version: number;
  encrypted: boolean;
  size: string | number | null;
  sha256: string | null;
  counts: Record<string, number>;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
  duration_ms: number | null;
  verified_at: Date | string | null;
  verify_result: string | null;
  /** 0-100 as the worker running it last wrote it (on a shared Postgres server). */
  progress: number | null;
}

/** Dates travel as ISO texts: a Date of another realm (the tests' clock) is not one to PGlite. */
const ts = (date: Date): string => new Date(date.getTime()).toISOString();

export const DEFAULT_SETTINGS: RecoverySettings = Object.freeze({
  schedule: null,
  retention_count: 7,
  retention_days: 30,
  target: 'folder',
  folder: null,
  s3_bucket: null,
  s3_prefix: null,
  encrypted: false,
  rpo_minutes: 1440,
});

const SETTINGS = `process_id, organization_id, schedule, retention_count, retention_days, target, folder, s3_bucket, s3_prefix,
  encrypted, rpo_minutes, last_scheduled_at, rpo_alerted_at, updated_at`;

export async function findSettings(db: Queryable, organizationId: string, processId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.query<SettingsRow>(`SELECT ${SETTINGS} FROM recovery_settings WHERE organization_id = $1 AND process_id = $2`, [organizationId, processId]);
  return row;
}

/** The settings of the process, the defaults where none are stored. */
export async function settingsOf(db: Queryable, organizationId: string, processId: string): Promise<SettingsRow> {
  return (
    (await findSettings(db, organizationId, processId)) ?? {
      ...DEFAULT_SETTINGS,
      process_id: processId,
      organization_id: organizationId,
      last_scheduled_at: null,
      rpo_alerted_at: null,
      updated_at: null,
    }
  );
}

export async function saveSettings(db: Queryable, organizationId: string, processId: string, settings: RecoverySettings, userId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO recovery_settings (process_id, organization_id, schedule, retention_count, retention_days, target, folder, s3_bucket, s3_prefix,
                                    encrypted, rpo_minutes, updated_by, updated_at)
     VALUES ($2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (process_id) DO UPDATE SET schedule = $3, retention_count = $4, retention_days = $5, target = $6, folder = $7,
       s3_bucket = $8, s3_prefix = $9, encrypted = $10, rpo_minutes = $11, updated_by = $12, updated_at = $13,
       -- A new schedule counts from now (not from a run of the old one).
       last_scheduled_at = CASE WHEN recovery_settings.schedule IS DISTINCT FROM $3 THEN $13 ELSE recovery_settings.last_scheduled_at END`,
    [
      organizationId,
      processId,
      settings.schedule,
      settings.retention_count,
      settings.retention_days,
      settings.target,
      settings.folder,
      settings.s3_bucket,
      settings.s3_prefix,
      settings.encrypted,
      settings.rpo_minutes,
      userId,
      ts(now),
    ],
  );
}

/** Every process with stored settings (the scheduler and the recovery point watch). */
export async function allSettings(db: Queryable): Promise<Array<SettingsRow & { code_name: string; name: string }>> {
  return db.query(`SELECT ${SETTINGS.replace(/(^|, |\n\s*)(\w)/g, '$1s.$2')}, p.code_name, p.name FROM recovery_settings s JOIN processes p ON p.id = s.process_id`);
}

/**
 * Claims a due scheduled run: true for the one caller (of any API process) that moved
 * last_scheduled_at from what it read to `at`; false when another claimed it first.
 */
export async function claimScheduledRun(db: Queryable, processId: string, previous: Date | string | null, at: Date): Promise<boolean> {
  const rows = await db.query(
    'UPDATE recovery_settings SET last_scheduled_at = $3 WHERE process_id = $1 AND last_scheduled_at IS NOT DISTINCT FROM $2::timestamptz RETURNING process_id',
    [processId, previous === null ? null : new Date(previous).toISOString(), ts(at)],
  );
  return rows.length > 0;
}

export async function markRpoAlerted(db: Queryable, processId: string, at: Date | null): Promise<void> {
  await db.query('UPDATE recovery_settings SET rpo_alerted_at = $2 WHERE process_id = $1', [processId, at === null ? null : ts(at)]);
}

const BACKUP = `id, organization_id, process_id, trigger, status, target, location, format_version, encrypted, size, sha256, counts, error,
  started_at, finished_at, duration_ms, verified_at, verify_result, progress`;

/** Records a running backup; false when the process has one running already (one at a time, across API processes). */
export async function insertBackup(
  db: Queryable,
  backup: Pick<BackupRow, 'id' | 'organization_id' | 'process_id' | 'trigger' | 'target' | 'location' | 'format_version' | 'encrypted'>,
  userId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO recovery_backups (id, organization_id, process_id, trigger, target, location, format_version, encrypted, started_by, started_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (process_id) WHERE status = 'running' DO NOTHING RETURNING id`,
    [backup.id, backup.organization_id, backup.process_id, backup.trigger, backup.target, backup.location, backup.format_version, backup.encrypted, userId, ts(now)],
  );
  return rows.length > 0;
}

/** A running backup as its job runs it: with its process, and the claim it runs under. */
export interface ClaimedBackup extends BackupRow {
  code_name: string;
  name: string;
  claimed_at: Date | string;
}

/**
 * Claims the running backup `id` for the run that moved claimed_at (to the millisecond: it is
 * matched again as a JS date): unclaimed, or — `staleSeconds` given — claimed by a run that has
 * written nothing for that long (its worker died). Undefined when it ended or another run holds it.
 */
export async function claimBackup(db: Queryable, id: string, staleSeconds?: number): Promise<ClaimedBackup | undefined> {
  const [row] = await db.query<ClaimedBackup>(
    `UPDATE recovery_backups b SET claimed_at = date_trunc('milliseconds', clock_timestamp()), beat_at = clock_timestamp(), progress = 0
       FROM processes p
      WHERE b.id = $1 AND p.id = b.process_id AND b.status = 'running'
        AND (b.claimed_at IS NULL OR ($2::int IS NOT NULL AND b.beat_at < clock_timestamp() - $2 * interval '1 second'))
      RETURNING ${BACKUP.replace(/(^|, |\n\s*)(\w)/g, '$1b.$2')}, b.claimed_at, p.code_name, p.name`,
    [id, staleSeconds ?? null],
  );
  return row;
}

/** The run is alive and this far (0-100): written under its claim only. */
export async function beatBackup(db: Queryable, id: string, claimedAt: Date | string, progress: number): Promise<void> {
  await db.query(`UPDATE recovery_backups SET beat_at = clock_timestamp(), progress = $3 WHERE id = $1 AND status = 'running' AND claimed_at = $2::timestamptz`, [
    id,
    new Date(claimedAt).toISOString(),
    progress,
  ]);
}

/** The backup's outcome; with `claimedAt`, under that claim only (false when it was taken over or ended). */
export async function finishBackup(
  db: Queryable,
  id: string,
  outcome: { status: 'succeeded' | 'failed'; size?: number; sha256?: string; counts?: Record<string, number>; error?: string },
  now: Date,
  claimedAt?: Date | string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE recovery_backups SET status = $2, size = $3, sha256 = $4, counts = COALESCE($5::jsonb, counts), error = $6, finished_at = $7, progress = NULL,
            duration_ms = GREATEST(0, (extract(epoch FROM ($7::timestamptz - started_at)) * 1000)::int)
      WHERE id = $1 AND status = 'running' AND ($8::timestamptz IS NULL OR claimed_at = $8::timestamptz)
      RETURNING id`,
    [
      id,
      outcome.status,
      outcome.size ?? null,
      outcome.sha256 ?? null,
      outcome.counts ? JSON.stringify(outcome.counts) : null,
      outcome.error?.slice(0, 2000) ?? null,
      ts(now),
      claimedAt === undefined ? null : new Date(claimedAt).toISOString(),
    ],
  );
  return rows.length > 0;
}

/** Of `ids`, the backups still running. */
export async function runningOf(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(`SELECT id FROM recovery_backups WHERE id = ANY($1::uuid[]) AND status = 'running'`, [ids]);
  return rows.map((row) => row.id);
}

export const ABANDONED = 'The backup stopped: the process running it ended.';

/**
 * Backups no run will finish are failed: claimed by a run silent for `staleSeconds` (its worker
 * died; null: runs do not beat), or never claimed for `unclaimedSeconds` (no worker took its job);
 * of one process when given.
 */
export async function failStaleBackups(db: Queryable, now: Date, staleSeconds: number | null, unclaimedSeconds: number, processId?: string): Promise<void> {
  await db.query(
    `UPDATE recovery_backups SET status = 'failed', error = $5, finished_at = $1, progress = NULL
      WHERE status = 'running' AND ($4::uuid IS NULL OR process_id = $4::uuid)
        AND (($2::int IS NOT NULL AND beat_at < clock_timestamp() - $2 * interval '1 second')
             OR (claimed_at IS NULL AND started_at < $1::timestamptz - $3 * interval '1 second'))`,
    [ts(now), staleSeconds, unclaimedSeconds, processId ?? null, ABANDONED],
  );
}

/**
 * The running backups whose job may be lost: on the embedded database, whose one process lost its
 * queue when it stopped, every one (unclaimed again); on a shared server the unclaimed ones stored
 * a minute ago (their process stopped between storing and queueing).
 */
export async function orphanedBackups(db: Queryable, embedded: boolean, now: Date): Promise<string[]> {
  const rows = embedded
    ? await db.query<{ id: string }>(`UPDATE recovery_backups SET claimed_at = NULL, beat_at = NULL WHERE status = 'running' RETURNING id`)
    : await db.query<{ id: string }>(`SELECT id FROM recovery_backups WHERE status = 'running' AND claimed_at IS NULL AND started_at < $1::timestamptz - interval '1 minute'`, [ts(now)]);
  return rows.map((row) => row.id);
}

export async function recordVerification(db: Queryable, id: string, result: string, now: Date): Promise<void> {
  await db.query('UPDATE recovery_backups SET verified_at = $2, verify_result = $3 WHERE id = $1', [id, ts(now), result.slice(0, 2000)]);
}

export async function findBackup(db: Queryable, organizationId: string, processId: string, id: string): Promise<BackupRow | undefined> {
  const [row] = await db.query<BackupRow>(`SELECT ${BACKUP} FROM recovery_backups WHERE organization_id = $1 AND process_id = $2 AND id = $3`, [organizationId, processId, id]);
  return row;
}

export async function backupsOf(db: Queryable, organizationId: string, processId: string): Promise<BackupRow[]> {
  return db.query<BackupRow>(`SELECT ${BACKUP} FROM recovery_backups WHERE organization_id = $1 AND process_id = $2 ORDER BY started_at DESC, id`, [organizationId, processId]);
}

export async function deleteBackupRow(db: Queryable, organizationId: string, processId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM recovery_backups WHERE organization_id = $1 AND process_id = $2 AND id = $3 RETURNING id', [organizationId, processId, id]);
  return rows.length > 0;
}
