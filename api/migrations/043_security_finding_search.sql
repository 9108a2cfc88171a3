-- The findings list's search (`q`: a part of the rule id, the file or resource, or the title, in
-- any case; issue 24 item 8, docs/benchmarks.md "Findings list"): a trigram index (pg_trgm) on the
-- three joined, lower-cased (U+001F between them, so a searched text never spans two), where
-- pg_trgm can be created, as migration 029 did for the tasks inbox. Without it a search's counts
-- read all 200,000 findings of the bench's process, and a page of a rare text read the process
-- in severity order until 50 matched. An index on the expression, not a stored column: the rows
-- stay as wide as they are. findings.repository.ts filterWhere writes the same expression. The
-- embedded database (PGlite) has no pg_trgm: its search scans, with the same answers (and the
-- planner knows how many match from statistics of the expression).
DO $$
DECLARE
  trgm text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION pg_trgm SCHEMA public;
    EXCEPTION WHEN OTHERS THEN
      RAISE NOTICE 'pg_trgm not created (%): the findings search scans', SQLERRM;
    END;
  END IF;
  SELECT n.nspname INTO trgm FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm IS NOT NULL THEN
    EXECUTE format('CREATE INDEX security_findings_search_trgm ON security_findings USING gin '
      '((lower(rule_id || chr(31) || coalesce(resource, '''') || chr(31) || title)) %I.gin_trgm_ops)', trgm);
  ELSE
    -- Without the index, statistics of the expression all the same: without them the planner
    -- guessed a search matches a handful of findings and sorted the whole process for a page
    -- (~350 ms on the bench's data) instead of reading it in severity order (~5 ms).
    CREATE STATISTICS security_findings_search ON (lower(rule_id || chr(31) || coalesce(resource, '') || chr(31) || title)) FROM security_findings;
  END IF;
END
$$;
