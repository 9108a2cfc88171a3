// Reading stored findings (migration 030) for the routes: a filtered page by keyset (the sort key
// and the id where the previous page ended), the totals per severity and category of the same
// filter, one finding with its rule's texts, and a cursor over every row for the CSV export.
import { CLOUD_PROVIDERS, DEFAULT_FINDING_SLA, type CloudProvider, type FindingCategory, type FindingGroupDimension, type FindingSeverity, type FindingState } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** The sort fields of a list and their SQL (every one non-null; the id breaks ties). */
export const FINDING_SORT_FIELDS = ['severity', 'first_seen', 'last_seen', 'rule_id', 'tool_name'] as const;
export type FindingSortField = (typeof FINDING_SORT_FIELDS)[number];

/** A sort's SQL, the type its cursor key is cast to, and the key as text (timestamps in UTC with microseconds). */
const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const SORT_SQL: Record<FindingSortField, { expression: string; cast: string; key: string }> = {
  severity: { expression: "array_position(ARRAY['critical','high','medium','low','info']::text[], s.severity)", cast: 'integer', key: '' },
  first_seen: { expression: 's.first_seen', cast: 'timestamptz', key: utc('s.first_seen') },
  last_seen: { expression: 's.last_seen', cast: 'timestamptz', key: utc('s.last_seen') },
  rule_id: { expression: 's.rule_id', cast: 'text', key: '' },
  tool_name: { expression: 's.tool_name', cast: 'text', key: '' },
};

/**
 * What a caller may see: the categories (by permission; none sees nothing), and of the cloud
 * categories (posture, threats) only the findings on the providers whose view they hold.
 */
export interface FindingVisibility {
  categories: readonly FindingCategory[];
  cloudProviders: readonly CloudProvider[];
}

/**
 * The SQL of a visibility, its categories and providers at the two parameters named. The provider
 * is the location's, kept in a column of its own (migration 042) that the totals index includes.
 */
export function visibleSql(categories: string, providers: string, alias = 's'): string {
  return `${alias}.category = ANY(${categories}::text[]) AND (${alias}.category NOT IN ('cloud-posture', 'cloud-threat') OR ${alias}.provider = ANY(${providers}::text[]))`;
}

export interface FindingFilter {
  organizationId: string;
  processId: string;
  visible: FindingVisibility;
  category?: readonly FindingCategory[];
  severity?: readonly FindingSeverity[];
  state?: readonly FindingState[];
  tool?: string;
  scope?: string;
  /** A cloud location's provider, account, region and service (exact). */
  provider?: readonly CloudProvider[];
  account?: string;
  region?: string;
  service?: string;
  /** A Security Hub control's standard (GROUP_KEYS.standard). */
  standard?: string;
  /** The rule's id (exact). */
  rule?: string;
  /** A part of the rule id, the file or the resource (case-insensitive). */
  q?: string;
  /** Only open or confirmed findings past their due date at this moment (the process's SLA, slaSql). */
  overdueAt?: Date;
}

export interface KeysetPosition {
  key: string;
  id: string;
}

export interface FindingPageQuery {
  sort: FindingSortField;
  order: 'asc' | 'desc';
  limit: number;
  after?: KeysetPosition;
}

/** A stored finding with its rule's texts, as the list, the detail and the export read it. */
export interface FindingRow {
  id: string;
  scope: string;
  fingerprint: string;
  tool_name: string;
  tool_version: string | null;
  category: FindingCategory;
  rule_id: string;
  rule_name: string | null;
  rule_help: string | null;
  cwe: string[] | null;
  tags: string[] | null;
  severity: FindingSeverity;
  tool_severity: string | null;
  title: string;
  message: string | null;
  location: unknown;
  vulnerability_ids: string[];
  state: FindingState;
  suppression: string | null;
  reason: string | null;
  expires_at: string | null;
  first_seen: Date | string;
  last_seen: Date | string;
  /** The requirements people linked it to. */
  requirement_ids?: string[] | null;
  sort_key?: string;
}

const COLUMNS = `s.id, s.scope, s.fingerprint, s.tool_name, s.tool_version, s.category, s.rule_id, r.name AS rule_name, r.help AS rule_help,
  r.cwe, r.tags, s.severity, s.tool_severity, s.title, s.message, s.location, s.vulnerability_ids, s.state, s.suppression, s.reason,
  to_char(s.expires_at, 'YYYY-MM-DD') AS expires_at, s.first_seen, s.last_seen,
  ARRAY(SELECT l.requirement_id::text FROM security_finding_requirements l WHERE l.finding_id = s.id ORDER BY l.requirement_id) AS requirement_ids`;
