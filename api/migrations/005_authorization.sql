-- Authorization and administration (spec 3, 6, 7): roles with their policies, process
-- memberships, workgroups, the organization's subscription and module configuration, process
-- settings and service modules. See docs/authorization.md.

-- A role's policies. organization_id NULL: a built-in default or a global role; a row of an
-- organization overrides the default of the same name there, or is one of its custom roles.
CREATE TABLE roles (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (name ~ '^[A-Za-z0-9_-]{2,64}$'),
  kind text NOT NULL CHECK (kind IN ('process', 'organization', 'global')),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  built_in boolean NOT NULL DEFAULT false,
  -- [{ effect, actions, resources, condition }]; the principal is always Role::<name>.
  policies jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX roles_scope_name ON roles (COALESCE(organization_id, '00000000-0000-0000-0000-000000000000'::uuid), name);

-- Process roles a user holds in one process (READER, AUTHOR, REVIEWER, ADMIN or custom ones).
CREATE TABLE memberships (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  process_id uuid NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
  roles text[] NOT NULL CHECK (cardinality(roles) > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, process_id)
);

CREATE INDEX memberships_process ON memberships (process_id);

CREATE TABLE workgroups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX workgroups_organization_name ON workgroups (organization_id, lower(name));

CREATE TABLE workgroup_members (
  workgroup_id uuid NOT NULL REFERENCES workgroups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (workgroup_id, user_id)
);

CREATE INDEX workgroup_members_user ON workgroup_members (user_id);

-- The subscription and the module configuration of spec 3 (-1: unlimited).
ALTER TABLE organizations ADD COLUMN edition text NOT NULL DEFAULT 'Enterprise';
ALTER TABLE organizations ADD COLUMN trial_ends_at timestamptz;
ALTER TABLE organizations ADD COLUMN module_configuration jsonb NOT NULL
  DEFAULT '{"code": true, "requirement": true, "num_of_projects": -1, "num_of_users": -1, "num_of_apps": -1}';

-- A process may switch off modules the organization has; null: as the organization.
ALTER TABLE processes ADD COLUMN module_configuration jsonb;
ALTER TABLE processes ADD COLUMN notification_settings jsonb NOT NULL DEFAULT '{}';

CREATE TABLE service_modules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('component-analysis', 'code-quality', 'aws', 'azure', 'pipeline-management', 'cicd-ingestion')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  category text CHECK (length(category) <= 255),
  -- Field values; the secret ones sealed with the secret box, never returned.
  configs jsonb NOT NULL DEFAULT '{}',
  -- SHA-256 of the API key; the key itself is shown once.
  api_key_hash text UNIQUE,
  api_key_prefix text,
  api_key_created_at timestamptz,
  last_sync_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX service_modules_organization ON service_modules (organization_id);
