-- The findings list over 200,000 findings of a process (issue 24 item 8, api/bench/findings-list.ts;
-- docs/benchmarks.md "Findings list"). Without it, every page sorted the whole process by severity
-- (a sequential scan and a top-N sort: ~300 ms on Postgres) and counted it again for the totals
-- from the table's rows (~140 ms).
--
-- One index, in the list's default order (most severe first, the id breaking ties; the expression
-- exactly as findings.repository.ts SORT_SQL.severity writes it): a page, and the page after it by
-- keyset, read in index order, 51 rows. It carries what the first page's totals per severity and
-- category count and filter by (findingTotals: the organization, the category, the severity, the
-- state), so that they are counted from the index alone (an index-only scan) — one index and not
-- two, since each costs every import of new findings. It names no column a re-import changes
-- (last_seen): a finding seen again stays a HOT update.
CREATE INDEX security_findings_severity_rank ON security_findings
  (process_id, (array_position(ARRAY['critical', 'high', 'medium', 'low', 'info']::text[], severity)), id)
  INCLUDE (organization_id, category, severity, state);
