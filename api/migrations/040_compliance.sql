-- Live compliance (issue 28, docs/compliance.md): automated checks a requirement carries, each over
-- a scope with parameters, their current result (status, a one-line summary and the reasons: the
-- findings, components, resources, files or tasks that fail it), the requirement's status computed
-- from its checks, and the history of both. The checks are evaluated again when what they read
-- changes: triggers on the tables of that evidence record a change for the process (only when the
-- process has checks of a kind that reads it), and the compliance family's relay turns the changes
-- into one `compliance-evaluations` job per process.

-- Applications selected by tag (a scope of `applications`).
ALTER TABLE applications ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

CREATE TABLE compliance_checks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'cloud-control', 'evidence-file', 'recurring-task')),
  -- ComplianceScope and ComplianceParams of the contract, validated by the API (compliance/input.ts).
  scope jsonb NOT NULL,
  params jsonb NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The current result. evaluated_at is when the evaluation that wrote it started: an evaluation
  -- that started earlier never overwrites a later one's.
  status text NOT NULL DEFAULT 'not_evaluated' CHECK (status IN ('passing', 'failing', 'not_evaluated')),
  summary text NOT NULL DEFAULT 'Not evaluated yet.',
  -- [{ kind, id, label, link, category?, provider? }], at most 100, most severe and oldest first.
  reasons jsonb NOT NULL DEFAULT '[]',
  reason_total integer NOT NULL DEFAULT 0,
  -- SHA-1 of the reasons as written: an evaluation that finds the same ones does not rewrite them.
  reasons_digest text NOT NULL DEFAULT '',
  evaluated_at timestamptz,
  status_since timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX compliance_checks_requirement ON compliance_checks (requirement_id, created_at);
CREATE INDEX compliance_checks_process ON compliance_checks (process_id, kind);

-- A requirement's status from its checks: failing when one fails, not evaluated when one could not
-- be, passing when all pass. A row only while the requirement has checks. gap_id: the open gap (and
-- its close-gap task) raised when it turned failing, closed when it turns passing.
CREATE TABLE compliance_requirements (
  requirement_id uuid PRIMARY KEY REFERENCES requirements (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('passing', 'failing', 'not_evaluated')),
  status_since timestamptz NOT NULL,
  evaluated_at timestamptz NOT NULL,
  gap_id uuid REFERENCES gaps (id) ON DELETE SET NULL
);

CREATE INDEX compliance_requirements_process ON compliance_requirements (process_id, status);

-- Every status change of a check (check_id) or of a requirement (check_id null). No foreign key to
-- the check: its history outlives it (kind says what it was).
CREATE TABLE compliance_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  requirement_id uuid NOT NULL REFERENCES requirements (id) ON DELETE CASCADE,
  check_id uuid,
  kind text,
  from_status text,
  to_status text NOT NULL,
  summary text NOT NULL,
  reasons jsonb NOT NULL DEFAULT '[]',
  at timestamptz NOT NULL
);

CREATE INDEX compliance_history_requirement ON compliance_history (requirement_id, at DESC, id DESC);
CREATE INDEX compliance_history_process ON compliance_history (process_id, at);

