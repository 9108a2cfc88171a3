-- A finding's process checked once per import, not once per row (issue 24 item 8): the foreign
-- key's check of each of 25,000 new findings was ~0.2 s of the embedded database's 2.05 s import
-- (~0.1 s on Postgres). recordImport holds the process (FOR KEY SHARE, as that check did for each
-- row; the import's own row in security_finding_imports, whose key stays, holds it too) until it
-- commits, and a process's deletion takes its findings with it through this trigger instead of
-- the key's cascade (their history and links cascade from the findings).
-- Migration 030 had dropped the organization's key for the same reason.
ALTER TABLE security_findings DROP CONSTRAINT security_findings_process_id_fkey;

CREATE FUNCTION security_findings_of_deleted_processes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM security_findings s USING deleted_processes d WHERE s.process_id = d.id;
  RETURN NULL;
END
$$;

CREATE TRIGGER processes_deleted_security_findings AFTER DELETE ON processes
  REFERENCING OLD TABLE AS deleted_processes FOR EACH STATEMENT EXECUTE FUNCTION security_findings_of_deleted_processes();
