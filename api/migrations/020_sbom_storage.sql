-- Storing an SBOM faster (issue 7 "Benchmarks": juice-shop's 841 components and 1,660 external
-- references took 55 ms to store in the embedded database, where the whole upload may take ten
-- times JSON.parse of the file). Two per-row costs go:

-- 1. A component's external references are a column of its row ('type url': vcs, website or
--    distribution, a space, the URL), not a row each in a table of their own.
ALTER TABLE sbom_components ADD COLUMN external_references text[] NOT NULL DEFAULT '{}';

UPDATE sbom_components c SET external_references = r.refs
  FROM (SELECT build_id, position, array_agg(type || ' ' || url) AS refs FROM sbom_external_references GROUP BY build_id, position) r
 WHERE c.build_id = r.build_id AND c.position = r.position;

DROP TABLE sbom_external_references;

-- 2. The rows a build has by the thousands (components, dependency edges, findings, license-risk
--    alerts) are written by the transactions that create the build and that process it, with the
--    ids they just read: a foreign key checked row by row (a query per row; a third of the time of
--    storing a component, four queries per alert) proves nothing then — processing marks the build
--    DONE last and rolls everything back if the build is gone. They go with their build through a
--    trigger, however it is deleted (one build, an app's, a process's or an organization's by
--    cascade).
ALTER TABLE sbom_components DROP CONSTRAINT sbom_components_build_id_fkey;
ALTER TABLE sbom_dependencies DROP CONSTRAINT sbom_dependencies_build_id_fkey;
ALTER TABLE build_findings DROP CONSTRAINT build_findings_build_id_fkey;
ALTER TABLE license_risk_alerts DROP CONSTRAINT license_risk_alerts_organization_id_fkey;
ALTER TABLE license_risk_alerts DROP CONSTRAINT license_risk_alerts_process_id_fkey;
ALTER TABLE license_risk_alerts DROP CONSTRAINT license_risk_alerts_application_id_fkey;
ALTER TABLE license_risk_alerts DROP CONSTRAINT license_risk_alerts_build_id_fkey;
CREATE INDEX license_risk_alerts_build ON license_risk_alerts (build_id);

CREATE FUNCTION delete_build_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sbom_components WHERE build_id IN (SELECT id FROM deleted_builds);
  DELETE FROM sbom_dependencies WHERE build_id IN (SELECT id FROM deleted_builds);
  DELETE FROM build_findings WHERE build_id IN (SELECT id FROM deleted_builds);
  DELETE FROM license_risk_alerts WHERE build_id IN (SELECT id FROM deleted_builds);
  RETURN NULL;
END
$$;

CREATE TRIGGER application_builds_rows AFTER DELETE ON application_builds
  REFERENCING OLD TABLE AS deleted_builds
  FOR EACH STATEMENT EXECUTE FUNCTION delete_build_rows();
