-- Requirements (issue 6, spec 3 and 4.5): the requirement tree of a process, its history of
-- events, the tasks of the review workflow and the comments. Contract: docs/requirements-api.md.

CREATE TABLE requirements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  -- Markdown, checked for script-injection markers before it is stored (spec 5).
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 100000),
  parent_id uuid REFERENCES requirements (id),
  -- Order among siblings (an imported catalog keeps its order).
  position integer NOT NULL DEFAULT 0,
  priority text NOT NULL DEFAULT 'MEDIUM' CHECK (priority IN ('LOW', 'MEDIUM', 'HIGH', 'CRITICAL')),
  status text NOT NULL DEFAULT 'DRAFT'
    CHECK (status IN ('DRAFT', 'IN_REVIEW', 'REJECTED', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
  due_date date,
  tags text[] NOT NULL DEFAULT '{}',
  -- Where it comes from, e.g. an imported control id ('ac-2.1').
  source text CHECK (length(source) <= 255),
  -- Priority plane placement (importance × urgency, each 0..1); null: not placed.
  plane_x real CHECK (plane_x BETWEEN 0 AND 1),
  plane_y real CHECK (plane_y BETWEEN 0 AND 1),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Deleted requirements are kept under a deleted label (spec 4.5).
  deleted_at timestamptz,
  deleted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Optimistic concurrency: an update names the version it read.
  version integer NOT NULL DEFAULT 1
);

CREATE UNIQUE INDEX requirements_process_code ON requirements (process_id, lower(code));
CREATE INDEX requirements_process_parent ON requirements (process_id, parent_id, position);
CREATE INDEX requirements_process_status ON requirements (process_id, status);
CREATE INDEX requirements_process_source ON requirements (process_id, source);
CREATE INDEX requirements_parent ON requirements (parent_id);

-- The history of a requirement: one row per requirement event of spec 4.5.
CREATE TABLE requirement_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('Add', 'Update', 'Submit for Review', 'Reject Review', 'Accept Review',
    'Update Progress', 'Resume', 'Identify Gap', 'Identify Risk', 'Complete', 'Remind Due Date', 'Past Due', 'Fail', 'Delete')),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  time timestamptz NOT NULL DEFAULT now(),
  data jsonb NOT NULL DEFAULT '{}'
);

CREATE INDEX requirement_events_requirement ON requirement_events (requirement_id, time);
CREATE INDEX requirement_events_process ON requirement_events (process_id, time DESC);

-- Tasks (spec 3, 6): who acts on what. Kinds review, delegate, close gap (HAS_GAP), resolve
-- rejected, resolve risk, resolve conflict.
CREATE TABLE tasks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid REFERENCES requirements (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('REVIEW', 'DELEGATE', 'HAS_GAP', 'RESOLVE_REJECTED', 'RESOLVE_RISK', 'RESOLVE_CONFLICT')),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED', 'FAILED')),
  assigned_to_user uuid REFERENCES users (id) ON DELETE SET NULL,
  delegated_to uuid REFERENCES users (id) ON DELETE SET NULL,
  assigned_to_group uuid REFERENCES workgroups (id) ON DELETE SET NULL,
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  due_date date,
  comment text NOT NULL DEFAULT '' CHECK (length(comment) <= 10000),
  -- The gap, risk or conflict the task resolves (tables of the analysis migration).
  related_id uuid,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The due-date scheduler raises each reminder once.
  reminded_at timestamptz,
  past_due_at timestamptz
);

CREATE INDEX tasks_process_status ON tasks (process_id, status);
CREATE INDEX tasks_requirement ON tasks (requirement_id);
CREATE INDEX tasks_assigned_user ON tasks (assigned_to_user) WHERE status = 'OPEN';
CREATE INDEX tasks_delegated ON tasks (delegated_to) WHERE status = 'OPEN';
CREATE INDEX tasks_due ON tasks (due_date) WHERE status = 'OPEN';

CREATE TABLE task_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('New', 'Assign', 'Update Progress', 'Complete', 'Fail', 'Remind Due Date', 'Past Due')),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  time timestamptz NOT NULL DEFAULT now(),
  data jsonb NOT NULL DEFAULT '{}'
);

CREATE INDEX task_events_task ON task_events (task_id, time);

CREATE TABLE requirement_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX requirement_comments_process ON requirement_comments (process_id, created_at DESC);
CREATE INDEX requirement_comments_requirement ON requirement_comments (requirement_id, created_at);
