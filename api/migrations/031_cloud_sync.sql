-- Cloud connectors (issue 24 item 4, docs/operations-findings.md "Cloud connectors"): an AWS or
-- Azure service module's sync pulls Security Hub findings or Defender for Cloud alerts and
-- assessments into a process's findings. The module remembers the process it syncs into (chosen
-- by the last sync on demand; its schedule syncs there) and its last attempt, failed or not, so
-- the screen can show why a sync failed. last_sync_at stays the time of the last success.
ALTER TABLE service_modules
  ADD COLUMN sync_process_id uuid REFERENCES processes (id) ON DELETE SET NULL,
  -- { at, status: 'ok' | 'failed', http_status, message, findings, scopes, secure_score }
  ADD COLUMN last_sync_attempt jsonb,
  ADD COLUMN last_sync_attempt_at timestamptz;
