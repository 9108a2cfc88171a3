// Searches over a process's applications (issue 7 item 4): components and vulnerabilities of each
// app's latest build, and builds by app, component or vulnerability. Text is matched as a
// case-insensitive substring; empty (or blank) text runs no query and answers [].
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';

export const SEARCH_LIMIT = 100;
export const BUILD_SEARCH_CATEGORIES = ['all', 'app', 'component', 'vulnerability'] as const;

/** The text as an ILIKE pattern (its own %, _ and \ taken literally), or null when blank. */
function pattern(search: string): string | null {
  const text = search.trim();
  if (text === '') return null;
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const LATEST_BUILDS = `
  SELECT DISTINCT ON (b.application_id) b.id, b.number, b.application_id, a.app_key, a.name AS app_name
    FROM application_builds b JOIN applications a ON a.id = b.application_id
   WHERE a.organization_id = $1 AND a.process_id = $2
   ORDER BY b.application_id, b.number DESC`;

export async function searchComponents(db: Queryable, organizationId: string, processId: string, search: string) {
  const like = pattern(search);
  if (like === null) return [];
  return db.query(
    `WITH latest AS (${LATEST_BUILDS})
     SELECT l.app_key, l.id AS build_id, l.number AS build_number, c.bom_ref, c.type, c.group_name AS "group", c.name, c.version, c.purl,
            (SELECT count(*)::int FROM build_findings f WHERE f.build_id = c.build_id AND f.position = c.position) AS vulnerability_count
       FROM latest l JOIN sbom_components c ON c.build_id = l.id
      WHERE c.name ILIKE $3 OR c.group_name ILIKE $3 OR c.purl ILIKE $3
      ORDER BY lower(c.name), c.version, l.app_key
      LIMIT ${SEARCH_LIMIT}`,
    [organizationId, processId, like],
  );
}

export async function searchVulnerabilities(db: Queryable, organizationId: string, processId: string, search: string) {
  const like = pattern(search);
  if (like === null) return [];
  return db.query(
    `WITH latest AS (${LATEST_BUILDS})
     SELECT f.vulnerability_id, f.aliases, f.severity, f.score::float AS score, f.active_exploit, f.summary,
            l.app_key, l.id AS build_id, l.number AS build_number, c.bom_ref, c.name, c.version, c.purl
       FROM latest l JOIN build_findings f ON f.build_id = l.id
       JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
      WHERE f.vulnerability_id ILIKE $3 OR EXISTS (SELECT 1 FROM unnest(f.aliases) alias WHERE alias ILIKE $3)
         OR f.summary ILIKE $3
      ORDER BY f.score DESC NULLS LAST, f.vulnerability_id, l.app_key
      LIMIT ${SEARCH_LIMIT}`,
    [organizationId, processId, like],
  );
}

export async function searchBuilds(db: Queryable, organizationId: string, processId: string, search: string, category = 'all') {
  if (!(BUILD_SEARCH_CATEGORIES as readonly string[]).includes(category)) {
    throw new ApiProblem(400, `Unknown search category '${category}': the categories are ${BUILD_SEARCH_CATEGORIES.join(', ')}.`, {}, {
      category: `must be one of ${BUILD_SEARCH_CATEGORIES.join(', ')}`,
    });
  }
  const like = pattern(search);
  if (like === null) return [];
  const conditions: string[] = [];
  if (category === 'all' || category === 'app') conditions.push('a.app_key ILIKE $3 OR a.name ILIKE $3 OR a.portfolio ILIKE $3');
  if (category === 'all' || category === 'component') {
    conditions.push('EXISTS (SELECT 1 FROM sbom_components c WHERE c.build_id = b.id AND (c.name ILIKE $3 OR c.purl ILIKE $3))');
  }
  if (category === 'all' || category === 'vulnerability') {
    conditions.push(
      `EXISTS (SELECT 1 FROM build_findings f WHERE f.build_id = b.id
                 AND (f.vulnerability_id ILIKE $3 OR EXISTS (SELECT 1 FROM unnest(f.aliases) alias WHERE alias ILIKE $3)))`,
    );
  }
  return db.query(
    `SELECT b.id, b.number, b.status, b.format, b.spec_version, b.component_count, b.vulnerability_count, b.created_at,
            a.app_key, a.name AS app_name, a.portfolio
       FROM application_builds b JOIN applications a ON a.id = b.application_id
      WHERE a.organization_id = $1 AND a.process_id = $2 AND (${conditions.map((condition) => `(${condition})`).join(' OR ')})
      ORDER BY b.created_at DESC, a.app_key, b.number DESC
      LIMIT ${SEARCH_LIMIT}`,
    [organizationId, processId, like],
  );
}
