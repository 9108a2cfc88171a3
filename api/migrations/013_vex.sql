-- VEX (issue 7 item 8): an analysis per finding — a component of a build affected by an advisory —
-- with its comment trail. Analyses are keyed like their finding (build, component position,
-- vulnerability) and belong to the build: a later re-match of the build that writes its findings
-- again keeps them.

-- A finding's own id (the {vulnId} of spec 7's routes), and the build of the app in which that
-- component was first found affected by it (spec 3 vulnerability.identified_build_id).
ALTER TABLE build_findings ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE build_findings ADD COLUMN identified_build_id uuid;
UPDATE build_findings SET identified_build_id = build_id;
CREATE UNIQUE INDEX build_findings_id ON build_findings (id);

CREATE TABLE vex_analyses (
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  position integer NOT NULL,
  vulnerability_id text NOT NULL,
  -- spec 4.5's resolutions and CycloneDX's two open states; null: not set.
  state text CHECK (state IN ('resolved', 'resolved_with_pedigree', 'false_positive', 'not_affected', 'in_triage', 'exploitable')),
  justification text CHECK (justification IN ('code_not_present', 'code_not_reachable', 'requires_configuration',
    'requires_dependency', 'requires_environment', 'protected_by_compiler', 'protected_at_runtime',
    'protected_at_perimeter', 'protected_by_mitigating_control')),
  response text[] NOT NULL DEFAULT '{}',
  detail text CHECK (length(detail) <= 10000),
  source text NOT NULL CHECK (source IN ('user', 'vex-import', 'carried-over')),
  -- The build the analysis was carried over from (no foreign key: that build may be cleared later).
  carried_from uuid,
  first_issued timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  PRIMARY KEY (build_id, position, vulnerability_id)
);

-- Every change of an analysis and every comment on it: who, when, the analysis after it.
CREATE TABLE vex_analysis_trail (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  build_id uuid NOT NULL REFERENCES application_builds (id) ON DELETE CASCADE,
  position integer NOT NULL,
  vulnerability_id text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Kept as it was: the trail still says who after the user is deleted.
  actor_login text,
  source text NOT NULL CHECK (source IN ('user', 'vex-import', 'carried-over')),
  state text,
  justification text,
  response text[] NOT NULL DEFAULT '{}',
  detail text,
  comment text CHECK (length(comment) <= 10000),
  -- Order within one instant (a carried-over trail keeps its order).
  seq bigserial
);

CREATE INDEX vex_analysis_trail_finding ON vex_analysis_trail (build_id, position, vulnerability_id, at, seq);