-- What changed since a process's checks were last evaluated: `topic` says what kind of evidence
-- (sbom, applications, findings, kev, profiles, documents, tasks, requirement, full) and `subject`
-- which (an application's id, a findings scope, a requirement's id). Consumed by the
-- compliance-evaluations job of the process. No foreign key: rows of a deleted process are dropped
-- by that job, and writing one costs the domain's transaction nothing more than the insert.
CREATE TABLE compliance_changes (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  process_id uuid NOT NULL,
  topic text NOT NULL,
  subject text,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX compliance_changes_process ON compliance_changes (process_id, seq);

-- The kinds of check each topic concerns.
CREATE FUNCTION compliance_topic_kinds(topic text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE topic
    WHEN 'sbom' THEN ARRAY['open-findings', 'active-exploit', 'sbom-fresh', 'license-category']
    WHEN 'applications' THEN ARRAY['open-findings', 'active-exploit', 'sbom-fresh', 'license-category']
    WHEN 'findings' THEN ARRAY['open-findings', 'active-exploit', 'cloud-control']
    WHEN 'kev' THEN ARRAY['active-exploit']
    WHEN 'profiles' THEN ARRAY['license-category']
    WHEN 'documents' THEN ARRAY['evidence-file']
    WHEN 'tasks' THEN ARRAY['recurring-task']
    ELSE ARRAY['open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'cloud-control', 'evidence-file', 'recurring-task']
  END
$$;

-- Records changes (process, subject) of a topic, for the processes that have checks of a kind the
-- topic concerns, and wakes the relay once the transaction commits.
CREATE FUNCTION compliance_record(processes uuid[], topic text, subjects text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO compliance_changes (process_id, topic, subject)
  SELECT DISTINCT c.process_id, topic, c.subject
    FROM unnest(processes, subjects) AS c(process_id, subject)
   WHERE c.process_id IS NOT NULL
     AND EXISTS (SELECT 1 FROM compliance_checks k WHERE k.process_id = c.process_id AND k.kind = ANY (compliance_topic_kinds(topic)));
  IF FOUND THEN
    PERFORM pg_notify('portal_compliance', '');
  END IF;
END
$$;

-- A build processed (or cleared): the SBOM of its application changed.
CREATE FUNCTION compliance_build_done() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(ARRAY(SELECT process_id FROM applications WHERE id = NEW.application_id), 'sbom', ARRAY[NEW.application_id::text]);
  RETURN NULL;
END
$$;
CREATE TRIGGER application_builds_compliance AFTER UPDATE OF status ON application_builds
  FOR EACH ROW WHEN (NEW.status = 'DONE' AND OLD.status IS DISTINCT FROM 'DONE') EXECUTE FUNCTION compliance_build_done();

CREATE FUNCTION compliance_builds_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(array_agg(a.process_id), 'sbom', array_agg(a.id::text))
     FROM (SELECT DISTINCT a.process_id, a.id FROM old_rows o JOIN applications a ON a.id = o.application_id) a;
  RETURN NULL;
END
$$;
CREATE TRIGGER application_builds_deleted_compliance AFTER DELETE ON application_builds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_builds_deleted();

-- An application added, renamed, moved to another portfolio, tagged or deleted: scopes change.
CREATE FUNCTION compliance_application_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM compliance_record(ARRAY[OLD.process_id], 'applications', ARRAY[OLD.id::text]);
  ELSE
    PERFORM compliance_record(ARRAY[NEW.process_id], 'applications', ARRAY[NEW.id::text]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER applications_compliance AFTER INSERT OR DELETE OR UPDATE OF app_key, portfolio, tags ON applications
  FOR EACH ROW EXECUTE FUNCTION compliance_application_changed();

-- A build's findings (a rescan of continuous monitoring) or their VEX analyses changed.
CREATE FUNCTION compliance_build_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(array_agg(a.process_id), 'sbom', array_agg(a.id::text))
     FROM (SELECT DISTINCT a.process_id, a.id
             FROM (SELECT DISTINCT build_id FROM changed_rows) c
             JOIN application_builds b ON b.id = c.build_id JOIN applications a ON a.id = b.application_id) a;
  RETURN NULL;
END
$$;
CREATE TRIGGER build_findings_inserted_compliance AFTER INSERT ON build_findings
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_build_rows_changed();
CREATE TRIGGER build_findings_updated_compliance AFTER UPDATE ON build_findings
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_build_rows_changed();
CREATE TRIGGER vex_analyses_inserted_compliance AFTER INSERT ON vex_analyses
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_build_rows_changed();
CREATE TRIGGER vex_analyses_updated_compliance AFTER UPDATE ON vex_analyses
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_build_rows_changed();
CREATE TRIGGER vex_analyses_deleted_compliance AFTER DELETE ON vex_analyses
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_build_rows_changed();

-- Security findings: an import (an upload, a cloud sync) into a scope, or a person's triage.
CREATE FUNCTION compliance_finding_import() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(ARRAY[NEW.process_id], 'findings', ARRAY[NEW.scope]);
  RETURN NULL;
END
$$;
CREATE TRIGGER security_finding_imports_compliance AFTER INSERT ON security_finding_imports
  FOR EACH ROW EXECUTE FUNCTION compliance_finding_import();

CREATE FUNCTION compliance_findings_triaged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(array_agg(f.process_id), 'findings', array_agg(f.scope))
     FROM (SELECT DISTINCT s.process_id, s.scope FROM new_rows e JOIN security_findings s ON s.id = e.finding_id WHERE e.kind = 'triaged') f;
  RETURN NULL;
END
$$;
CREATE TRIGGER security_finding_events_compliance AFTER INSERT ON security_finding_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION compliance_findings_triaged();

-- The KEV catalog: what has an active exploit changes for every process.
CREATE FUNCTION compliance_kev_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(array_agg(k.process_id), 'kev', array_agg(NULL::text))
     FROM (SELECT DISTINCT process_id FROM compliance_checks WHERE kind = 'active-exploit') k;
  RETURN NULL;
END
$$;
CREATE TRIGGER known_exploited_vulnerabilities_compliance AFTER INSERT OR UPDATE OR DELETE ON known_exploited_vulnerabilities
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_kev_changed();

-- Deployment profiles (their build, exclusions, environment): the RBOM changes.
CREATE FUNCTION compliance_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM compliance_record(ARRAY[OLD.process_id], 'profiles', ARRAY[OLD.application_id::text]);
  ELSE
    PERFORM compliance_record(ARRAY[NEW.process_id], 'profiles', ARRAY[NEW.application_id::text]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER deployment_profiles_compliance AFTER INSERT OR UPDATE OR DELETE ON deployment_profiles
  FOR EACH ROW EXECUTE FUNCTION compliance_profile_changed();

-- Evidence: a document linked or unlinked, or its review-by date, folder or tags changed (the
-- review pass marking it past due is such a change).
CREATE FUNCTION compliance_evidence_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  requirement uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.requirement_id ELSE NEW.requirement_id END;
BEGIN
  PERFORM compliance_record(ARRAY(SELECT process_id FROM requirements WHERE id = requirement), 'documents', ARRAY[requirement::text]);
  RETURN NULL;
END
$$;
CREATE TRIGGER document_requirements_compliance AFTER INSERT OR DELETE ON document_requirements
  FOR EACH ROW EXECUTE FUNCTION compliance_evidence_link_changed();

CREATE FUNCTION compliance_document_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(array_agg(NEW.process_id), 'documents', array_agg(l.requirement_id::text))
     FROM document_requirements l WHERE l.document_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER documents_compliance AFTER UPDATE OF review_by, review_past_due_at, folder, tags ON documents
  FOR EACH ROW EXECUTE FUNCTION compliance_document_changed();

-- A recurring task's occurrence opened, completed, failed, past due or moved.
CREATE FUNCTION compliance_task_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  requirement uuid := CASE WHEN NEW.link_kind = 'requirement' THEN NEW.link_id ELSE NEW.requirement_id END;
BEGIN
  IF requirement IS NOT NULL THEN
    PERFORM compliance_record(ARRAY[NEW.process_id], 'tasks', ARRAY[requirement::text]);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER tasks_compliance AFTER INSERT OR UPDATE OF status, due_date, past_due_at, recurrence, link_id ON tasks
  FOR EACH ROW WHEN (NEW.recurrence IS NOT NULL OR NEW.previous_id IS NOT NULL) EXECUTE FUNCTION compliance_task_changed();

-- A requirement deleted or restored: its checks are not evaluated while it is deleted.
CREATE FUNCTION compliance_requirement_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM compliance_record(ARRAY[NEW.process_id], 'requirement', ARRAY[NEW.id::text]);
  RETURN NULL;
END
$$;
CREATE TRIGGER requirements_compliance AFTER UPDATE OF deleted_at ON requirements
  FOR EACH ROW WHEN (NEW.deleted_at IS DISTINCT FROM OLD.deleted_at) EXECUTE FUNCTION compliance_requirement_changed();
