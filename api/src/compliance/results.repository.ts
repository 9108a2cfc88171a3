// The SQL that records an evaluation run's results, a batch of requirements at a time (a few
// statements per batch, not per check: a full run writes 2,000 results), and the requirements'
// statuses from their checks.
import type { ComplianceStatus } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { StoredReason } from './reasons';

/** Holds the process's compliance writes in `tx` (one writer per process at a time). */
export async function lockProcessCompliance(tx: Queryable, processId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('compliance:' || $1::text))", [processId]);
}

export interface StoredResult {
  id: string;
  status: ComplianceStatus;
  summary: string;
  reasons_digest: string;
  evaluated_at: Date | string | null;
}

/**
 * The results the run may replace, locked: those of the checks that no later evaluation wrote and
 * that did not change (nor were deleted) since the run started at `at`.
 */
export async function lockResults(tx: Queryable, ids: readonly string[], at: Date): Promise<Map<string, StoredResult>> {
  const rows = await tx.query<StoredResult>(
    `SELECT id, status, summary, reasons_digest, evaluated_at FROM compliance_checks
      WHERE id = ANY($1::uuid[]) AND (evaluated_at IS NULL OR evaluated_at <= $2::timestamptz) AND updated_at <= $2::timestamptz
      ORDER BY id FOR UPDATE`,
    [ids, at.toISOString()],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export interface ResultWrite {
  id: string;
  status: ComplianceStatus;
  summary: string;
  /** null: the reasons stored stay (the same as found). */
  reasons: StoredReason[] | null;
  digest: string;
  reasonTotal: number;
}

/** Writes the results as of the run that started at `at` (status_since moves with a new status only). */
export async function writeResults(tx: Queryable, results: readonly ResultWrite[], at: Date): Promise<void> {
  if (results.length === 0) return;
  await tx.query(
    `UPDATE compliance_checks c
        SET status = u.status, summary = u.summary, reasons = coalesce(u.reasons, c.reasons), reasons_digest = u.digest, reason_total = u.total,
            evaluated_at = $6::timestamptz, status_since = CASE WHEN c.status = u.status THEN c.status_since ELSE $6::timestamptz END
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::jsonb[], $5::int[], $7::text[]) AS u(id, status, summary, reasons, total, digest)
      WHERE c.id = u.id`,
    [
      results.map((result) => result.id),
      results.map((result) => result.status),
      results.map((result) => result.summary),
      results.map((result) => (result.reasons === null ? null : JSON.stringify(result.reasons))),
      results.map((result) => result.reasonTotal),
      at.toISOString(),
      results.map((result) => result.digest),
    ],
  );
}

/** The statuses of the requirements' checks, by requirement (a requirement without checks is absent). */
export async function checkStatusesOf(tx: Queryable, requirementIds: readonly string[]): Promise<Map<string, ComplianceStatus[]>> {
  const rows = await tx.query<{ requirement_id: string; statuses: ComplianceStatus[] }>(
    'SELECT requirement_id, array_agg(status) AS statuses FROM compliance_checks WHERE requirement_id = ANY($1::uuid[]) GROUP BY requirement_id',
    [requirementIds],
  );
  return new Map(rows.map((row) => [row.requirement_id, row.statuses]));
}

export interface RequirementStatusRow {
  requirement_id: string;
  status: ComplianceStatus;
  status_since: Date | string;
  evaluated_at: Date | string;
  gap_id: string | null;
}

const STATUS_COLUMNS = 'requirement_id, status, status_since, evaluated_at, gap_id';

export async function requirementStatusOf(db: Queryable, requirementId: string): Promise<RequirementStatusRow | undefined> {
  const [row] = await db.query<RequirementStatusRow>(`SELECT ${STATUS_COLUMNS} FROM compliance_requirements WHERE requirement_id = $1`, [requirementId]);
  return row;
}

/** The requirements' statuses, locked. */
export async function lockRequirementStatuses(tx: Queryable, requirementIds: readonly string[]): Promise<Map<string, RequirementStatusRow>> {
  const rows = await tx.query<RequirementStatusRow>(`SELECT ${STATUS_COLUMNS} FROM compliance_requirements WHERE requirement_id = ANY($1::uuid[]) ORDER BY requirement_id FOR UPDATE`, [
    requirementIds,
  ]);
  return new Map(rows.map((row) => [row.requirement_id, row]));
}

/** Sets the requirements' statuses as of `at`; those with null (no check left) lose their row. */
export async function setRequirementStatuses(
  tx: Queryable,
  process: { organizationId: string; processId: string },
  statuses: ReadonlyArray<{ requirementId: string; status: ComplianceStatus | null }>,
  at: Date,
): Promise<void> {
  const kept = statuses.filter((entry) => entry.status !== null);
  const gone = statuses.filter((entry) => entry.status === null).map((entry) => entry.requirementId);
  if (gone.length > 0) await tx.query('DELETE FROM compliance_requirements WHERE requirement_id = ANY($1::uuid[])', [gone]);
  if (kept.length === 0) return;
  await tx.query(
    `INSERT INTO compliance_requirements (requirement_id, organization_id, process_id, status, status_since, evaluated_at)
     SELECT u.id, $3, $4, u.status, $5::timestamptz, $5::timestamptz FROM unnest($1::uuid[], $2::text[]) AS u(id, status)
     ON CONFLICT (requirement_id) DO UPDATE SET status = EXCLUDED.status, evaluated_at = EXCLUDED.evaluated_at,
       status_since = CASE WHEN compliance_requirements.status = EXCLUDED.status THEN compliance_requirements.status_since ELSE EXCLUDED.status_since END`,
    [kept.map((entry) => entry.requirementId), kept.map((entry) => entry.status), process.organizationId, process.processId, at.toISOString()],
  );
}

export async function setRequirementGap(tx: Queryable, requirementId: string, gapId: string | null): Promise<void> {
  await tx.query('UPDATE compliance_requirements SET gap_id = $2 WHERE requirement_id = $1', [requirementId, gapId]);
}
