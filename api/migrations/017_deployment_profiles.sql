-- Deployment profiles and the runtime BOM (issue 7 item 13): where an application is deployed (an
-- environment), the build deployed there, and the profile's rule of what of that build runs
-- (exclusion patterns, component types kept). The RBOM computed for a profile is kept with the
-- profile version and build it was computed for; shared RBOMs keep what was shared.

CREATE TABLE deployment_profiles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  environment text NOT NULL CHECK (environment IN ('dev', 'qa', 'staging', 'prod')),
  description text CHECK (length(description) <= 2000),
  build_id uuid REFERENCES application_builds (id) ON DELETE SET NULL,
  exclude text[] NOT NULL DEFAULT '{}',
  include_types text[] NOT NULL DEFAULT '{}',
  -- Grows with every change of the profile: a computed configuration names the version it is of.
  version integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX deployment_profiles_name ON deployment_profiles (application_id, lower(name));

-- The RBOM of a profile: the build's components kept (positions) and those left out with why.
CREATE TABLE deployment_configurations (
  profile_id uuid PRIMARY KEY REFERENCES deployment_profiles (id) ON DELETE CASCADE,
  profile_version integer NOT NULL,
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('PENDING', 'READY', 'FAILED')),
  positions integer[] NOT NULL DEFAULT '{}',
  -- [{ position, reason: pattern | type | unreachable, pattern? }]
  excluded jsonb NOT NULL DEFAULT '[]',
  message text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  computed_at timestamptz
);

-- An RBOM shared by link: the link's token is kept only as its SHA-256; the components shared are
-- the RBOM's at that moment.
CREATE TABLE rbom_shares (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  profile_id uuid NOT NULL REFERENCES deployment_profiles (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  build_id uuid REFERENCES application_builds (id) ON DELETE SET NULL,
  positions integer[] NOT NULL,
  recipients text[] NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX rbom_shares_profile ON rbom_shares (profile_id);
