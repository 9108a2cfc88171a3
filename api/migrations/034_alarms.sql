-- Alarms (issue 25 item 4, docs/alarms.md): a rule on one series of a metric of a process, its
-- state, the history of its state changes, and one webhook delivery per change (never two).

CREATE TABLE alarms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  metric_key text NOT NULL CHECK (length(metric_key) BETWEEN 1 AND 100),
  labels jsonb NOT NULL DEFAULT '{}',
  comparator text NOT NULL CHECK (comparator IN ('>', '>=', '<', '<=', '=')),
  threshold double precision NOT NULL,
  for_minutes integer NOT NULL CHECK (for_minutes BETWEEN 0 AND 43200),
  severity text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  user_ids uuid[] NOT NULL DEFAULT '{}',
  workgroup_ids uuid[] NOT NULL DEFAULT '{}',
  webhook_url text CHECK (length(webhook_url) <= 2000),
  -- The webhook's HMAC key sealed with the secret box (AES-256-GCM), like service modules' secrets.
  webhook_secret text,
  state text NOT NULL DEFAULT 'ok' CHECK (state IN ('ok', 'pending', 'firing', 'acknowledged', 'resolved')),
  value double precision,
  condition_since timestamptz,
  last_change_at timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX alarms_process ON alarms (process_id, created_at);

CREATE TABLE alarm_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alarm_id uuid NOT NULL REFERENCES alarms (id) ON DELETE CASCADE,
  from_state text NOT NULL,
  to_state text NOT NULL,
  value double precision,
  at timestamptz NOT NULL,
  note text CHECK (length(note) <= 2000),
  by_user uuid REFERENCES users (id) ON DELETE SET NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY
);

CREATE INDEX alarm_events_alarm ON alarm_events (alarm_id, at DESC, seq DESC);

-- One webhook delivery per state change: the unique alarm_event_id makes a second one impossible,
-- and a conditional UPDATE (status pending, not claimed or claim expired) is the lock of an attempt.
CREATE TABLE alarm_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  alarm_event_id uuid NOT NULL UNIQUE REFERENCES alarm_events (id) ON DELETE CASCADE,
  url text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  claimed_until timestamptz,
  next_attempt_at timestamptz NOT NULL,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL
);

CREATE INDEX alarm_deliveries_pending ON alarm_deliveries (next_attempt_at) WHERE status = 'pending';
