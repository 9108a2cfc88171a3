-- SBOM provenance (issue 28 item 4, docs/compliance.md "Check kinds" and "Templates"): what an
-- uploaded SBOM says of where it comes from — who supplied the software and who wrote the SBOM, the
-- tools that generated it, when, and whether it carries a signature — kept with its build, and the
-- check kind `sbom-provenance` that reads it (the templates of SR-4 and SR-11 apply it).

-- { supplier, authors, tools, timestamp, signed } read from the document when it is stored
-- (sbom/provenance.ts); null for a build stored before this migration: the document itself is not
-- kept, so what it said is not known.
ALTER TABLE application_builds ADD COLUMN provenance jsonb;

ALTER TABLE compliance_checks DROP CONSTRAINT compliance_checks_kind_check;
ALTER TABLE compliance_checks ADD CONSTRAINT compliance_checks_kind_check
  CHECK (kind IN ('open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'cloud-control', 'evidence-file', 'recurring-task', 'sbom-provenance'));

-- A new build or a changed set of applications concerns the provenance checks too.
CREATE OR REPLACE FUNCTION compliance_topic_kinds(topic text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE topic
    WHEN 'sbom' THEN ARRAY['open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'sbom-provenance']
    WHEN 'applications' THEN ARRAY['open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'sbom-provenance']
    WHEN 'findings' THEN ARRAY['open-findings', 'active-exploit', 'cloud-control']
    WHEN 'kev' THEN ARRAY['active-exploit']
    WHEN 'profiles' THEN ARRAY['license-category']
    WHEN 'documents' THEN ARRAY['evidence-file']
    WHEN 'tasks' THEN ARRAY['recurring-task']
    ELSE ARRAY['open-findings', 'active-exploit', 'sbom-fresh', 'license-category', 'cloud-control', 'evidence-file', 'recurring-task', 'sbom-provenance']
  END
$$;
