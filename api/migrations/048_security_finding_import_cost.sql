-- A 25,000-result SARIF stored in ≤ 2 s, and its re-import with 10 % changed (issue 24 item 8;
-- docs/benchmarks.md "2026-11-28: the 25,000-finding import within its 2 s"). Measured on Postgres
-- (api/bench/findings.ts): 2.4–2.9 s for both with migration 043's trigram index, 1.6 s and 1.5 s
-- with this migration (1.3 s and 1.4 s with 049 and the import's other changes).
--
-- 1. The trigram index of the search goes: a finding's ~110 trigrams were ~900 ms of the server's
--    ~1.9 s for 25,000 new findings (a GiST index instead still cost ~600 ms). The search (`q`)
--    reads the process's findings instead, as on the embedded database: ~0.3 s for the counts of
--    200,000 findings, a page 1–160 ms. The statistics of the expression stay (043 made them
--    where pg_trgm could not be created): without them the planner thinks a search matches a
--    handful and sorts the whole process for a page instead of reading it in severity order.
-- 2. Room on each page for a second version of its rows: a finding seen again (last_seen, its
--    import) is then updated on its own page (HOT), with no new entry in any index. At 80 % most
--    of a re-import's updates did not fit and went into every index. New pages only: existing
--    ones get the room when VACUUM FULL rewrites the table, or as their rows move.
DROP INDEX IF EXISTS security_findings_search_trgm;
CREATE STATISTICS IF NOT EXISTS security_findings_search ON (lower(rule_id || chr(31) || coalesce(resource, '') || chr(31) || title)) FROM security_findings;
ALTER TABLE security_findings SET (fillfactor = 60);
