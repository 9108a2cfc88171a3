-- Live compliance (issue 28, docs/compliance.md "Summary"): a requirement whose last check is
-- deleted gets a history row of its own with no status (to_status NULL: "no check left"), so that
-- the dashboard's trend, replayed from the history, counts it on the days it had checks and not
-- after. Before this migration such a removal left no trace in the history.
ALTER TABLE compliance_history ALTER COLUMN to_status DROP NOT NULL;

-- The cloud controls resources passed (issue 28, docs/compliance.md `cloud-control`): an ASFF
-- finding whose Compliance.Status is PASSED, a Prowler OCSF result of status PASS. Kept minimally —
-- the control as a failed result would name it, the resource — per scope and tool as the last
-- import of that tool into the scope reported them (an import replaces its tools' rows of the
-- scope), so that a check of the control can say on which resources it passes.
CREATE TABLE security_control_passes (
  -- The process's organization (no foreign key of its own, as security_findings).
  organization_id uuid NOT NULL,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  scope text NOT NULL,
  tool_name text NOT NULL,
  -- ASFF GeneratorId, Prowler check id.
  rule_id text NOT NULL,
  -- Security Hub's control id (S3.1), when named.
  control text,
  resource text NOT NULL,
  provider text,
  import_id uuid REFERENCES security_finding_imports (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (process_id, scope, tool_name, rule_id, resource)
);
