// @portal/shared/recovery: disaster recovery of a process (issue 25 items 6-9, docs/recovery.md),
// shared by the API (through '@portal/shared/server') and mfe-admin's process settings. Not the
// index: '@portal/shared' is in the host's first load and only one remote and the API use these.
// Pure (no React, no DOM).

export const RECOVERY_TARGETS = ['folder', 's3'] as const;
export type RecoveryTarget = (typeof RECOVERY_TARGETS)[number];

export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

export const BACKUP_TRIGGERS = ['manual', 'scheduled'] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];

export const RETENTION_COUNT_MAX = 1000;
export const RETENTION_DAYS_MAX = 3650;
/** The recovery point objective at most a year. */
export const RPO_MINUTES_MAX = 525_600;

/** What GET recovery/settings answers and PUT recovery/settings takes (null and absent mean the same). */
export interface RecoverySettings {
  /** A five-field cron expression evaluated in UTC ('0 2 * * *': daily at 02:00); null: no scheduled backups. */
  schedule: string | null;
  /** Keep at most this many backups (1-1000)… */
  retention_count: number;
  /** …none older than this many days (1-3650); the newest good backup is always kept. */
  retention_days: number;
  target: RecoveryTarget;
  /** The folder target: a folder name under the server's RECOVERY_DIR; null: one of the process's own. */
  folder: string | null;
  /** The S3 target: the bucket (required for 's3') and a key prefix. */
  s3_bucket: string | null;
  s3_prefix: string | null;
  /** Encrypt archives (AES-256-GCM with the server's RECOVERY_KEY). */
  encrypted: boolean;
  /** The recovery point objective: the newest good backup should be at most this old (minutes). */
  rpo_minutes: number;
}

/** GET recovery/settings also says what the server can do. */
export interface RecoverySettingsView extends RecoverySettings {
  /** RECOVERY_KEY is configured: encryption can be switched on. */
  encryption_available: boolean;
  /** The S3 endpoint and credentials are configured: the 's3' target can be chosen. */
  s3_available: boolean;
  /** The next scheduled backup (ISO), null without a schedule. */
  next_run_at: string | null;
  updated_at: string | null;
}

export interface Backup {
  id: string;
  trigger: BackupTrigger;
  status: BackupStatus;
  target: RecoveryTarget;
  format_version: number;
  encrypted: boolean;
  /** Bytes of the archive as stored; null while running. */
  size: number | null;
  /** SHA-256 of the archive as stored. */
  sha256: string | null;
  /** Rows per table and `files`. */
  counts: Record<string, number>;
  error: string | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  /** While running: 0-100. */
  progress: number | null;
  verified_at: string | null;
  /** 'ok', or why the latest verification failed. */
  verify_result: string | null;
}

/** The age of the newest good backup against the objective. */
export interface RecoveryPoint {
  newest_good_at: string | null;
  /** Minutes since the newest good backup; null when there is none. */
  age_minutes: number | null;
  objective_minutes: number;
  /** No good backup, or the newest is older than the objective. */
  exceeded: boolean;
}

export interface BackupList {
  items: Backup[];
  recovery_point: RecoveryPoint;
}

/**
 * POST recovery/backups/{id}/restore: the new process (code name and name) and its organization
 * (default: the caller's; another one for a Global Admin only — 404 for anyone else).
 */
export interface RestoreRequest {
  code_name: string;
  name?: string;
  organization_id?: string;
}

export interface RestoreResult {
  process: { id: string; code_name: string; name: string };
  counts: Record<string, number>;
}

export interface VerifyResult {
  ok: boolean;
  /** 'ok' or what is wrong with the archive. */
  result: string;
  verified_at: string;
}

/** The 'Recovery Point Exceeded' event (a notification to who may view disaster recovery). */
export const RECOVERY_POINT_EXCEEDED_EVENT = 'Recovery Point Exceeded';
