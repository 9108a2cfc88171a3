// The portfolio SBOM lists (issue 24 item 5) in SQL: across every application of a process, the
// findings of each application's current build — its newest DONE one — grouped by component
// (componentsVulnerabilities) or by application (resourcesVulnerabilities). One query per page:
// the page's rows and the total over every page come back together as one row, so 1,000
// applications cost no query per application or per component.
import type { Queryable } from '../db/database';
import type { ComponentsQuery, ResourcesQuery } from './portfolio-query';

/** A severity's rank: what "most severe" means in the sorts (an unknown severity above none). */
const RANK = `CASE f.severity WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'UNKNOWN' THEN 1 ELSE 0 END`;

/** The current build of each app of the process ($1 organization, $2 process): the newest processed one. */
const CURRENT_BUILDS = `
  SELECT DISTINCT ON (b.application_id) b.id, b.number, b.created_at, a.id AS application_id, a.app_key, a.name AS app_name
    FROM application_builds b JOIN applications a ON a.id = b.application_id
   WHERE a.organization_id = $1 AND a.process_id = $2 AND b.status = 'DONE'
   ORDER BY b.application_id, b.number DESC`;

/** The text as an ILIKE pattern (its own %, _ and \ taken literally). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface ComponentRow {
  key: string;
  purl: string | null;
  group: string | null;
  name: string;
  version: string | null;
  ecosystem: string | null;
  applications: { app_key: string; name: string }[];
  vulnerabilities: {
    id: string;
    aliases: string[];
    severity: string;
    score: number | null;
    active_exploit: boolean;
    summary: string | null;
    fixed_versions: string[];
    analyses: { app_key: string; state: string | null }[];
  }[];
  severities: Record<string, number>;
}

const COMPONENT_ORDER = {
  severity: (direction: string) =>
    `top ${direction}, critical ${direction}, high ${direction}, medium ${direction}, low ${direction}, vulnerability_count ${direction}, lower(name) ASC, key ASC`,
  applications: (direction: string) => `application_count ${direction}, top DESC, vulnerability_count DESC, lower(name) ASC, key ASC`,
  name: (direction: string) => `lower(name) ${direction}, version ${direction} NULLS LAST, key ${direction}`,
} as const;

/**
 * A page of the process's vulnerable components and how many there are in all. The findings are
 * counted per component for the filters, the sort and the total; the page's own rows alone are
 * then dressed (advisory details, VEX states, app names) as JSON.
 */
