-- Attachments of a task (issue 23 item 2; docs/documents-api.md "Attachments of tasks"): documents
-- of the library linked to tasks of the same process, many to many, like the evidence links of
-- document_requirements. Deleting the document or the task removes the link.
CREATE TABLE document_tasks (
  document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  linked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (document_id, task_id)
);
CREATE INDEX document_tasks_task ON document_tasks (task_id);
