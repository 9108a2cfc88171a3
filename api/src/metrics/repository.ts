// The metrics' SQL (migration 033, docs/metrics.md): each built-in metric is one query over every
// process asked for at once (grouped by process: no query per process), answering per process and
// labels a sum and, for an average, what it was taken over (weight), so the platform's value is
// recomputed from its processes'. Custom metrics are built from whitelisted parts only.
import type { BuiltInMetricKey, CustomMetricDefinition, FindingSla } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** One process's part of a metric for one set of labels: a count (weight null) or a sum over `weight` items. */
export interface Contribution {
  process_id: string;
  labels: Record<string, string>;
  sum: number;
  weight: number | null;
}

/**
 * The SBOM findings still to act on, per process: the findings of each application's current
 * build (its newest processed one) without a VEX analysis of not_affected or false_positive.
 * $1 organization, $2 process ids.
 */
const SBOM_FINDINGS = `
  current_builds AS (
    SELECT DISTINCT ON (b.application_id) b.id, a.process_id
      FROM application_builds b JOIN applications a ON a.id = b.application_id
     WHERE a.organization_id = $1 AND a.process_id = ANY($2::uuid[]) AND b.status = 'DONE'
     ORDER BY b.application_id, b.number DESC
  ),
  sbom_findings AS (
    SELECT cb.process_id, f.build_id, f.position, f.vulnerability_id, f.aliases, lower(f.severity) AS severity, f.active_exploit
      FROM current_builds cb
      JOIN build_findings f ON f.build_id = cb.id
      LEFT JOIN vex_analyses v ON v.build_id = f.build_id AND v.position = f.position AND v.vulnerability_id = f.vulnerability_id
     WHERE v.state IS NULL OR v.state NOT IN ('not_affected', 'false_positive')
  )`;

/** A security finding's source: SAST (sast, secret), IaC (iac, container), cloud (the rest). */
const SOURCE = `CASE WHEN s.category IN ('sast', 'secret') THEN 'sast' WHEN s.category IN ('iac', 'container') THEN 'iac' ELSE 'cloud' END`;
const OPEN_SECURITY = `s.organization_id = $1 AND s.process_id = ANY($2::uuid[]) AND s.state IN ('open', 'confirmed')`;
const KEV = (ids: string) => `EXISTS (SELECT 1 FROM known_exploited_vulnerabilities k WHERE k.cve_id = ANY(${ids}))`;

/**
 * Each built-in metric's query: $1 organization, $2 process ids, $3 the moment, $4 the default SLA
 * (JSON). Rows: process_id, labels (jsonb), sum, weight (null: a count).
 */
