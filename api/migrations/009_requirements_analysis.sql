-- Requirement analysis (issue 6 items 7-12): gaps, risks, conflicts, attachments, links between
-- requirements and the duplicate pairs a user dismissed. Contract: docs/requirements-api.md
-- "Analysis". Each gap, risk and conflict has the task that resolves it (tasks.related_id).

CREATE TABLE gaps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 10000),
  remediation_plan text NOT NULL CHECK (length(remediation_plan) BETWEEN 1 AND 10000),
  target_date date NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
  task_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by uuid REFERENCES users (id) ON DELETE SET NULL
);

CREATE INDEX gaps_process_status ON gaps (process_id, status);
CREATE INDEX gaps_requirement ON gaps (requirement_id);

CREATE TABLE risks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  likelihood integer NOT NULL CHECK (likelihood BETWEEN 1 AND 5),
  impact integer NOT NULL CHECK (impact BETWEEN 1 AND 5),
  score integer GENERATED ALWAYS AS (likelihood * impact) STORED,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 10000),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED')),
  task_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);

CREATE INDEX risks_process_status ON risks (process_id, status);
CREATE INDEX risks_requirement ON risks (requirement_id);

-- Two requirements of one process that contradict each other.
CREATE TABLE conflicts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_a_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  requirement_b_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 10000),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED')),
  task_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK (requirement_a_id <> requirement_b_id)
);

CREATE INDEX conflicts_process_status ON conflicts (process_id, status);
CREATE INDEX conflicts_requirement_a ON conflicts (requirement_a_id);
CREATE INDEX conflicts_requirement_b ON conflicts (requirement_b_id);

-- A resolving task completed (through the task routes or here) closes what it resolves.
CREATE FUNCTION analysis_task_completed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'COMPLETED' AND OLD.status <> 'COMPLETED' AND NEW.related_id IS NOT NULL THEN
    IF NEW.type = 'HAS_GAP' THEN
      UPDATE gaps SET status = 'CLOSED', closed_at = coalesce(closed_at, now()) WHERE id = NEW.related_id AND status = 'OPEN';
    ELSIF NEW.type = 'RESOLVE_RISK' THEN
      UPDATE risks SET status = 'RESOLVED', resolved_at = now() WHERE id = NEW.related_id AND status = 'OPEN';
    ELSIF NEW.type = 'RESOLVE_CONFLICT' THEN
      UPDATE conflicts SET status = 'RESOLVED', resolved_at = now() WHERE id = NEW.related_id AND status = 'OPEN';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER tasks_analysis_completed AFTER UPDATE OF status ON tasks
  FOR EACH ROW EXECUTE FUNCTION analysis_task_completed();

-- Files attached to a requirement, stored whole in one row (an upload is written completely or
-- not at all).
CREATE TABLE attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  -- The type it is served as: from the allow-list, never an HTML or SVG type.
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  content bytea NOT NULL,
  sha256 text NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (octet_length(content) = size)
);

CREATE INDEX attachments_requirement ON attachments (requirement_id, created_at);

-- Requirements recorded as related: a confirmed duplicate ('DUPLICATE') or a merge ('MERGED',
-- b merged into a). One link per pair.
CREATE TABLE requirement_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  a_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  b_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('DUPLICATE', 'MERGED')),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (a_id <> b_id)
);

CREATE UNIQUE INDEX requirement_links_pair ON requirement_links (LEAST(a_id, b_id), GREATEST(a_id, b_id));
CREATE INDEX requirement_links_process ON requirement_links (process_id);

-- Candidate duplicate pairs a user said are not duplicates: never proposed again. a_id < b_id.
CREATE TABLE duplicate_dismissals (
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  a_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  b_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  dismissed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  dismissed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (a_id, b_id),
  CHECK (a_id < b_id)
);

CREATE INDEX duplicate_dismissals_process ON duplicate_dismissals (process_id);
