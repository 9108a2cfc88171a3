// Disaster recovery at work (issue 25 items 6-7, docs/recovery.md): backups run as 'backups' jobs
// (backup-jobs.ts: their progress in the row, readable by every API process), are verified and
// restored from their target, pruned by the retention, and started by the schedule; the recovery
// point is watched against the objective (a notification when it is exceeded). The schedule and the
// watch are the pass `tick()`, a scheduled job 'recovery' (RECOVERY_TICK_MS, default a minute; 0:
// none — tests call `tick()`; index.ts).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Cron } from 'croner';
import { PERMISSIONS, RECOVERY_POINT_EXCEEDED_EVENT, type Backup, type RecoveryPoint } from '@portal/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { BlobStore } from '../documents/service';
import { ApiProblem } from '../http/problem';
import type { Clock } from '../identity/clock';
import type { Jobs } from '../jobs/index';
import { notify } from '../notifications/index';
import { announceChange, permittedRecipients } from '../realtime/audience';
import { readArchive, schemaVersion, writeArchive, type BackupProcess } from './archive';
import { defineBackupJobs, type BackupJobsSettings } from './backup-jobs';
import { BackupDamaged, parseRecoveryKey } from './crypto';
import { FORMAT_VERSION } from './format';
import {
  allSettings,
  backupsOf,
  deleteBackupRow,
  finishBackup,
  insertBackup,
  markRpoAlerted,
  claimScheduledRun,
  recordVerification,
  settingsOf,
  type BackupRow,
  type SettingsRow,
} from './repository';
import { restoreBackup, type RestoreResult } from './restore';

export { backupsOf, findBackup, saveSettings, settingsOf, type BackupRow } from './repository';
import { s3Target } from './s3';
import { folderTarget, type BackupTarget } from './targets';

export const DEFAULT_TICK_MS = 60_000;
export const BACKUP_PROGRESS_EVENT = 'Backup Progress';

export const RECOVERY_MESSAGES = {
  running: 'A backup of this process is running; wait for it to finish.',
  noKey: 'Encryption needs RECOVERY_KEY in the server configuration.',
  noS3: 'The S3 target needs RECOVERY_S3_ENDPOINT or RECOVERY_S3_REGION in the server configuration.',
  notSucceeded: 'Only a backup that succeeded can be verified or restored.',
  damaged: (why: string) => `The backup is damaged: ${why}`,
  gone: 'The archive of this backup is no longer in its target.',
} as const;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function backupOf(row: BackupRow, progress: number | null): Backup {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    target: row.target,
    format_version: row.format_version,
    encrypted: row.encrypted,
    size: row.size === null ? null : Number(row.size),
    sha256: row.sha256,
    counts: row.counts ?? {},
    error: row.error,
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
    duration_ms: row.duration_ms,
    // This process's own figure when it runs the backup, else what the run wrote to the row.
    progress: row.status === 'running' ? progress ?? row.progress ?? 0 : null,
    verified_at: iso(row.verified_at),
    verify_result: row.verify_result,
  };
}

export function recoveryPointOf(backups: readonly BackupRow[], objectiveMinutes: number, now: Date): RecoveryPoint {
  const newest = backups
    .filter((row) => row.status === 'succeeded' && row.finished_at !== null)
    .map((row) => new Date(row.finished_at!).getTime())
    .sort((a, b) => b - a)[0];
  if (newest === undefined) return { newest_good_at: null, age_minutes: null, objective_minutes: objectiveMinutes, exceeded: true };
  const age = Math.max(0, Math.floor((now.getTime() - newest) / 60_000));
  return { newest_good_at: new Date(newest).toISOString(), age_minutes: age, objective_minutes: objectiveMinutes, exceeded: age > objectiveMinutes };
}