export async function vulnerableComponents(
  db: Queryable,
  organizationId: string,
  processId: string,
  query: ComponentsQuery,
): Promise<{ total: number; items: ComponentRow[] }> {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const [row] = await db.query<{ total: number; items: ComponentRow[] }>(
    `WITH current_builds AS (${CURRENT_BUILDS}),
     hits AS (
       SELECT coalesce(c.purl, concat(c.group_name || '/', c.name, '@' || c.version)) AS key,
              c.purl, c.group_name, c.name, c.version, cb.app_key, cb.app_name,
              f.build_id, f.position, f.vulnerability_id, f.severity, ${RANK} AS rank,
              f.score, f.active_exploit, f.summary, f.aliases, f.fixed_versions,
              ($3::text IS NOT NULL AND (c.name ILIKE $3 OR c.purl ILIKE $3 OR c.group_name ILIKE $3 OR f.vulnerability_id ILIKE $3
                 OR EXISTS (SELECT 1 FROM unnest(f.aliases) alias WHERE alias ILIKE $3))) AS q_hit
         FROM current_builds cb
         JOIN build_findings f ON f.build_id = cb.id
         JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
     ),
     -- One row per component and advisory, then per component and app (hash aggregates, no DISTINCT sorts)…
     by_vulnerability AS (
       SELECT key, vulnerability_id, max(rank) AS rank,
              bool_or($4::text[] IS NULL OR severity = ANY($4::text[])) AS severity_hit, bool_or(q_hit) AS q_hit
         FROM hits GROUP BY key, vulnerability_id
     ),
     by_application AS (
       SELECT key, app_key, min(purl) AS purl, min(group_name) AS group_name, min(name) AS name, min(version) AS version
         FROM hits GROUP BY key, app_key
     ),
     -- …and one per component: its counts and whether it passes each filter.
     components AS (
       SELECT v.key, a.purl, a."group", a.name, a.version, lower(substring(a.purl FROM '^pkg:([A-Za-z0-9.+-]+)/')) AS ecosystem,
              v.top, v.vulnerability_count, v.critical, v.high, v.medium, v.low, v.sev_none, v.sev_unknown, a.application_count,
              v.severity_hit, a.application_hit, v.q_hit
         FROM (SELECT key, max(rank) AS top, count(*)::int AS vulnerability_count,
                      count(*) FILTER (WHERE rank = 5)::int AS critical, count(*) FILTER (WHERE rank = 4)::int AS high,
                      count(*) FILTER (WHERE rank = 3)::int AS medium, count(*) FILTER (WHERE rank = 2)::int AS low,
                      count(*) FILTER (WHERE rank = 0)::int AS sev_none, count(*) FILTER (WHERE rank = 1)::int AS sev_unknown,
                      bool_or(severity_hit) AS severity_hit, bool_or($3::text IS NULL OR q_hit) AS q_hit
                 FROM by_vulnerability GROUP BY key) v
         JOIN (SELECT key, min(purl) AS purl, min(group_name) AS "group", min(name) AS name, min(version) AS version,
                      count(*)::int AS application_count, bool_or($5::text IS NULL OR lower(app_key) = lower($5)) AS application_hit
                 FROM by_application GROUP BY key) a ON a.key = v.key
     ),
     filtered AS (
       SELECT * FROM components WHERE severity_hit AND application_hit AND q_hit AND ($6::text IS NULL OR ecosystem = $6)
     ),
     page AS (
       SELECT row_number() OVER (ORDER BY ${COMPONENT_ORDER[query.sort](direction)}) AS ord, *
         FROM filtered
        ORDER BY ord LIMIT $7 OFFSET $8
     ),
     -- The page's findings, read once (a semi-join over the findings, not a scan per row).
     page_hits AS (
       SELECT h.* FROM hits h WHERE h.key IN (SELECT key FROM page)
     ),
     page_vulnerabilities AS (
       SELECT h.key, h.vulnerability_id, max(h.rank) AS rank, (array_agg(h.severity ORDER BY h.rank DESC))[1] AS severity,
              max(h.score)::float AS score, bool_or(h.active_exploit) AS active_exploit, max(h.summary) AS summary,
              (jsonb_agg(to_jsonb(h.aliases)))->0 AS aliases, (jsonb_agg(to_jsonb(h.fixed_versions)))->0 AS fixed_versions,
              jsonb_agg(DISTINCT jsonb_build_object('app_key', h.app_key, 'state', v.state)) AS analyses
         FROM page_hits h
         LEFT JOIN vex_analyses v ON v.build_id = h.build_id AND v.position = h.position AND v.vulnerability_id = h.vulnerability_id
        GROUP BY h.key, h.vulnerability_id
     ),
     page_details AS (
       SELECT key,
              jsonb_agg(jsonb_build_object('id', vulnerability_id, 'aliases', aliases, 'severity', severity, 'score', score,
                                           'active_exploit', active_exploit, 'summary', summary, 'fixed_versions', fixed_versions,
                                           'analyses', analyses)
                        ORDER BY rank DESC, score DESC NULLS LAST, vulnerability_id) AS vulnerabilities
         FROM page_vulnerabilities GROUP BY key
     ),
     page_applications AS (
       SELECT key, jsonb_agg(DISTINCT jsonb_build_object('app_key', app_key, 'name', app_name)) AS applications FROM page_hits GROUP BY key
     ),
     page_rows AS (
       SELECT p.ord, p.key, p.purl, p."group", p.name, p.version, p.ecosystem, a.applications, d.vulnerabilities,
              jsonb_build_object('CRITICAL', p.critical, 'HIGH', p.high, 'MEDIUM', p.medium, 'LOW', p.low, 'NONE', p.sev_none, 'UNKNOWN', p.sev_unknown) AS severities
         FROM page p JOIN page_details d ON d.key = p.key JOIN page_applications a ON a.key = p.key
     )
     SELECT (SELECT count(*)::int FROM filtered) AS total,
            coalesce((SELECT jsonb_agg(to_jsonb(r) - 'ord' ORDER BY r.ord) FROM page_rows r), '[]'::jsonb) AS items`,
    [
      organizationId,
      processId,
      query.q === undefined ? null : likePattern(query.q),
      query.severity ?? null,
      query.application ?? null,
      query.ecosystem ?? null,
      query.limit,
      query.offset,
    ],
  );
  return row;
}

export interface ResourceRow {
  id: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  current_build: { id: string; number: number; created_at: string } | null;
  latest_build_at: string | null;
  vulnerable_components: number;
  severities: Record<string, number>;
  active_exploits: number;
}

