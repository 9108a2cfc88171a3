-- The requirements a security finding concerns (issue 24 item 1: "links to an application and to
-- requirements"): set by a person triaging it, kept through re-imports, gone with either side.
CREATE TABLE security_finding_requirements (
  finding_id uuid NOT NULL REFERENCES security_findings (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (finding_id, requirement_id)
);

-- A requirement's findings (its evidence, issue 28).
CREATE INDEX security_finding_requirements_requirement ON security_finding_requirements (requirement_id);
