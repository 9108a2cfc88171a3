// Findings of a build with their VEX analyses and comment trails, in SQL. A finding is named by
// (build, component position, vulnerability); callers have already scoped the build to the
// caller's organization and process.
import type {
  BuildVulnerability,
  BuildVulnerabilityQuery,
  VexAnalysis,
  VexAnalysisState,
  VexJustification,
  VexResponse,
  VexSource,
  VexTrailEntry,
} from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface FindingKey {
  build_id: string;
  position: number;
  vulnerability_id: string;
}

/** An analysis's content: what a user sets, an import brings, a build carries over. */
export interface AnalysisContent {
  state: VexAnalysisState | null;
  justification: VexJustification | null;
  response: VexResponse[];
  detail: string | null;
}

export const NO_ANALYSIS: AnalysisContent = { state: null, justification: null, response: [], detail: null };

export interface FindingRow extends FindingKey {
  id: string;
  identified_build_id: string | null;
  aliases: string[];
  severity: BuildVulnerability['severity'];
  score: number | null;
  active_exploit: boolean;
  evaluation: BuildVulnerability['evaluation'];
  summary: string | null;
  fixed_versions: string[];
  bom_ref: string;
  group_name: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  state: VexAnalysisState | null;
  justification: VexJustification | null;
  response: VexResponse[] | null;
  detail: string | null;
  source: VexSource | null;
  carried_from: string | null;
  carried_from_number: number | null;
  first_issued: Date | string | null;
  updated_at: Date | string | null;
  updated_by: string | null;
  total?: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** How a component is recognised in another build of the same app: its purl, else group, name and version. */
export const COMPONENT_KEY = (alias: string) =>
  `coalesce(${alias}.purl, E'\\x1f' || coalesce(${alias}.group_name, '') || E'\\x1f' || ${alias}.name || E'\\x1f' || coalesce(${alias}.version, ''))`;

const FINDING_SELECT = `
  SELECT f.build_id, f.position, f.vulnerability_id, f.id, f.identified_build_id, f.aliases, f.severity, f.score::float AS score,
         f.active_exploit, f.evaluation, f.summary, f.fixed_versions,
         c.bom_ref, c.group_name, c.name, c.version, c.purl,
         a.state, a.justification, a.response, a.detail, a.source, a.carried_from, cb.number AS carried_from_number,
         a.first_issued, a.updated_at, u.login_id AS updated_by
    FROM build_findings f
    JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
    LEFT JOIN vex_analyses a ON a.build_id = f.build_id AND a.position = f.position AND a.vulnerability_id = f.vulnerability_id
    LEFT JOIN application_builds cb ON cb.id = a.carried_from
    LEFT JOIN users u ON u.id = a.updated_by`;

const SEVERITY_RANK = `CASE f.severity WHEN 'CRITICAL' THEN 0 WHEN 'HIGH' THEN 1 WHEN 'MEDIUM' THEN 2 WHEN 'LOW' THEN 3 WHEN 'NONE' THEN 4 ELSE 5 END`;

export function analysisOf(row: FindingRow): VexAnalysis | null {
  if (row.source === null) return null;
  return {
    state: row.state,
    justification: row.justification,
    response: row.response ?? [],
    detail: row.detail,
    source: row.source,
    carried_over_from: row.carried_from ? { build_id: row.carried_from, number: row.carried_from_number ?? 0 } : null,
    first_issued: iso(row.first_issued!),
    updated_at: iso(row.updated_at!),
    updated_by: row.updated_by,
  };
}

export function contentOf(row: FindingRow): AnalysisContent {
  return { state: row.state, justification: row.justification, response: row.response ?? [], detail: row.detail };
}

export function buildVulnerabilityView(row: FindingRow): BuildVulnerability {
  return {
    id: row.id,
    identified_build_id: row.identified_build_id ?? row.build_id,
    vulnerability_id: row.vulnerability_id,
    aliases: row.aliases,
    severity: row.severity,
    score: row.score,
    active_exploit: row.active_exploit,
    evaluation: row.evaluation,
    summary: row.summary,
    fixed_versions: row.fixed_versions,
    component: { bom_ref: row.bom_ref, group: row.group_name, name: row.name, version: row.version, purl: row.purl },
    analysis: analysisOf(row),
  };
}

const SORTS: Record<NonNullable<BuildVulnerabilityQuery['sort']>, string> = {
  severity: `${SEVERITY_RANK} ?, f.score ?! NULLS LAST, f.vulnerability_id, c.position`,
  vulnerability_id: 'f.vulnerability_id ?, c.position',
  component: 'lower(c.name) ?, c.version ?, f.vulnerability_id',
  state: `coalesce(a.state, '') ?, ${SEVERITY_RANK}, f.vulnerability_id, c.position`,
};

/** One page of the build's findings matching the query. */
export async function queryFindings(db: Queryable, buildId: string, query: Required<Pick<BuildVulnerabilityQuery, 'offset' | 'limit'>> & BuildVulnerabilityQuery) {
  const conditions = ['f.build_id = $1'];
  const params: unknown[] = [buildId];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  const text = query.search?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    add(
      (p) => `(f.vulnerability_id ILIKE ${p} OR f.summary ILIKE ${p} OR c.name ILIKE ${p} OR c.purl ILIKE ${p}
               OR EXISTS (SELECT 1 FROM unnest(f.aliases) alias WHERE alias ILIKE ${p}))`,
      like,
    );
  }
  if (query.severity?.length) add((p) => `f.severity = ANY(${p}::text[])`, query.severity);
  if (query.state?.length) add((p) => `coalesce(a.state, 'not_set') = ANY(${p}::text[])`, query.state);
  if (query.active_exploit !== undefined) add((p) => `f.active_exploit = ${p}`, query.active_exploit);
  const descending = query.order === 'desc';
  const order = SORTS[query.sort ?? 'severity'].replace(/\?!/g, descending ? 'ASC' : 'DESC').replace(/\?/g, descending ? 'DESC' : 'ASC');
  params.push(query.offset, query.limit);
  const rows = await db.query<FindingRow>(
    `${FINDING_SELECT.replace('SELECT ', 'SELECT count(*) OVER ()::int AS total, ')}
      WHERE ${conditions.join(' AND ')}
      ORDER BY ${order}
      OFFSET $${params.length - 1} LIMIT $${params.length}`,
    params,
  );
  return { rows, total: rows[0]?.total ?? (query.offset > 0 ? await countFindings(db, buildId, conditions, params.slice(0, -2)) : 0) };
}

