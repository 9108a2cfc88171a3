-- The tasks inbox (issue 23): general tasks a user creates (a title, a description, a link to a
-- requirement, an application or a finding of the process, an optional RFC 5545 recurrence), the
-- comments of a task, and the indexes by which an inbox of 50,000 tasks pages in a few ms.

ALTER TABLE tasks DROP CONSTRAINT tasks_type_check;
ALTER TABLE tasks ADD CONSTRAINT tasks_type_check
  CHECK (type IN ('REVIEW', 'DELEGATE', 'HAS_GAP', 'RESOLVE_REJECTED', 'RESOLVE_RISK', 'RESOLVE_CONFLICT', 'GENERAL'));

ALTER TABLE tasks
  ADD COLUMN title text NOT NULL DEFAULT '' CHECK (length(title) <= 200),
  ADD COLUMN description text NOT NULL DEFAULT '' CHECK (length(description) <= 10000),
  -- What a general task is about; the label is what the link shows when it was made (a finding's
  -- vulnerability id, an app key; a requirement's is read live).
  ADD COLUMN link_kind text CHECK (link_kind IN ('requirement', 'application', 'finding')),
  ADD COLUMN link_id uuid,
  ADD COLUMN link_label text NOT NULL DEFAULT '' CHECK (length(link_label) <= 600),
  -- An RRULE (without DTSTART: the series starts at its first due date).
  ADD COLUMN recurrence text CHECK (length(recurrence) BETWEEN 1 AND 500),
  -- The rule's DTSTART: the first due date of the series (COUNT and UNTIL count from it).
  ADD COLUMN recurrence_start date,
  -- Recurrence bookkeeping: the occurrence this one follows, and the next one once it was opened
  -- (completed or past due: the next occurrence opens once).
  ADD COLUMN previous_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
  ADD COLUMN next_id uuid REFERENCES tasks (id) ON DELETE SET NULL,
  ADD CONSTRAINT tasks_link CHECK ((link_kind IS NULL) = (link_id IS NULL)),
  ADD CONSTRAINT tasks_general_title CHECK (type <> 'GENERAL' OR length(title) >= 1),
  ADD CONSTRAINT tasks_recurrence_due CHECK (recurrence IS NULL OR (due_date IS NOT NULL AND recurrence_start IS NOT NULL));

CREATE UNIQUE INDEX tasks_previous ON tasks (previous_id) WHERE previous_id IS NOT NULL;
CREATE INDEX tasks_link_target ON tasks (link_id) WHERE link_id IS NOT NULL;

-- The inbox: each tab narrows the process's tasks by one column, then pages by the sort key and id.
CREATE INDEX tasks_inbox_due ON tasks (process_id, due_date, id);
CREATE INDEX tasks_inbox_created_at ON tasks (process_id, created_at, id);
CREATE INDEX tasks_inbox_updated_at ON tasks (process_id, updated_at, id);
CREATE INDEX tasks_inbox_user ON tasks (process_id, assigned_to_user, due_date, id);
CREATE INDEX tasks_inbox_delegate ON tasks (process_id, delegated_to, due_date, id);
CREATE INDEX tasks_inbox_group ON tasks (process_id, assigned_to_group, due_date, id);
CREATE INDEX tasks_inbox_creator ON tasks (process_id, created_by, due_date, id);

CREATE TABLE task_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL CHECK (length(text) BETWEEN 1 AND 10000),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

CREATE INDEX task_comments_task ON task_comments (task_id, created_at, id);
