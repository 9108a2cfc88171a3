-- Continuous monitoring (issue 7 item 12): the events raised for applications with
-- enable_continuous_monitoring on when a finding is new to their newest processed build (New
-- Vulnerability) or gains an active exploit (New Active Exploit). Each keeps what was found as it
-- was then (advisory, severity, component), so it still reads the same after the build is cleared.

CREATE TABLE monitoring_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  build_id uuid REFERENCES application_builds (id) ON DELETE SET NULL,
  build_number integer NOT NULL,
  type text NOT NULL CHECK (type IN ('New Vulnerability', 'New Active Exploit')),
  position integer NOT NULL,
  vulnerability_id text NOT NULL,
  aliases text[] NOT NULL DEFAULT '{}',
  severity text NOT NULL,
  score numeric(3, 1),
  summary text,
  active_exploit boolean NOT NULL,
  -- { bom_ref, name, group, version, purl } of the affected component.
  component jsonb NOT NULL,
  source text NOT NULL CHECK (source IN ('advisory-import', 'rescan', 'simulation')),
  triggered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  notified integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE INDEX monitoring_events_process ON monitoring_events (process_id, created_at DESC);
CREATE INDEX monitoring_events_application ON monitoring_events (application_id);