async function countFindings(db: Queryable, buildId: string, conditions: string[], params: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM build_findings f JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
       LEFT JOIN vex_analyses a ON a.build_id = f.build_id AND a.position = f.position AND a.vulnerability_id = f.vulnerability_id
      WHERE ${conditions.join(' AND ')}`,
    params.length > 0 ? params : [buildId],
  );
  return row.n;
}

/** Every finding of the build by analysis state ('not_set' for none). */
export async function countByState(db: Queryable, buildId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ state: string; n: number }>(
    `SELECT coalesce(a.state, 'not_set') AS state, count(*)::int AS n FROM build_findings f
       LEFT JOIN vex_analyses a ON a.build_id = f.build_id AND a.position = f.position AND a.vulnerability_id = f.vulnerability_id
      WHERE f.build_id = $1 GROUP BY 1`,
    [buildId],
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}

/**
 * The findings of the build a vulnId names: the finding's id, or an advisory id or alias (any
 * case), narrowed to one component when `bomRef` is given.
 */
export async function findFindings(db: Queryable, buildId: string, vulnId: string, bomRef?: string): Promise<FindingRow[]> {
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(vulnId);
  return db.query<FindingRow>(
    `${FINDING_SELECT}
      WHERE f.build_id = $1
        AND ${byId ? 'f.id = $2::uuid' : '(upper(f.vulnerability_id) = upper($2) OR upper($2) = ANY(SELECT upper(alias) FROM unnest(f.aliases) alias))'}
        AND ($3::text IS NULL OR c.bom_ref = $3)
      ORDER BY c.position`,
    [buildId, vulnId, bomRef ?? null],
  );
}

/** Every finding of the build, for export and import. */
export async function allFindings(db: Queryable, buildId: string): Promise<FindingRow[]> {
  return db.query<FindingRow>(`${FINDING_SELECT} WHERE f.build_id = $1 ORDER BY ${SEVERITY_RANK}, f.vulnerability_id, c.position`, [buildId]);
}

export async function findingTrail(db: Queryable, key: FindingKey): Promise<VexTrailEntry[]> {
  const rows = await db.query<{
    id: string;
    at: Date | string;
    actor_login: string | null;
    source: VexSource;
    state: VexAnalysisState | null;
    justification: VexJustification | null;
    response: VexResponse[];
    detail: string | null;
    comment: string | null;
  }>(
    `SELECT id, at, actor_login, source, state, justification, response, detail, comment FROM vex_analysis_trail
      WHERE build_id = $1 AND position = $2 AND vulnerability_id = $3 ORDER BY at, seq`,
    [key.build_id, key.position, key.vulnerability_id],
  );
  return rows.map((row) => ({
    id: row.id,
    at: iso(row.at),
    by: row.actor_login,
    source: row.source,
    state: row.state,
    justification: row.justification,
    response: row.response,
    detail: row.detail,
    comment: row.comment,
  }));
}

export interface Actor {
  id: string;
  login_id: string;
}

/**
 * Records an analysis (or its removal, when the state is null and nothing else is set) and its
 * trail entry. The caller has decided that something changed or that a comment was made.
 */
export async function recordAnalysis(
  tx: Queryable,
  key: FindingKey,
  next: AnalysisContent,
  actor: Actor | null,
  source: VexSource,
  comment: string | null,
  changed: boolean,
): Promise<void> {
  if (changed) {
    const empty = next.state === null && next.justification === null && next.response.length === 0 && next.detail === null;
    if (empty) {
      await tx.query('DELETE FROM vex_analyses WHERE build_id = $1 AND position = $2 AND vulnerability_id = $3', [key.build_id, key.position, key.vulnerability_id]);
    } else {
      await tx.query(
        `INSERT INTO vex_analyses (build_id, position, vulnerability_id, state, justification, response, detail, source, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (build_id, position, vulnerability_id) DO UPDATE
           SET state = $4, justification = $5, response = $6, detail = $7, source = $8, updated_by = $9, updated_at = now(), carried_from = NULL`,
        [key.build_id, key.position, key.vulnerability_id, next.state, next.justification, next.response, next.detail, source, actor?.id ?? null],
      );
    }
  }
  await tx.query(
    `INSERT INTO vex_analysis_trail (build_id, position, vulnerability_id, actor_id, actor_login, source, state, justification, response, detail, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [key.build_id, key.position, key.vulnerability_id, actor?.id ?? null, actor?.login_id ?? null, source, next.state, next.justification, next.response, next.detail, comment],
  );
}

/** A component of a build as a VEX statement names it. */
export interface BuildComponent {
  position: number;
  bom_ref: string;
  purl: string | null;
  name: string;
  version: string | null;
}

/** The build's serial number and root component, which a VEX's refs may name. */
export async function buildSerialAndRoot(tx: Queryable, buildId: string): Promise<{ serial_number: string | null; root_ref: string | null }> {
  const [build] = await tx.query<{ serial_number: string | null; root_ref: string | null }>(
    'SELECT serial_number, root_ref FROM application_builds WHERE id = $1',
    [buildId],
  );
  return build;
}

/** The build's components, as VEX statements are matched to them. */
export async function buildComponentsOf(tx: Queryable, buildId: string): Promise<BuildComponent[]> {
  return tx.query<BuildComponent>('SELECT position, bom_ref, purl, name, version FROM sbom_components WHERE build_id = $1', [buildId]);
}

/** The build's component `bomRef` as a VEX names its subject. */
export async function rootComponentOf(
  db: Queryable,
  buildId: string,
  bomRef: string,
): Promise<{ bom_ref: string; name: string; version: string | null; purl: string | null; type: string | null } | undefined> {
  const [root] = await db.query<{ bom_ref: string; name: string; version: string | null; purl: string | null; type: string | null }>(
    'SELECT bom_ref, name, version, purl, type FROM sbom_components WHERE build_id = $1 AND bom_ref = $2',
    [buildId, bomRef],
  );
  return root;
}