const BUILT_IN_SQL: Record<BuiltInMetricKey, string> = {
  open_findings: `
    WITH ${SBOM_FINDINGS}
    SELECT process_id, jsonb_build_object('source', source, 'severity', severity) AS labels, count(*) AS sum, NULL AS weight FROM (
      SELECT process_id, 'sbom' AS source, severity FROM sbom_findings
      UNION ALL
      SELECT s.process_id, ${SOURCE}, s.severity FROM security_findings s WHERE ${OPEN_SECURITY}
    ) open GROUP BY process_id, source, severity`,
  vulnerable_components: `
    WITH ${SBOM_FINDINGS}
    SELECT f.process_id, '{}'::jsonb AS labels, count(DISTINCT coalesce(c.purl, concat(c.group_name || '/', c.name, '@' || c.version))) AS sum, NULL AS weight
      FROM sbom_findings f JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
     GROUP BY f.process_id`,
  active_exploit_findings: `
    WITH ${SBOM_FINDINGS}
    SELECT process_id, jsonb_build_object('source', source) AS labels, count(*) AS sum, NULL AS weight FROM (
      SELECT process_id, 'sbom' AS source FROM sbom_findings f
       WHERE f.active_exploit OR ${KEV('array_prepend(f.vulnerability_id, f.aliases)')}
      UNION ALL
      SELECT s.process_id, ${SOURCE} FROM security_findings s WHERE ${OPEN_SECURITY} AND ${KEV('s.vulnerability_ids')}
    ) exploited GROUP BY process_id, source`,
  mean_time_to_remediate_days: `
    SELECT s.process_id, '{}'::jsonb AS labels, sum(extract(epoch FROM s.fixed_at - s.first_seen) / 86400) AS sum, count(*) AS weight
      FROM security_findings s
     WHERE s.organization_id = $1 AND s.process_id = ANY($2::uuid[]) AND s.state = 'fixed'
       AND s.fixed_at > $3::timestamptz - interval '90 days' AND s.fixed_at <= $3::timestamptz
     GROUP BY s.process_id`,
  sla_breaches: `
    SELECT s.process_id, jsonb_build_object('severity', s.severity) AS labels, count(*) AS sum, NULL AS weight
      FROM security_findings s LEFT JOIN security_finding_sla l ON l.process_id = s.process_id
     WHERE ${OPEN_SECURITY}
       AND s.first_seen + make_interval(days => (coalesce(l.sla, $4::jsonb) ->> s.severity)::int) < $3::timestamptz
     GROUP BY s.process_id, s.severity`,
  requirements: `
    SELECT r.process_id, jsonb_build_object('status', r.status) AS labels, count(*) AS sum, NULL AS weight
      FROM requirements r WHERE r.organization_id = $1 AND r.process_id = ANY($2::uuid[]) AND r.deleted_at IS NULL
     GROUP BY r.process_id, r.status`,
  requirement_progress_percent: `
    SELECT r.process_id, '{}'::jsonb AS labels, sum(r.progress) AS sum, count(*) AS weight
      FROM requirements r WHERE r.organization_id = $1 AND r.process_id = ANY($2::uuid[]) AND r.deleted_at IS NULL
     GROUP BY r.process_id`,
  // Live compliance (migration 040): the requirements with checks, by their status; the share
  // passing as an average (each requirement weighs 1: the platform's share is over all of them).
  compliance_percent: `
    SELECT s.process_id, '{}'::jsonb AS labels, 100 * count(*) FILTER (WHERE s.status = 'passing') AS sum, count(*) AS weight
      FROM compliance_requirements s JOIN requirements r ON r.id = s.requirement_id
     WHERE s.organization_id = $1 AND s.process_id = ANY($2::uuid[]) AND r.deleted_at IS NULL
     GROUP BY s.process_id`,
  requirements_by_compliance: `
    SELECT s.process_id, jsonb_build_object('status', s.status) AS labels, count(*) AS sum, NULL AS weight
      FROM compliance_requirements s JOIN requirements r ON r.id = s.requirement_id
     WHERE s.organization_id = $1 AND s.process_id = ANY($2::uuid[]) AND r.deleted_at IS NULL
     GROUP BY s.process_id, s.status`,
  overdue_tasks: `
    SELECT t.process_id, '{}'::jsonb AS labels, count(*) AS sum, NULL AS weight
      FROM tasks t WHERE t.organization_id = $1 AND t.process_id = ANY($2::uuid[]) AND t.status = 'OPEN'
       AND t.due_date < ($3::timestamptz AT TIME ZONE 'UTC')::date
     GROUP BY t.process_id`,
  review_cycle_time_days: `
    SELECT t.process_id, '{}'::jsonb AS labels, sum(extract(epoch FROM done.at - t.created_at) / 86400) AS sum, count(*) AS weight
      FROM tasks t
      CROSS JOIN LATERAL (SELECT coalesce(max(e.time), t.updated_at) AS at FROM task_events e WHERE e.task_id = t.id AND e.type = 'Complete') done
     WHERE t.organization_id = $1 AND t.process_id = ANY($2::uuid[]) AND t.type = 'REVIEW' AND t.status = 'COMPLETED'
       AND done.at > $3::timestamptz - interval '90 days' AND done.at <= $3::timestamptz
     GROUP BY t.process_id`,
  // The age of the recovery point (docs/recovery.md): minutes since the newest good backup, or since
  // the process was created when it has none (all of it would be lost). Weight 1 per process: the
  // platform's value is the mean over its processes.
  recovery_point_age_minutes: `
    SELECT p.id AS process_id, '{}'::jsonb AS labels,
           greatest(0, floor(extract(epoch FROM $3::timestamptz - coalesce(b.at, p.created_at)) / 60)) AS sum, 1 AS weight
      FROM processes p
      LEFT JOIN LATERAL (
        SELECT max(r.finished_at) AS at FROM recovery_backups r
         WHERE r.process_id = p.id AND r.status = 'succeeded' AND r.finished_at IS NOT NULL
      ) b ON true
     WHERE p.organization_id = $1 AND p.id = ANY($2::uuid[])`,
};

