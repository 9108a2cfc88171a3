-- License and repository analysis (issue 7 item 9) and clearing SBOMs (item 14).

-- The external references of a build's components that repository analysis reads (CycloneDX
-- externalReferences of type vcs, website, distribution; SPDX downloadLocation and homepage).
CREATE TABLE sbom_external_references (
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  position integer NOT NULL,
  type text NOT NULL CHECK (type IN ('vcs', 'website', 'distribution')),
  url text NOT NULL
);

CREATE INDEX sbom_external_references_build ON sbom_external_references (build_id);

-- A component of a processed build whose license is a risk (strong copyleft, or unknown) and that
-- the app's previous build did not have with that license.
CREATE TABLE license_risk_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  position integer NOT NULL,
  license text NOT NULL,
  category text NOT NULL CHECK (category IN ('strong-copyleft', 'unknown')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX license_risk_alerts_process ON license_risk_alerts (process_id, created_at DESC);

-- Clearing SBOMs is a development item of the demo permission (spec 6): the DEMO role's stored
-- defaults gain clear=>SBOM (a new database gets it from the defaults at start-up).
UPDATE roles SET policies = policies || '[{"effect": "allow", "actions": ["clear"], "resources": ["SBOM"], "condition": null}]'::jsonb
 WHERE organization_id IS NULL AND name = 'DEMO' AND built_in
   AND NOT policies @> '[{"actions": ["clear"], "resources": ["SBOM"]}]'::jsonb;
