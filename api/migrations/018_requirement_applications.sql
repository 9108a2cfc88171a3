-- The applications that implement a requirement (issue 6 item 11: the traceability matrix traces
-- each requirement to its applications). Both sides belong to the same process; a link goes with
-- either side.

CREATE TABLE requirement_applications (
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  linked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (requirement_id, application_id)
);

CREATE INDEX requirement_applications_process ON requirement_applications (process_id);
CREATE INDEX requirement_applications_application ON requirement_applications (application_id);