const FROM = `security_findings s LEFT JOIN security_finding_rules r
  ON r.organization_id = s.organization_id AND r.tool_name = s.tool_name AND r.rule_id = s.rule_id`;

/**
 * What each group dimension reads of a finding. A Security Hub control's standard is the part of
 * its generator id before the version ('aws-foundational-security-best-practices/v/1.0.0/S3.1').
 */
const GROUP_KEYS: Record<FindingGroupDimension, string> = {
  account: "s.location ->> 'account'",
  region: "s.location ->> 'region'",
  service: "s.location ->> 'service'",
  provider: 's.provider',
  standard: "substring(s.rule_id from '([A-Za-z0-9._-]+)/v/[0-9.]+/')",
  rule: 's.rule_id',
  resource: 's.resource',
  scope: 's.scope',
  tool: 's.tool_name',
};

/**
 * The SLA of the process at the two parameters named, as jsonb (a severity's days, null: never
 * due): the one it set over the contract's default, as slaOfProcess reads it. A subquery of no row
 * of the outer query: Postgres reads it once per statement.
 */
export function slaSql(organization: string, process: string): string {
  return `('${JSON.stringify(DEFAULT_FINDING_SLA)}'::jsonb || coalesce((SELECT l.sla FROM security_finding_sla l WHERE l.organization_id = ${organization} AND l.process_id = ${process}), '{}'::jsonb))`;
}

/** What `q` searches, the rule id, the file or resource and the title, joined (043 and 048 keep statistics of it). */
const SEARCH_SQL = "lower(s.rule_id || chr(31) || coalesce(s.resource, '') || chr(31) || s.title)";
const SEARCH_SEPARATOR = '\u001f';

/** The WHERE of a filter, its parameters from $1 (the overview's reads add their own after them). */
export function filterWhere(filter: FindingFilter): { sql: string; params: unknown[] } {
  // Who sees every cloud needs no provider test: the counts then come from the totals index alone.
  const everyCloud = CLOUD_PROVIDERS.every((provider) => filter.visible.cloudProviders.includes(provider));
  const params: unknown[] = [filter.organizationId, filter.processId, filter.visible.categories];
  const clauses = ['s.organization_id = $1', 's.process_id = $2', 's.category = ANY($3::text[])'];
  if (!everyCloud) {
    params.push(filter.visible.cloudProviders);
    clauses[2] = visibleSql('$3', '$4');
  }
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(`$${params.length}`));
  };
  if (filter.category) add((n) => `s.category = ANY(${n}::text[])`, filter.category);
  if (filter.severity) add((n) => `s.severity = ANY(${n}::text[])`, filter.severity);
  if (filter.state) add((n) => `s.state = ANY(${n}::text[])`, filter.state);
  // A tool's name as people type it: 'codeql' finds CodeQL's findings.
  if (filter.tool !== undefined) add((n) => `lower(s.tool_name) = lower(${n})`, filter.tool);
  if (filter.scope !== undefined) add((n) => `s.scope = ${n}`, filter.scope);
  if (filter.provider) add((n) => `s.provider = ANY(${n}::text[])`, filter.provider);
  if (filter.account !== undefined) add((n) => `s.location ->> 'account' = ${n}`, filter.account);
  if (filter.region !== undefined) add((n) => `s.location ->> 'region' = ${n}`, filter.region);
  if (filter.service !== undefined) add((n) => `s.location ->> 'service' = ${n}`, filter.service);
  if (filter.standard !== undefined) add((n) => `${GROUP_KEYS.standard} = ${n}`, filter.standard);
  if (filter.rule !== undefined) add((n) => `s.rule_id = ${n}`, filter.rule);
  if (filter.q !== undefined) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    // The three texts joined as the statistics have them: the same answers as an
    // ILIKE of each (which lower-cases both sides too), since a text without the separator cannot
    // span two of them; a text with it is asked field by field.
    if (filter.q.includes(SEARCH_SEPARATOR)) add((n) => `(s.rule_id ILIKE ${n} OR s.resource ILIKE ${n} OR s.title ILIKE ${n})`, pattern);
    else add((n) => `${SEARCH_SQL} LIKE lower(${n})`, pattern);
  }
  if (filter.overdueAt) {
    // The severity's days from the process's SLA (null days: never due), past the moment.
    add((n) => `s.state IN ('open', 'confirmed') AND s.first_seen + make_interval(days => (${slaSql('$1', '$2')} ->> s.severity)::int) < ${n}::timestamptz`, filter.overdueAt.toISOString());
  }
  return { sql: clauses.join(' AND '), params };
}

