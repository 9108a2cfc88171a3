-- Issue 27: account mail, standard imports and backups as durable jobs (docs/jobs.md). Each job
-- names a row; the row holds what the job needs and is claimed by the run that works it, so that a
-- job run twice stores (or sends) once and a job whose worker died is taken over by its retry.

-- Account mail (one-time codes, invitations, shared links) waiting to be sent: the row is deleted
-- once the message went out (SMTP accepted it, or the outbox stored it).
CREATE TABLE account_mail (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  html text,
  headers jsonb,
  -- The message's date (the API's clock when it was queued): the outbox keeps it.
  dated timestamptz NOT NULL,
  -- Attempts begun; the run sending it holds it until claimed_until.
  attempts integer NOT NULL DEFAULT 0,
  claimed_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_mail_created ON account_mail (created_at);

-- What a standard import's job needs (its caller and the parsed catalog) until the import ended.
ALTER TABLE standard_imports ADD COLUMN pending jsonb;

-- A running backup's progress (0-100) as its worker writes it, readable by every API process; when
-- the run that works it claimed it, and when that run last said it is alive (with its progress).
ALTER TABLE recovery_backups ADD COLUMN progress smallint;
ALTER TABLE recovery_backups ADD COLUMN claimed_at timestamptz;
ALTER TABLE recovery_backups ADD COLUMN beat_at timestamptz;

-- One running backup per process, across API processes (it was a check in the one process's memory).
UPDATE recovery_backups b SET status = 'failed', error = 'The API stopped while the backup ran.', finished_at = now()
 WHERE status = 'running'
   AND EXISTS (SELECT 1 FROM recovery_backups o WHERE o.process_id = b.process_id AND o.status = 'running' AND (o.started_at, o.id) > (b.started_at, b.id));
CREATE UNIQUE INDEX recovery_backups_running ON recovery_backups (process_id) WHERE status = 'running';
