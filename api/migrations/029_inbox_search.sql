-- The tasks inbox's search (issue 23 item 14): a task's own text (title, comment, description) in one
-- column kept lower-cased at write, as the depository's (019; U+001F between the fields, so a
-- searched text never spans two), and trigram indexes (pg_trgm) under it and under a requirement's
-- code and title, so that a search of 50,000 tasks reads the matching ones instead of every one.
ALTER TABLE tasks
  ADD COLUMN search_text text NOT NULL
  GENERATED ALWAYS AS (lower(title || chr(31) || comment || chr(31) || description)) STORED;

-- pg_trgm where the server has it and this role may create it (a trusted extension since
-- Postgres 13: the database's CREATE privilege is enough), in `public` so that no schema's DROP
-- takes it along; where it already is, wherever that is. The embedded database (PGlite) has no
-- pg_trgm: its search stays a scan, and gives the same answers.
DO $$
DECLARE
  trgm text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not created (%): the tasks inbox search scans', SQLERRM;
    END;
  END IF;
  SELECT n.nspname INTO trgm FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm IS NOT NULL THEN
    EXECUTE format('CREATE INDEX tasks_search_trgm ON tasks USING gin (search_text %I.gin_trgm_ops)', trgm);
    EXECUTE format('CREATE INDEX requirements_code_title_trgm ON requirements USING gin ((lower(code || chr(31) || title)) %I.gin_trgm_ops)', trgm);
  END IF;
END
$$;