/**
 * The statement of one page of the filter, `limit + 1` rows (to know whether more follow): `select`
 * over the page's findings `s` (with their `sort_key`) and their rules' texts `r`, `joins` more.
 * The page is chosen first, its rules' texts joined to its rows only (not to every row sorted).
 */
export function pageStatement(filter: FindingFilter, page: FindingPageQuery, select: string, joins = ''): { sql: string; params: unknown[] } {
  const { sql, params } = filterWhere(filter);
  const { expression, cast, key } = SORT_SQL[page.sort];
  const direction = page.order === 'desc' ? 'DESC' : 'ASC';
  let keyset = '';
  if (page.after) {
    params.push(page.after.key, page.after.id);
    keyset = ` AND (${expression}, s.id) ${page.order === 'desc' ? '<' : '>'} ($${params.length - 1}::${cast}, $${params.length}::uuid)`;
  }
  params.push(page.limit + 1);
  return {
    sql: `SELECT ${select}, s.sort_key FROM (
       SELECT s.*, ${expression} AS sort_value, ${key || `(${expression})::text`} AS sort_key FROM security_findings s
        WHERE ${sql}${keyset}
        ORDER BY ${expression} ${direction}, s.id ${direction} LIMIT $${params.length}
     ) s LEFT JOIN security_finding_rules r ON r.organization_id = s.organization_id AND r.tool_name = s.tool_name AND r.rule_id = s.rule_id${joins}
     ORDER BY s.sort_value ${direction}, s.id ${direction}`,
    params,
  };
}

/** One page of the filter as rows (the CSV export's pages). */
export async function findingPage(db: Queryable, filter: FindingFilter, page: FindingPageQuery): Promise<{ rows: FindingRow[]; hasMore: boolean }> {
  const { sql, params } = pageStatement(filter, page, COLUMNS);
  const rows = await db.query<FindingRow>(sql, params);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export interface TotalsRow {
  severity: FindingSeverity;
  category: FindingCategory;
  count: number;
}

/** The counts of the filter per severity and category (the overview's). */
export function findingTotals(db: Queryable, filter: FindingFilter): Promise<TotalsRow[]> {
  const { sql, params } = filterWhere(filter);
  return db.query<TotalsRow>(`SELECT s.severity, s.category, count(*)::int AS count FROM security_findings s WHERE ${sql} GROUP BY 1, 2`, params);
}

export interface GroupRow {
  key: string | null;
  severity: FindingSeverity;
  count: number;
  /** The group's findings in all, and how many groups the filter has. */
  group_count: number;
  groups: number;
}

/** The filter's findings counted by a dimension and severity: the `limit` largest groups (ties by key). */
export function findingGroups(db: Queryable, filter: FindingFilter, by: FindingGroupDimension, limit: number): Promise<GroupRow[]> {
  const { sql, params } = filterWhere(filter);
  params.push(limit);
  return db.query<GroupRow>(
    `WITH counted AS (
       SELECT ${GROUP_KEYS[by]} AS key, s.severity, count(*)::int AS count FROM security_findings s WHERE ${sql} GROUP BY 1, 2
     ), groups AS (
       SELECT key, sum(count)::int AS group_count, count(*) OVER ()::int AS groups FROM counted GROUP BY key
     ), largest AS (
       SELECT * FROM groups ORDER BY group_count DESC, key ASC NULLS LAST LIMIT $${params.length}
     )
     SELECT c.key, c.severity, c.count, l.group_count, l.groups FROM counted c JOIN largest l ON l.key IS NOT DISTINCT FROM c.key
      ORDER BY l.group_count DESC, l.key ASC NULLS LAST`,
    params,
  );
}

/** A finding of the process, with its rule's texts; undefined for another organization's or process's id. */
export async function findingOfProcess(db: Queryable, organizationId: string, processId: string, id: string): Promise<FindingRow | undefined> {
  const [row] = await db.query<FindingRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.organization_id = $1 AND s.process_id = $2 AND s.id = $3`, [organizationId, processId, id]);
  return row;
}

/** A related finding as read: the shared CWEs computed by the database. */
export interface RelatedRow {
  id: string;
  tool_name: string;
  rule_id: string;
  severity: FindingSeverity;
  state: FindingState;
  title: string;
  cwe: string[];
}

/**
 * Other tools' findings of the scope on `resource` (a file or a cloud resource) — on the same
 * start line when `line` is given — whose rules share a CWE with `cwe`; visible ones only.
 */
export function relatedFindings(
  db: Queryable,
  finding: { organizationId: string; processId: string; scope: string; id: string; tool: string; resource: string; line: number | null; cwe: readonly string[] },
  visible: FindingVisibility,
): Promise<RelatedRow[]> {
  return db.query<RelatedRow>(
    `SELECT s.id, s.tool_name, s.rule_id, s.severity, s.state, s.title,
        ARRAY(SELECT c FROM unnest(r.cwe) AS c WHERE c = ANY($7::text[]) ORDER BY c) AS cwe
      FROM ${FROM}
      WHERE s.organization_id = $1 AND s.process_id = $2 AND s.resource = $3 AND s.id <> $4 AND s.tool_name <> $5
        AND ${visibleSql('$6', '$10')} AND r.cwe && $7::text[]
        AND ($8::text IS NULL OR s.location -> 'region' ->> 'startLine' = $8::text) AND s.scope = $9
      ORDER BY array_position(ARRAY['critical', 'high', 'medium', 'low', 'info'], s.severity), s.tool_name, s.rule_id, s.id
      LIMIT 20`,
    [
      finding.organizationId,
      finding.processId,
      finding.resource,
      finding.id,
      finding.tool,
      visible.categories,
      finding.cwe,
      finding.line === null ? null : String(finding.line),
      finding.scope,
      visible.cloudProviders,
    ],
  );
}

/** The findings among `ids` that are the process's and of a category the caller sees, whole, most severe first. */
export function findingRowsOfProcess(db: Queryable, organizationId: string, processId: string, visible: FindingVisibility, ids: readonly string[]): Promise<FindingRow[]> {
  return db.query<FindingRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE s.organization_id = $1 AND s.process_id = $2 AND ${visibleSql('$3', '$5')} AND s.id = ANY($4::uuid[])
      ORDER BY s.tool_name, s.rule_id, s.id`,
    [organizationId, processId, visible.categories, ids, visible.cloudProviders],
  );
}