interface ContributionRow {
  process_id: string;
  labels: Record<string, string>;
  sum: string | number;
  weight: string | number | null;
}

const contribution = (row: ContributionRow): Contribution => ({
  process_id: row.process_id,
  labels: row.labels,
  sum: Number(row.sum),
  weight: row.weight === null ? null : Number(row.weight),
});

/** One built-in metric's contributions of each process in `processIds`. */
export async function builtInContributions(
  db: Queryable,
  key: BuiltInMetricKey,
  organizationId: string,
  processIds: readonly string[],
  now: Date,
  defaultSla: FindingSla,
): Promise<Contribution[]> {
  if (processIds.length === 0) return [];
  const sql = BUILT_IN_SQL[key];
  // Each statement gets exactly the parameters it names (a statement may not be given more).
  const used = Math.max(...[...sql.matchAll(/\$(\d)/g)].map((match) => Number(match[1])));
  const params = [organizationId, processIds, now.toISOString(), JSON.stringify(defaultSla)].slice(0, used);
  return (await db.query<ContributionRow>(sql, params)).map(contribution);
}

/** What a custom metric's entity reads: its table, and the SQL of its whitelisted fields ($1 org, $2 process, $3 now). */
const ENTITY_SQL: Record<CustomMetricDefinition['entity'], { from: string; where: string; numeric: Record<string, string>; filters: Record<string, (n: string, list: boolean) => string> }> = {
  findings: {
    from: 'security_findings x',
    where: 'x.organization_id = $1 AND x.process_id = $2',
    numeric: { age_days: 'extract(epoch FROM $3::timestamptz - x.first_seen) / 86400' },
    filters: {
      severity: (n, list) => (list ? `x.severity = ANY(${n}::text[])` : `x.severity = ${n}`),
      state: (n, list) => (list ? `x.state = ANY(${n}::text[])` : `x.state = ${n}`),
      category: (n, list) => (list ? `x.category = ANY(${n}::text[])` : `x.category = ${n}`),
      tool: (n, list) => (list ? `x.tool_name = ANY(${n}::text[])` : `x.tool_name = ${n}`),
      scope: (n, list) => (list ? `x.scope = ANY(${n}::text[])` : `x.scope = ${n}`),
    },
  },
  tasks: {
    from: 'tasks x',
    where: 'x.organization_id = $1 AND x.process_id = $2',
    numeric: { progress: 'x.progress', age_days: 'extract(epoch FROM $3::timestamptz - x.created_at) / 86400' },
    filters: {
      status: (n, list) => (list ? `x.status = ANY(${n}::text[])` : `x.status = ${n}`),
      type: (n, list) => (list ? `x.type = ANY(${n}::text[])` : `x.type = ${n}`),
    },
  },
  requirements: {
    from: 'requirements x',
    where: 'x.organization_id = $1 AND x.process_id = $2 AND x.deleted_at IS NULL',
    numeric: { progress: 'x.progress' },
    filters: {
      status: (n, list) => (list ? `x.status = ANY(${n}::text[])` : `x.status = ${n}`),
      priority: (n, list) => (list ? `x.priority = ANY(${n}::text[])` : `x.priority = ${n}`),
      tag: (n, list) => (list ? `x.tags && ${n}::text[]` : `${n} = ANY(x.tags)`),
    },
  },
  applications: {
    from: 'applications x',
    where: 'x.organization_id = $1 AND x.process_id = $2',
    numeric: {},
    filters: {
      portfolio: (n, list) => (list ? `x.portfolio = ANY(${n}::text[])` : `x.portfolio = ${n}`),
      continuous_monitoring: (n, list) => (list ? `x.enable_continuous_monitoring = ANY(${n}::boolean[])` : `x.enable_continuous_monitoring = ${n}::boolean`),
    },
  },
};

