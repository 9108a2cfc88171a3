-- The findings list over 200,000 findings of a process (issue 24 item 8, api/bench/findings-list.ts;
-- docs/benchmarks.md "Findings list"). Without these, every page sorted the whole process by
-- severity (a sequential scan and a top-N sort: ~300 ms on Postgres) and counted it again for the
-- totals (~140 ms).
--
-- The list's default order (most severe first, the id breaking ties; the expression exactly as
-- findings.repository.ts SORT_SQL.severity writes it): a page, and the page after it by keyset, read
-- in index order, 51 rows.
CREATE INDEX security_findings_severity_rank ON security_findings
  (process_id, (array_position(ARRAY['critical', 'high', 'medium', 'low', 'info']::text[], severity)), id);

-- The first page's totals per severity and category (findingTotals), and the overview's: counted
-- from this index alone (an index-only scan, the organization and state checked in it), not from
-- the table's rows. Neither index names a column a re-import changes (last_seen): a finding seen
-- again stays a HOT update. Two indexes and not one covering both: with the totals' columns
-- INCLUDEd in the first, a category's count read the whole process's index (category page 12.7 →
-- 62 ms alone on the bench's data) and each page read a wider index.
CREATE INDEX security_findings_totals ON security_findings (process_id, category, severity) INCLUDE (organization_id, state);
