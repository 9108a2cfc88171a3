-- A process's SLA for its security findings (issue 24 item 1: "a due date from the process's SLA
-- per severity"): the days from a finding's first sighting to its due date, per severity (a JSON
-- object of the five severities, a null one never due). A process without a row has the
-- contract's DEFAULT_FINDING_SLA.
CREATE TABLE security_finding_sla (
  process_id uuid PRIMARY KEY REFERENCES processes (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  sla jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL
);