/** A validated custom metric's value in its process: a count, or a sum over `weight` rows (null when none). */
export async function customContribution(
  db: Queryable,
  definition: CustomMetricDefinition,
  organizationId: string,
  processId: string,
  now: Date,
): Promise<{ sum: number; weight: number | null }> {
  const entity = ENTITY_SQL[definition.entity];
  const params: unknown[] = [organizationId, processId, now.toISOString()];
  const clauses = [entity.where];
  for (const filter of definition.filters ?? []) {
    params.push(filter.value);
    clauses.push(entity.filters[filter.field]!(`$${params.length}`, Array.isArray(filter.value)));
  }
  const select =
    definition.aggregate === 'avg' ? `coalesce(sum(${entity.numeric[definition.field!]}), 0) AS sum, count(*) AS weight` : 'count(*) AS sum, NULL AS weight';
  // $3 (the moment) is typed even when no expression reads it.
  const [row] = await db.query<{ sum: string | number; weight: string | number | null }>(
    `SELECT ${select} FROM ${entity.from} WHERE ${clauses.join(' AND ')} AND $3::timestamptz IS NOT NULL`,
    params,
  );
  return { sum: Number(row?.sum ?? 0), weight: row?.weight === null || row?.weight === undefined ? null : Number(row.weight) };
}

export interface StoredDefinition {
  id: string;
  process_id: string;
  name: string;
  definition: CustomMetricDefinition;
  created_at: Date | string;
  updated_at: Date | string;
}

const DEFINITION_COLUMNS = 'id, process_id, name, definition, created_at, updated_at';

export function definitionsOf(db: Queryable, organizationId: string, processIds: readonly string[]): Promise<StoredDefinition[]> {
  return db.query<StoredDefinition>(
    `SELECT ${DEFINITION_COLUMNS} FROM metric_definitions WHERE organization_id = $1 AND process_id = ANY($2::uuid[]) ORDER BY lower(name), id`,
    [organizationId, processIds],
  );
}

export async function findDefinition(db: Queryable, organizationId: string, processId: string, id: string): Promise<StoredDefinition | undefined> {
  const [row] = await db.query<StoredDefinition>(
    `SELECT ${DEFINITION_COLUMNS} FROM metric_definitions WHERE organization_id = $1 AND process_id = $2 AND id = $3`,
    [organizationId, processId, id],
  );
  return row;
}

export async function nameTaken(db: Queryable, processId: string, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM metric_definitions WHERE process_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)', [processId, name, exceptId]);
  return rows.length > 0;
}

export async function insertDefinition(db: Queryable, organizationId: string, processId: string, definition: CustomMetricDefinition, userId: string, now: Date): Promise<StoredDefinition> {
  const [row] = await db.query<StoredDefinition>(
    `INSERT INTO metric_definitions (organization_id, process_id, name, definition, created_by, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $6) RETURNING ${DEFINITION_COLUMNS}`,
    [organizationId, processId, definition.name, JSON.stringify(definition), userId, now.toISOString()],
  );
  return row!;
}

export async function updateDefinition(db: Queryable, organizationId: string, processId: string, id: string, definition: CustomMetricDefinition, now: Date): Promise<StoredDefinition | undefined> {
  const [row] = await db.query<StoredDefinition>(
    `UPDATE metric_definitions SET name = $4, definition = $5::jsonb, updated_at = $6
      WHERE organization_id = $1 AND process_id = $2 AND id = $3 RETURNING ${DEFINITION_COLUMNS}`,
    [organizationId, processId, id, definition.name, JSON.stringify(definition), now.toISOString()],
  );
  return row;
}

/** Deletes the definition and its series. */
export async function deleteDefinition(db: Queryable, organizationId: string, processId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM metric_definitions WHERE organization_id = $1 AND process_id = $2 AND id = $3 RETURNING id', [organizationId, processId, id]);
  if (rows.length === 0) return false;
  await db.query('DELETE FROM metric_snapshots WHERE process_id = $1 AND metric_key = $2', [processId, `custom.${id}`]);
  return true;
}

