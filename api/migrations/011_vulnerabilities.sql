-- The vulnerability database (issue 7): OSV advisories and the CISA catalog of known exploited
-- vulnerabilities. Advisories are public data: global, not per organization.

CREATE TABLE vulnerabilities (
  -- The OSV id (GHSA-…, CVE-…, PYSEC-…, GO-…).
  id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
  -- Other ids of the same vulnerability (a GHSA's CVE); looked up through vulnerability_aliases too.
  aliases text[] NOT NULL DEFAULT '{}',
  summary text,
  published timestamptz,
  -- The record's own modification time: a re-import replaces the row only with a newer record.
  modified timestamptz NOT NULL,
  -- The CVSS vector scored (null: none), its computed base score, and the rating (from the score,
  -- else the advisory's own rating).
  severity_vector text,
  severity_score numeric(3, 1),
  severity_rating text NOT NULL DEFAULT 'UNKNOWN'
    CHECK (severity_rating IN ('CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN')),
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- The OSV record as imported (details, references, credits, database_specific …), apart: the
-- matcher reads many vulnerabilities rows at once and keeps them narrow.
CREATE TABLE vulnerability_records (
  vulnerability_id text PRIMARY KEY REFERENCES vulnerabilities (id) ON DELETE CASCADE,
  record jsonb NOT NULL
);

-- Every id a vulnerability is known by, its own id included: lookups by any of them.
CREATE TABLE vulnerability_aliases (
  alias text NOT NULL,
  vulnerability_id text NOT NULL REFERENCES vulnerabilities (id) ON DELETE CASCADE,
  PRIMARY KEY (alias, vulnerability_id)
);

CREATE INDEX vulnerability_aliases_vulnerability ON vulnerability_aliases (vulnerability_id);

-- One row per affected[] entry: the package by (ecosystem, normalized name), its exact versions
-- and its ranges (OSV events, evaluated in the API with the ecosystem's version order).
CREATE TABLE vulnerability_affected (
  vulnerability_id text NOT NULL REFERENCES vulnerabilities (id) ON DELETE CASCADE,
  position integer NOT NULL,
  ecosystem text NOT NULL,
  name text NOT NULL,
  purl text,
  versions jsonb NOT NULL DEFAULT '[]',
  ranges jsonb NOT NULL DEFAULT '[]',
  -- The same versions and ranges, compact, as the matcher reads them (encodeAffected in
  -- api/src/vulnerabilities/compact.ts): a third of the bytes of the JSON.
  compact text NOT NULL,
  PRIMARY KEY (vulnerability_id, position)
);

CREATE INDEX vulnerability_affected_package ON vulnerability_affected (ecosystem, name);

-- CISA's Known Exploited Vulnerabilities catalog (its JSON feed), one row per CVE.
CREATE TABLE known_exploited_vulnerabilities (
  cve_id text PRIMARY KEY,
  vendor_project text,
  product text,
  vulnerability_name text,
  date_added date,
  short_description text,
  required_action text,
  due_date date,
  known_ransomware_campaign_use text,
  notes text,
  catalog_version text,
  imported_at timestamptz NOT NULL DEFAULT now()
);
