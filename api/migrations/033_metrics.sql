-- Metrics (issue 25 items 1-2, docs/metrics.md): the custom metrics a process defines in a form
-- (a count or average over an entity with whitelisted filters; never SQL), and the time series of
-- every metric of a process, built-in or custom, as snapshots that store only what changed.

CREATE TABLE metric_definitions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- CustomMetricDefinition of the contract (entity, aggregate, field, filters), validated by the API.
  definition jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE UNIQUE INDEX metric_definitions_name ON metric_definitions (process_id, lower(name));

-- One row per value that changed: a metric's value for a set of labels (severity, source, status)
-- is the one of its latest row at or before a moment. `weight` is what an average was taken over
-- (so the platform's average of several processes can be recomputed); null for counts.
CREATE TABLE metric_snapshots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  metric_key text NOT NULL CHECK (length(metric_key) BETWEEN 1 AND 100),
  labels jsonb NOT NULL DEFAULT '{}',
  value numeric NOT NULL,
  weight numeric,
  taken_at timestamptz NOT NULL
);

CREATE INDEX metric_snapshots_series ON metric_snapshots (process_id, metric_key, taken_at, id);
