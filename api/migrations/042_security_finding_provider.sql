-- A cloud finding's provider as a plain column (issue 24 item 8; docs/benchmarks.md "Findings
-- list"). Who holds one cloud view alone sees the cloud findings of that provider only
-- (findings.repository.ts visibleSql), and the cloud screens filter by provider: read from the
-- location's JSON, that test needed every counted row from the table, so GET
-- security/findings/counts over 200,000 findings read the table instead of the totals index alone.
-- Generated from the location the imports write, so nothing that writes a finding changes; a
-- finding seen again keeps its provider and stays a HOT update.
ALTER TABLE security_findings ADD COLUMN provider text GENERATED ALWAYS AS (location ->> 'provider') STORED;

-- The totals' index with the provider beside the organization and state it already checks: the
-- counts of any caller's visibility and of a provider's screen read this index alone.
DROP INDEX security_findings_totals;
CREATE INDEX security_findings_totals ON security_findings (process_id, category, severity) INCLUDE (organization_id, state, provider);
