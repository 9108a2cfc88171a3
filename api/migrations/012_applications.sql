-- Applications and their SBOM builds (issue 7 items 1–4): an application belongs to a process of
-- an organization (its app_key unique in the organization, any case); each uploaded SBOM is a
-- build whose components, dependency edges and findings are stored in the upload's transaction.

CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  app_key text NOT NULL CHECK (length(app_key) BETWEEN 1 AND 255),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  portfolio text CHECK (length(portfolio) <= 255),
  enable_continuous_monitoring boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX applications_key ON applications (organization_id, lower(app_key));
CREATE INDEX applications_process ON applications (process_id);

CREATE TABLE application_builds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- 1, 2, 3… per application.
  number integer NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'PROCESSING', 'DONE', 'FAILED')),
  -- What was uploaded: CycloneDX or SPDX, its spec version and encoding (json, xml).
  format text NOT NULL CHECK (format IN ('CycloneDX', 'SPDX')),
  spec_version text NOT NULL,
  encoding text NOT NULL CHECK (encoding IN ('json', 'xml')),
  serial_number text,
  -- The document's root (metadata.component, SPDX's described package): its bom_ref, name, version.
  root_ref text,
  root_name text,
  root_version text,
  component_count integer NOT NULL DEFAULT 0,
  vulnerability_count integer NOT NULL DEFAULT 0,
  error text,
  -- Who uploaded: a user (session) or a CI/CD ingestion service module (X-Api-Key).
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  service_module_id uuid REFERENCES service_modules (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  UNIQUE (application_id, number)
);

-- One row per component of the document (metadata.component included, at position 0 when present).
-- parent / level: the spanning tree of the dependency graph from the root, derived by processing.
CREATE TABLE sbom_components (
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  position integer NOT NULL,
  bom_ref text NOT NULL,
  type text,
  group_name text,
  name text NOT NULL,
  version text,
  purl text,
  licenses text[] NOT NULL DEFAULT '{}',
  parent integer,
  level integer,
  PRIMARY KEY (build_id, position)
);

CREATE INDEX sbom_components_ref ON sbom_components (build_id, bom_ref);

-- The document's dependency graph: ref depends on depends_on (bom_refs of the same build).
CREATE TABLE sbom_dependencies (
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  ref text NOT NULL,
  depends_on text NOT NULL
);

CREATE INDEX sbom_dependencies_build ON sbom_dependencies (build_id);

-- A component of a build affected by an advisory (matching of the vulnerabilities module).
CREATE TABLE build_findings (
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  position integer NOT NULL,
  vulnerability_id text NOT NULL,
  aliases text[] NOT NULL DEFAULT '{}',
  severity text NOT NULL DEFAULT 'UNKNOWN',
  score numeric(3, 1),
  active_exploit boolean NOT NULL DEFAULT false,
  evaluation text NOT NULL DEFAULT 'affected',
  summary text,
  fixed_versions text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (build_id, position, vulnerability_id)
);

CREATE INDEX build_findings_vulnerability ON build_findings (vulnerability_id);