export interface SnapshotRow {
  process_id: string;
  metric_key: string;
  labels: Record<string, string>;
  value: number;
  weight: number | null;
  taken_at: string;
}

interface RawSnapshotRow extends Omit<SnapshotRow, 'value' | 'weight' | 'taken_at'> {
  value: string | number;
  weight: string | number | null;
  taken_at: Date | string;
}

const snapshot = (row: RawSnapshotRow): SnapshotRow => ({
  ...row,
  value: Number(row.value),
  weight: row.weight === null ? null : Number(row.weight),
  taken_at: new Date(row.taken_at).toISOString(),
});

/** The latest stored value of each metric and labels of the processes (every metric when `key` is null). */
export async function latestSnapshots(db: Queryable, processIds: readonly string[], key: string | null = null, before: Date | null = null): Promise<SnapshotRow[]> {
  if (processIds.length === 0) return [];
  const rows = await db.query<RawSnapshotRow>(
    `SELECT DISTINCT ON (process_id, metric_key, labels) process_id, metric_key, labels, value, weight, taken_at
       FROM metric_snapshots
      WHERE process_id = ANY($1::uuid[]) AND ($2::text IS NULL OR metric_key = $2) AND ($3::timestamptz IS NULL OR taken_at < $3::timestamptz)
      ORDER BY process_id, metric_key, labels, taken_at DESC, id DESC`,
    [processIds, key, before?.toISOString() ?? null],
  );
  return rows.map(snapshot);
}

/** The stored values of a metric of the processes taken from `from` to `to`, oldest first. */
export async function snapshotsBetween(db: Queryable, processIds: readonly string[], key: string, from: Date, to: Date): Promise<SnapshotRow[]> {
  if (processIds.length === 0) return [];
  const rows = await db.query<RawSnapshotRow>(
    `SELECT process_id, metric_key, labels, value, weight, taken_at FROM metric_snapshots
      WHERE process_id = ANY($1::uuid[]) AND metric_key = $2 AND taken_at >= $3::timestamptz AND taken_at <= $4::timestamptz
      ORDER BY taken_at, id`,
    [processIds, key, from.toISOString(), to.toISOString()],
  );
  return rows.map(snapshot);
}

export async function insertSnapshots(
  db: Queryable,
  organizationId: string,
  processId: string,
  rows: ReadonlyArray<{ key: string; labels: Record<string, string>; value: number; weight: number | null }>,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO metric_snapshots (organization_id, process_id, metric_key, labels, value, weight, taken_at)
     SELECT $1, $2, r.key, r.labels, r.value, r.weight, $4 FROM jsonb_to_recordset($3::jsonb) AS r(key text, labels jsonb, value numeric, weight numeric)`,
    [organizationId, processId, JSON.stringify(rows), now.toISOString()],
  );
}

/** Locks the process's row for one snapshot at a time; false when the process is gone. */
export async function lockProcess(db: Queryable, processId: string): Promise<boolean> {
  return (await db.query('SELECT id FROM processes WHERE id = $1 FOR NO KEY UPDATE', [processId])).length > 0;
}

export interface ProcessRow {
  id: string;
  organization_id: string;
  code_name: string;
}

export function processesOfOrganization(db: Queryable, organizationId: string): Promise<ProcessRow[]> {
  return db.query<ProcessRow>('SELECT id, organization_id, code_name FROM processes WHERE organization_id = $1 ORDER BY lower(code_name)', [organizationId]);
}

export function allProcesses(db: Queryable): Promise<ProcessRow[]> {
  return db.query<ProcessRow>('SELECT id, organization_id, code_name FROM processes ORDER BY organization_id, lower(code_name)');
}

export async function processWithCode(db: Queryable, organizationId: string, code: string): Promise<ProcessRow | undefined> {
  const [row] = await db.query<ProcessRow>('SELECT id, organization_id, code_name FROM processes WHERE organization_id = $1 AND lower(code_name) = lower($2)', [organizationId, code]);
  return row;
}
