-- Disaster recovery (issue 25 items 6-9, docs/recovery.md): a process's backup configuration
-- (schedule, retention, target, encryption, recovery point objective) and the history of its
-- backups (one row per run: where the archive is, its size, duration, checksum and result).

CREATE TABLE recovery_settings (
  process_id uuid PRIMARY KEY REFERENCES processes (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- A five-field cron expression (UTC); NULL: no scheduled backups.
  schedule text CHECK (length(schedule) <= 200),
  -- Keep at most this many backups, none older than this many days (the newest good one is always kept).
  retention_count integer NOT NULL DEFAULT 7 CHECK (retention_count BETWEEN 1 AND 1000),
  retention_days integer NOT NULL DEFAULT 30 CHECK (retention_days BETWEEN 1 AND 3650),
  target text NOT NULL DEFAULT 'folder' CHECK (target IN ('folder', 's3')),
  -- The folder target: a directory under RECOVERY_DIR (NULL: the default, one per process).
  folder text CHECK (length(folder) <= 255),
  -- The S3 target: bucket and key prefix; endpoint and credentials come from the configuration.
  s3_bucket text CHECK (length(s3_bucket) <= 255),
  s3_prefix text CHECK (length(s3_prefix) <= 255),
  encrypted boolean NOT NULL DEFAULT false,
  -- The recovery point objective: the newest good backup should never be older than this.
  rpo_minutes integer NOT NULL DEFAULT 1440 CHECK (rpo_minutes BETWEEN 1 AND 525600),
  -- When the scheduler last started a scheduled backup (the next run is computed from it).
  last_scheduled_at timestamptz,
  -- When the recovery point last passed the objective (the alarm is raised once per breach).
  rpo_alerted_at timestamptz,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE recovery_backups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('manual', 'scheduled')),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  target text NOT NULL CHECK (target IN ('folder', 's3')),
  -- Where the archive is in its target (a path under the folder, or bucket/key).
  location text NOT NULL,
  format_version integer NOT NULL,
  encrypted boolean NOT NULL,
  size bigint,
  -- SHA-256 of the archive as stored (after compression and encryption).
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  counts jsonb NOT NULL DEFAULT '{}',
  error text CHECK (length(error) <= 2000),
  started_by uuid REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  duration_ms integer,
  verified_at timestamptz,
  -- 'ok' or why the last verification failed.
  verify_result text CHECK (length(verify_result) <= 2000)
);

CREATE INDEX recovery_backups_process ON recovery_backups (process_id, started_at DESC);
