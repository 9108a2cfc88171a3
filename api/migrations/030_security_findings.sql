-- Security findings of the operations domain (issue 24 items 1-3, docs/operations-findings.md):
-- what code, IaC and container scanners and cloud services report, imported file by file into a
-- scope of a process (an application or repository, a cloud account). A finding is one row per
-- (organization, process, scope, fingerprint): seen again, it is the same finding; a re-import of
-- the scope marks what its tools no longer report as fixed, and reopens a fixed one that returns.

-- The rules (checks, queries, controls) findings break, per organization and tool: their texts
-- are stored once, not with each of 25,000 results.
CREATE TABLE security_finding_rules (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  tool_name text NOT NULL CHECK (length(tool_name) BETWEEN 1 AND 200),
  rule_id text NOT NULL CHECK (length(rule_id) BETWEEN 1 AND 1024),
  name text,
  help text,
  cwe text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (organization_id, tool_name, rule_id)
);

-- One import of a file into a scope, with what it changed.
CREATE TABLE security_finding_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 300),
  format text NOT NULL,
  -- The tools of the file, with results, findings, passed and suppressed per run.
  runs jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  new_count integer NOT NULL DEFAULT 0,
  seen_count integer NOT NULL DEFAULT 0,
  fixed_count integer NOT NULL DEFAULT 0,
  reopened_count integer NOT NULL DEFAULT 0
);

CREATE INDEX security_finding_imports_scope ON security_finding_imports (organization_id, process_id, scope, created_at);

CREATE TABLE security_findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The process's organization (no foreign key of its own: the process's cascades, and a per-row
  -- check costs an import of 25,000 findings noticeably).
  organization_id uuid NOT NULL,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (length(scope) BETWEEN 1 AND 300),
  fingerprint text NOT NULL CHECK (length(fingerprint) BETWEEN 1 AND 200),
  tool_name text NOT NULL,
  tool_version text,
  category text NOT NULL CHECK (category IN ('sast', 'secret', 'iac', 'container', 'cloud-posture', 'cloud-threat')),
  rule_id text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low', 'info')),
  tool_severity text,
  title text NOT NULL,
  message text,
  -- The file (or package target) of a code location, the resource id of a cloud one.
  resource text,
  -- FindingLocation of the contract: the region and snippet, or the cloud account, region, service.
  location jsonb,
  vulnerability_ids text[] NOT NULL DEFAULT '{}',
  -- open | confirmed | false_positive | risk_accepted | fixed | suppressed (by the tool).
  state text NOT NULL CHECK (state IN ('open', 'confirmed', 'false_positive', 'risk_accepted', 'fixed', 'suppressed')),
  -- The tool's own suppression, as the last import said it.
  tool_suppressed boolean NOT NULL DEFAULT false,
  suppression text,
  -- The last human decision; it survives re-imports.
  reason text CHECK (length(reason) <= 2000),
  expires_at date,
  triaged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  triaged_at timestamptz,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  fixed_at timestamptz,
  -- When a fixed finding came back (a regression).
  reopened_at timestamptz,
  -- The import that last reported it (no foreign key, for the same reason: imports go only with
  -- their process, and its findings with them).
  last_import_id uuid NOT NULL,
  CONSTRAINT security_findings_identity UNIQUE (organization_id, process_id, scope, fingerprint),
  CONSTRAINT security_findings_risk_accepted CHECK (state <> 'risk_accepted' OR (reason IS NOT NULL AND expires_at IS NOT NULL))
);

-- A re-import reads its scope through security_findings_identity (organization, process, scope).
-- Lists of a process by state and severity, newest first; a finding's related findings (other
-- tools on the same file or resource) by resource. Each index costs every import of new findings;
-- none names a column a re-import changes (last_seen), and pages keep room (fillfactor): a finding
-- seen again is a HOT update, with no new index entries.
CREATE INDEX security_findings_process_state ON security_findings (process_id, state, severity, first_seen DESC, id);
CREATE INDEX security_findings_resource ON security_findings (process_id, resource) WHERE resource IS NOT NULL;
ALTER TABLE security_findings SET (fillfactor = 80);

-- The history of a finding: every change of state, by an import (import_id) or a person (user_id).
CREATE TABLE security_finding_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  finding_id uuid NOT NULL REFERENCES security_findings (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('fixed', 'reopened', 'triaged')),
  from_state text,
  to_state text NOT NULL,
  import_id uuid REFERENCES security_finding_imports (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text
);

CREATE INDEX security_finding_events_finding ON security_finding_events (finding_id, at, id);
