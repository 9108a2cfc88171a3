-- Security standards (issue 6 item 15): OSCAL catalogs imported into a process as a requirement
-- tree (group → control → enhancement; requirements.source holds the control id), and the
-- background import jobs with their progress. Contract: docs/requirements-api.md.

-- One row per catalog imported into a process; a re-import of the same catalog (same title)
-- updates it.
CREATE TABLE standards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  -- The catalog's own uuid (OSCAL: changes with each revision of the document).
  catalog_uuid text CHECK (length(catalog_uuid) <= 64),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 500),
  version text NOT NULL DEFAULT '' CHECK (length(version) <= 255),
  -- Controls and enhancements (groups not counted).
  controls integer NOT NULL DEFAULT 0,
  imported_by uuid REFERENCES users (id) ON DELETE SET NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX standards_process_title ON standards (process_id, lower(title));

CREATE TABLE standard_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  standard_id uuid REFERENCES standards (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'RUNNING' CHECK (status IN ('RUNNING', 'DONE', 'FAILED')),
  title text NOT NULL DEFAULT '' CHECK (length(title) <= 500),
  -- Requirements (groups, controls, enhancements) handled so far / in the catalog.
  processed integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  error text CHECK (length(error) <= 2000),
  started_by uuid REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX standard_imports_process ON standard_imports (process_id, started_at DESC);
