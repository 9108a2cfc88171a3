-- Continuous monitoring as durable jobs (issue 27 item 1, docs/jobs.md): a run — a rescan someone
-- asked for, or the advisories and KEV entries imported through the API — is a row, planned by a
-- 'monitoring-runs' job into the builds it rescans, which 'monitoring-scans' jobs rescan a batch at
-- a time, in whichever worker process takes them. What a build's rescan found is written with its
-- findings, in one transaction: a batch run twice stores once.

CREATE TABLE monitoring_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source text NOT NULL CHECK (source IN ('advisory-import', 'rescan')),
  -- A rescan's process (and application, when one was asked for); an import's run covers every
  -- organization (null).
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid REFERENCES processes (id) ON DELETE CASCADE,
  application_id uuid REFERENCES applications (id) ON DELETE CASCADE,
  triggered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- An import's advisories (ids): only builds holding a package they name are rescanned, and only
  -- those components; null for a rescan (every component).
  advisories text[],
  -- The packages ('ecosystem U+001F name') those advisories name, as the run was planned.
  packages text[],
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'RUNNING', 'DONE')),
  -- Monitored applications in scope when the run was planned.
  applications integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  -- The last time a batch of the run ended: a run that stopped progressing holds back no other.
  progressed_at timestamptz,
  finished_at timestamptz
);

-- Imports join the import run still queued: at most one.
CREATE UNIQUE INDEX monitoring_runs_queued_import ON monitoring_runs (source) WHERE status = 'QUEUED' AND source = 'advisory-import';
CREATE INDEX monitoring_runs_unfinished ON monitoring_runs (status) WHERE status <> 'DONE';

-- The builds a run rescans, in batches (one 'monitoring-scans' job each). No foreign key to the
-- build: a build cleared meanwhile is skipped by its rescan, and its row goes with the run.
CREATE TABLE monitoring_run_builds (
  run_id uuid NOT NULL REFERENCES monitoring_runs (id) ON DELETE CASCADE,
  build_id uuid NOT NULL,
  batch integer NOT NULL,
  -- When a job took the batch: another job leaves it alone until that job's timeout has passed.
  claimed_at timestamptz,
  done boolean NOT NULL DEFAULT false,
  -- Rescanned (false: it held no package the run's advisories name, or it was cleared).
  scanned boolean NOT NULL DEFAULT false,
  new_vulnerabilities integer NOT NULL DEFAULT 0,
  new_active_exploits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, build_id)
);
CREATE INDEX monitoring_run_builds_batch ON monitoring_run_builds (run_id, batch);

-- The run that raised an event (null: a simulation, or raised before runs were rows). No foreign
-- key: finished runs are deleted after a day, their events stay.
ALTER TABLE monitoring_events ADD COLUMN run_id uuid;
CREATE INDEX monitoring_events_run ON monitoring_events (run_id) WHERE run_id IS NOT NULL;