/** The findings among `ids` that are the process's and of a category the caller sees (the others are 404). */
export async function findingsOfProcess(
  db: Queryable,
  organizationId: string,
  processId: string,
  visible: FindingVisibility,
  ids: readonly string[],
): Promise<Array<{ id: string; state: FindingState; severity: FindingSeverity; title: string; scope: string }>> {
  return db.query(
    `SELECT s.id, s.state, s.severity, s.title, s.scope FROM security_findings s
      WHERE s.organization_id = $1 AND s.process_id = $2 AND ${visibleSql('$3', '$5')} AND s.id = ANY($4::uuid[])`,
    [organizationId, processId, visible.categories, ids, visible.cloudProviders],
  );
}

/** The critical findings an import reported for the first time (their notification): the first few and how many. */
export function newCriticalFindings(
  db: Queryable,
  target: { organizationId: string; processId: string; scope: string; now: Date },
  importId: string,
): Promise<Array<{ id: string; title: string; total: number }>> {
  return db.query(
    `SELECT id, title, count(*) OVER ()::int AS total FROM security_findings
      WHERE organization_id = $1 AND process_id = $2 AND scope = $3 AND last_import_id = $4 AND first_seen = $5
        AND severity = 'critical' AND state = 'open'
      ORDER BY title, id LIMIT 3`,
    [target.organizationId, target.processId, target.scope, importId, target.now.toISOString()],
  );
}

export interface ImportRow {
  id: string;
  process_id: string;
  scope: string;
  format: string;
  runs: unknown;
  created_at: Date | string;
  new_count: number;
  seen_count: number;
  fixed_count: number;
  reopened_count: number;
}

/** An import of the organization (of the process, when named); undefined for another's. */
export async function importOf(db: Queryable, organizationId: string, processId: string | null, id: string): Promise<ImportRow | undefined> {
  const [row] = await db.query<ImportRow>(
    `SELECT id, process_id, scope, format, runs, created_at, new_count, seen_count, fixed_count, reopened_count
       FROM security_finding_imports WHERE organization_id = $1 AND ($2::uuid IS NULL OR process_id = $2::uuid) AND id = $3`,
    [organizationId, processId, id],
  );
  return row;
}
