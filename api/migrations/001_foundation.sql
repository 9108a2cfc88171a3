-- Foundation: the tenants and their processes (spec 3). Every later table that belongs to an
-- organization or a process carries its id.

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 255),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE processes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  code_name text NOT NULL CHECK (length(code_name) BETWEEN 1 AND 255),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  type text NOT NULL CHECK (type IN ('REQUIREMENTS', 'EDISCOVERY')),
  dashboard_type text NOT NULL CHECK (dashboard_type IN ('LIVE', 'MIX', 'PRESENTATION')),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The lowercased code name selects a process's graph, so it is unique within an organization
-- regardless of case.
CREATE UNIQUE INDEX processes_organization_code_name ON processes (organization_id, lower(code_name));
