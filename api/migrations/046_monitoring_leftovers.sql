-- Continuous monitoring's leftovers of issue 27 (docs/jobs.md, "Continuous monitoring").
--
-- A run whose job failed its last attempt (a dead letter: a batch of builds, or its plan) ends
-- FAILED with that job's error, instead of staying RUNNING for ever; a Global Admin's retry of the
-- dead job (the Background Jobs screen) can still finish it, DONE once no build is left.
ALTER TABLE monitoring_runs DROP CONSTRAINT monitoring_runs_status_check;
ALTER TABLE monitoring_runs ADD CONSTRAINT monitoring_runs_status_check CHECK (status IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED'));
ALTER TABLE monitoring_runs ADD COLUMN error text;
-- What a process's ready sends again: the runs queued or running (a failed one waits for a retry).
DROP INDEX monitoring_runs_unfinished;
CREATE INDEX monitoring_runs_unfinished ON monitoring_runs (status) WHERE status IN ('QUEUED', 'RUNNING');

-- An import's monitoring reads only the components of the packages its advisories name: each
-- component keeps its package's key ('ecosystem U+001F normalized name', as monitoring_runs.packages
-- and vulnerability_affected name packages; '' for no purl or a purl of no OSV ecosystem), written
-- where components are stored (sbom/store.repository.ts, componentPackageKey in
-- vulnerabilities/purl.ts). Null: not known — a row this migration could not key, or one restored
-- from an older backup — read by every import and checked by its purl there, as before.
ALTER TABLE sbom_components ADD COLUMN package text;
CREATE INDEX sbom_components_package ON sbom_components (build_id, package);

-- The existing rows' keys: componentPackageKey in SQL, for the purls it reads exactly as the API
-- does — printable ASCII, the only escape a scope's %40 — and null for the others. Kept as a
-- function: sbom/component-packages.test.ts holds it to the API's on the same purls.
CREATE FUNCTION sbom_component_package(purl text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  rest text;
  slash integer;
  kind text;
  segments text[];
  n integer;
  name text;
  namespace text;
  ecosystem text;
BEGIN
  IF purl IS NULL THEN RETURN ''; END IF;
  IF purl !~* '^pkg:' THEN
    -- The API trims whitespace first: a purl that starts with any is left to it.
    RETURN CASE WHEN purl ~ '^[!-~]' THEN '' END;
  END IF;
  rest := regexp_replace(substr(purl, 5), '^/+', '');
  rest := split_part(split_part(rest, '#', 1), '?', 1);
  slash := strpos(rest, '/');
  IF slash <= 1 THEN RETURN ''; END IF;
  kind := lower(substr(rest, 1, slash - 1));
  IF kind !~ '^[a-z.+-][a-z0-9.+-]*$' THEN RETURN ''; END IF;
  rest := regexp_replace(substr(rest, slash + 1), '/+$', '');
  -- The version follows the last '@' of the last segment.
  rest := regexp_replace(rest, '@[^@/]*$', '');
  IF rest !~ '^[!-~]*$' OR strpos(replace(rest, '%40', ''), '%') > 0 THEN RETURN NULL; END IF;
  segments := array_remove(string_to_array(rest, '/'), '');
  n := coalesce(array_length(segments, 1), 0);
  IF n = 0 THEN RETURN ''; END IF;
  name := replace(segments[n], '%40', '@');
  IF n > 1 THEN namespace := replace(array_to_string(segments[1:n - 1], '/'), '%40', '@'); END IF;
  IF kind IN ('bitbucket', 'github', 'composer', 'hex', 'npm') THEN
    name := lower(name);
    namespace := lower(namespace);
  END IF;
  IF kind = 'pypi' THEN name := replace(lower(name), '_', '-'); END IF;
  ecosystem := CASE kind
    WHEN 'npm' THEN 'npm' WHEN 'maven' THEN 'Maven' WHEN 'pypi' THEN 'PyPI' WHEN 'golang' THEN 'Go'
    WHEN 'composer' THEN 'Packagist' WHEN 'gem' THEN 'RubyGems' WHEN 'nuget' THEN 'NuGet' WHEN 'cargo' THEN 'crates.io'
    WHEN 'hex' THEN 'Hex' WHEN 'pub' THEN 'Pub' WHEN 'hackage' THEN 'Hackage' WHEN 'cran' THEN 'CRAN'
    WHEN 'swift' THEN 'SwiftURL' WHEN 'conan' THEN 'ConanCenter' END;
  IF ecosystem IS NULL THEN RETURN ''; END IF;
  IF kind = 'maven' THEN
    IF namespace IS NULL THEN RETURN ''; END IF;
    name := namespace || ':' || name;
  ELSIF kind IN ('npm', 'golang', 'composer', 'swift') AND namespace IS NOT NULL THEN
    name := namespace || '/' || name;
  END IF;
  IF ecosystem = 'PyPI' THEN
    name := regexp_replace(lower(name), '[-_.]+', '-', 'g');
  ELSIF ecosystem IN ('npm', 'NuGet', 'Packagist', 'crates.io', 'Hex') THEN
    name := lower(name);
  END IF;
  RETURN ecosystem || chr(31) || name;
END
$$;

UPDATE sbom_components SET package = sbom_component_package(purl);