const RESOURCE_ORDER = {
  severity: (direction: string) =>
    `top ${direction}, critical ${direction}, high ${direction}, medium ${direction}, low ${direction}, findings ${direction}, lower(app_key) ASC, id ASC`,
  components: (direction: string) => `vulnerable_components ${direction}, top DESC, findings DESC, lower(app_key) ASC, id ASC`,
  name: (direction: string) => `lower(app_key) ${direction}, id ${direction}`,
  build_date: (direction: string) => `latest_build_at ${direction} NULLS LAST, lower(app_key) ASC, id ASC`,
} as const;

/** A page of the process's applications with their current build's vulnerable components, and how many apps match. */
export async function vulnerableResources(
  db: Queryable,
  organizationId: string,
  processId: string,
  query: ResourcesQuery,
): Promise<{ total: number; items: ResourceRow[] }> {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const [row] = await db.query<{ total: number; items: ResourceRow[] }>(
    `WITH current_builds AS (${CURRENT_BUILDS}),
     counts AS (
       SELECT cb.application_id, count(*)::int AS findings, count(DISTINCT f.position)::int AS vulnerable_components,
              max(${RANK}) AS top,
              count(*) FILTER (WHERE f.severity = 'CRITICAL')::int AS critical, count(*) FILTER (WHERE f.severity = 'HIGH')::int AS high,
              count(*) FILTER (WHERE f.severity = 'MEDIUM')::int AS medium, count(*) FILTER (WHERE f.severity = 'LOW')::int AS low,
              count(*) FILTER (WHERE f.severity = 'NONE')::int AS sev_none, count(*) FILTER (WHERE f.severity = 'UNKNOWN')::int AS sev_unknown,
              count(*) FILTER (WHERE f.active_exploit)::int AS active_exploits,
              bool_or($4::text[] IS NULL OR f.severity = ANY($4::text[])) AS severity_hit
         FROM current_builds cb JOIN build_findings f ON f.build_id = cb.id
        GROUP BY cb.application_id
     ),
     latest AS (
       SELECT b.application_id, max(b.created_at) AS latest_build_at
         FROM application_builds b JOIN applications a ON a.id = b.application_id
        WHERE a.organization_id = $1 AND a.process_id = $2
        GROUP BY b.application_id
     ),
     filtered AS (
       SELECT a.id, a.app_key, a.name, a.portfolio, cb.id AS build_id, cb.number AS build_number, cb.created_at AS build_created_at,
              l.latest_build_at, coalesce(n.findings, 0) AS findings, coalesce(n.vulnerable_components, 0) AS vulnerable_components,
              coalesce(n.top, -1) AS top, coalesce(n.critical, 0) AS critical, coalesce(n.high, 0) AS high, coalesce(n.medium, 0) AS medium,
              coalesce(n.low, 0) AS low, coalesce(n.sev_none, 0) AS sev_none, coalesce(n.sev_unknown, 0) AS sev_unknown,
              coalesce(n.active_exploits, 0) AS active_exploits
         FROM applications a
         LEFT JOIN current_builds cb ON cb.application_id = a.id
         LEFT JOIN counts n ON n.application_id = a.id
         LEFT JOIN latest l ON l.application_id = a.id
        WHERE a.organization_id = $1 AND a.process_id = $2
          AND ($3::text IS NULL OR a.app_key ILIKE $3 OR a.name ILIKE $3)
          AND ($4::text[] IS NULL OR coalesce(n.severity_hit, false))
     ),
     page AS (
       SELECT row_number() OVER (ORDER BY ${RESOURCE_ORDER[query.sort](direction)}) AS ord,
              id, app_key, name, portfolio,
              CASE WHEN build_id IS NULL THEN NULL
                   ELSE jsonb_build_object('id', build_id, 'number', build_number, 'created_at', build_created_at) END AS current_build,
              latest_build_at, vulnerable_components, active_exploits,
              jsonb_build_object('CRITICAL', critical, 'HIGH', high, 'MEDIUM', medium, 'LOW', low, 'NONE', sev_none, 'UNKNOWN', sev_unknown) AS severities
         FROM filtered
        ORDER BY ord LIMIT $5 OFFSET $6
     )
     SELECT (SELECT count(*)::int FROM filtered) AS total,
            coalesce((SELECT jsonb_agg(to_jsonb(page) - 'ord' ORDER BY ord) FROM page), '[]'::jsonb) AS items`,
    [organizationId, processId, query.q === undefined ? null : likePattern(query.q), query.severity ?? null, query.limit, query.offset],
  );
  return row;
}