/** The next run of a five-field cron expression (UTC) after `from`; undefined for an invalid one. */
export function nextRun(schedule: string, from: Date): Date | undefined {
  if (schedule.trim().split(/\s+/).length !== 5) return undefined;
  try {
    return new Cron(schedule, { paused: true, timezone: 'UTC' }).nextRun(from) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface Recovery {
  readonly encryptionAvailable: boolean;
  readonly s3Available: boolean;
  /** Stores a running backup of the process and queues its job (409 while the process has one running). */
  start(process: BackupProcess, trigger: 'manual' | 'scheduled', userId: string | null): Promise<{ id: string }>;
  /** 0-100 while the backup runs in this process (null: the row tells). */
  progress(id: string): number | null;
  verify(row: BackupRow): Promise<{ ok: boolean; result: string; verified_at: string }>;
  restore(row: BackupRow, into: { organizationId: string; codeName: string; name?: string; enrollUserId?: string }, afterTable?: (table: string) => void | Promise<void>): Promise<RestoreResult>;
  remove(row: BackupRow): Promise<void>;
  /** Starts the due scheduled backups (queued), fails the backups no run will finish, and watches the recovery points. */
  tick(): Promise<void>;
  /** Resolves when every backup this process started or ran finished, pruning included. */
  idle(): Promise<void>;
  /** On ready: the backups whose job a stopped process lost are queued again (or failed). */
  resume(): Promise<void>;
}

export interface RecoveryOptions {
  db: Database;
  /** The job queue the backups run on. */
  jobs: Jobs;
  /** The backups' job timing, progress writes and JOB_EXPIRY_CHECK_SECONDS (tests shorten them). */
  backups?: BackupJobsSettings;
  config: Config;
  blobs: BlobStore;
  now: Clock;
  log?: FastifyBaseLogger;
  /** Called after a change that recorded notifications or events (the outbox relay). */
  published?: () => void;
  /** Called after a backup succeeded: the recovery point moved (the metrics take a snapshot). */
  backedUp?: (process: BackupProcess) => void;
}

export function createRecovery(options: RecoveryOptions): Recovery {
  const { db, config, blobs, now } = options;
  const key = parseRecoveryKey(config.recovery?.key);
  const root = config.recovery?.dir ?? path.join(config.dataDir, 'backups');
  const folder = folderTarget(root);
  const s3 = config.recovery?.s3;
  const scratch = path.join(root, '.scratch');

  /** The target and key of an archive at `location` (s3: `bucket/key`). */
  const targetOf = (kind: 'folder' | 's3', location: string): { target: BackupTarget; key: string } => {
    if (kind === 'folder') return { target: folder, key: location };
    if (!s3) throw new ApiProblem(409, RECOVERY_MESSAGES.noS3);
    const slash = location.indexOf('/');
    return { target: s3Target(s3, location.slice(0, slash)), key: location.slice(slash + 1) };
  };

  const locationFor = (settings: SettingsRow, id: string, encrypted: boolean): string => {
    const name = `${id}.tar.gz${encrypted ? '.enc' : ''}`;
    if (settings.target === 's3') return `${settings.s3_bucket}/${settings.s3_prefix ?? ''}${settings.organization_id}/${settings.process_id}/${name}`;
    return `${settings.folder ?? `${settings.organization_id}/${settings.process_id}`}/${name}`;
  };

  /** Keeps retention_count backups, none older than retention_days — and always the newest good one. */
  const prune = async (process: BackupProcess, settings: SettingsRow): Promise<void> => {
    const rows = (await backupsOf(db, process.organization_id, process.id)).filter((row) => row.status !== 'running');
    const newestGood = rows.find((row) => row.status === 'succeeded');
    const oldest = now().getTime() - settings.retention_days * 86_400_000;
    let kept = 0;
    for (const row of rows) {
      const keep = row === newestGood || (kept < settings.retention_count && new Date(row.started_at).getTime() >= oldest);
      if (keep) kept++;
      else await recovery.remove(row).catch((error: unknown) => options.log?.warn({ err: error }, 'pruning a backup failed'));
    }
  };

  const backups = defineBackupJobs(options.jobs, {
    ...options.backups,
    db,
    now,
    log: options.log,
    work: {
      async write(backup, onProgress, signal) {
        const { target, key: objectKey } = targetOf(backup.target, backup.location);
        return writeArchive({
          db,
          process: { id: backup.process_id, organization_id: backup.organization_id, code_name: backup.code_name, name: backup.name },
          target,
          location: objectKey,
          blobs,
          key: backup.encrypted ? key : undefined,
          now: now(),
          signal,
          onProgress: (done, total) => onProgress(Math.min(99, Math.round((done / total) * 100))),
        });
      },
      async succeeded(backup) {
        const process = { id: backup.process_id, organization_id: backup.organization_id, code_name: backup.code_name, name: backup.name };
        options.backedUp?.(process);
        await prune(process, await settingsOf(db, process.organization_id, process.id));
      },
    },
  });

  const watchRecoveryPoints = async (): Promise<void> => {
    for (const settings of await allSettings(db)) {
      const point = recoveryPointOf(await backupsOf(db, settings.organization_id, settings.process_id), settings.rpo_minutes, now());
      if (point.exceeded && settings.rpo_alerted_at === null) {
        await db.transaction(async (tx) => {
          const scope = { organizationId: settings.organization_id, processId: settings.process_id, processCode: settings.code_name };
          const permission = PERMISSIONS.applications.DISASTER_RECOVERY.VIEW;
          const age = point.age_minutes === null ? 'there is no good backup' : `the newest good backup is ${point.age_minutes} minutes old`;
          await notify(tx, {
            processId: settings.process_id,
            processCode: settings.code_name,
            event: RECOVERY_POINT_EXCEEDED_EVENT,
            recipients: await permittedRecipients(tx, scope, permission),
            title: `Recovery point exceeded in ${settings.code_name}`,
            message: `##Disaster recovery## of ${settings.code_name}: ${age}, beyond the objective of ${settings.rpo_minutes} minutes.`,
            link: '/projects/settings',
            time: now().toISOString(),
          });
          await announceChange(tx, scope, permission, RECOVERY_POINT_EXCEEDED_EVENT, { ...point });
          await markRpoAlerted(tx, settings.process_id, now());
        });
        options.published?.();
      } else if (!point.exceeded && settings.rpo_alerted_at !== null) {
        await markRpoAlerted(db, settings.process_id, null);
      }
    }
  };

  const recovery: Recovery = {
    encryptionAvailable: key !== undefined,
    s3Available: s3 !== undefined,
    async start(process, trigger, userId) {
      // A backup of the process whose worker died no longer holds its place.
      await backups.sweep(process.id);
      const settings = await settingsOf(db, process.organization_id, process.id);
      if (settings.encrypted && !key) throw new ApiProblem(409, RECOVERY_MESSAGES.noKey);
      if (settings.target === 's3' && !s3) throw new ApiProblem(409, RECOVERY_MESSAGES.noS3);
      const id = randomUUID();
      const location = locationFor(settings, id, settings.encrypted);
      const stored = await insertBackup(
        db,
        { id, organization_id: process.organization_id, process_id: process.id, trigger, target: settings.target, location, format_version: FORMAT_VERSION, encrypted: settings.encrypted },
        userId,
        now(),
      );
      if (!stored) throw new ApiProblem(409, RECOVERY_MESSAGES.running);
      try {
        await backups.send(id);
      } catch (error) {
        // Not queued: nothing would run it.
        await finishBackup(db, id, { status: 'failed', error: 'The backup could not be queued.' }, now()).catch(() => undefined);
        throw error;
      }
      return { id };
    },
    progress: (id) => backups.progress(id),
    async verify(row) {
      if (row.status !== 'succeeded') throw new ApiProblem(409, RECOVERY_MESSAGES.notSucceeded);
      let result = 'ok';
      try {
        const { target, key: objectKey } = targetOf(row.target, row.location);
        const source = await target.read(objectKey).catch(() => {
          throw new BackupDamaged(RECOVERY_MESSAGES.gone);
        });
        await readArchive(source, { encrypted: row.encrypted, key, sha256: row.sha256, schemaVersion: await schemaVersion(db) });
      } catch (error) {
        if (error instanceof ApiProblem) throw error;
        result = error instanceof Error ? error.message : String(error);
      }
      const at = now();
      await recordVerification(db, row.id, result, at);
      return { ok: result === 'ok', result, verified_at: at.toISOString() };
    },
    async restore(row, into, afterTable) {
      if (row.status !== 'succeeded') throw new ApiProblem(409, RECOVERY_MESSAGES.notSucceeded);
      const { target, key: objectKey } = targetOf(row.target, row.location);
      return restoreBackup({
        db,
        source: async () =>
          target.read(objectKey).catch(() => {
            throw new ApiProblem(422, RECOVERY_MESSAGES.gone);
          }),
        blobs,
        scratch,
        encrypted: row.encrypted,
        key,
        sha256: row.sha256,
        schemaVersion: await schemaVersion(db),
        organizationId: into.organizationId,
        codeName: into.codeName,
        name: into.name,
        enrollUserId: into.enrollUserId,
        now: now(),
        afterTable,
      });
    },
    async remove(row) {
      const { target, key: objectKey } = targetOf(row.target, row.location);
      await target.remove(objectKey);
      await deleteBackupRow(db, row.organization_id, row.process_id, row.id);
    },
    async tick() {
      for (const settings of await allSettings(db)) {
        if (settings.schedule === null) continue;
        const from = new Date(settings.last_scheduled_at ?? settings.updated_at ?? now());
        const due = nextRun(settings.schedule, from);
        if (!due || due.getTime() > now().getTime()) continue;
        if (!(await claimScheduledRun(db, settings.process_id, settings.last_scheduled_at, now()))) continue;
        const process = { id: settings.process_id, organization_id: settings.organization_id, code_name: settings.code_name, name: settings.name };
        try {
          // Queued: the pass does not wait for it (a backup may take longer than a pass may).
          await recovery.start(process, 'scheduled', null);
        } catch (error) {
          options.log?.warn({ err: error }, 'a scheduled backup did not start');
        }
      }
      await backups.sweep();
      await watchRecoveryPoints();
    },
    idle: () => backups.idle(),
    resume: () => backups.resume(),
  };
  return recovery;
}

export function milliseconds(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}
