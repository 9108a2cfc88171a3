// The SQL of live compliance's own tables (migration 040): the checks of requirements with their
// current result, the requirements' status from them, and the history of both.
import type { ComplianceCheckKind, ComplianceParams, ComplianceScope, ComplianceStatus, UserRef } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { CheckDefinition } from './input';
import type { StoredReason } from './reasons';

export interface CheckRow {
  id: string;
  organization_id: string;
  process_id: string;
  requirement_id: string;
  /** Set when the requirement is deleted: its checks are not evaluated then. */
  requirement_deleted: boolean;
  kind: ComplianceCheckKind;
  scope: ComplianceScope;
  params: ComplianceParams[ComplianceCheckKind];
  created_by: UserRef | null;
  created_at: Date | string;
  updated_at: Date | string;
  status: ComplianceStatus;
  summary: string;
  reasons: StoredReason[];
  reason_total: number;
  evaluated_at: Date | string | null;
  status_since: Date | string;
}

const CHECK_SELECT = `SELECT c.id, c.organization_id, c.process_id, c.requirement_id, r.deleted_at IS NOT NULL AS requirement_deleted,
    c.kind, c.scope, c.params,
    CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'login_id', u.login_id, 'name', u.name) END AS created_by,
    c.created_at, c.updated_at, c.status, c.summary, c.reasons, c.reason_total, c.evaluated_at, c.status_since
  FROM compliance_checks c JOIN requirements r ON r.id = c.requirement_id LEFT JOIN users u ON u.id = c.created_by`;

/** The requirement's checks, oldest first. */
export function checksOfRequirement(db: Queryable, processId: string, requirementId: string): Promise<CheckRow[]> {
  return db.query<CheckRow>(`${CHECK_SELECT} WHERE c.process_id = $1 AND c.requirement_id = $2 ORDER BY c.created_at, c.id`, [processId, requirementId]);
}

/** The checks of several requirements of the process. */
export function checksOfRequirements(db: Queryable, processId: string, requirementIds: readonly string[]): Promise<CheckRow[]> {
  return db.query<CheckRow>(`${CHECK_SELECT} WHERE c.process_id = $1 AND c.requirement_id = ANY($2::uuid[]) ORDER BY c.requirement_id, c.created_at, c.id`, [
    processId,
    requirementIds,
  ]);
}

/** A check as an evaluation run reads it: its definition, not its result. */
export type CheckDefinitionRow = Pick<CheckRow, 'id' | 'requirement_id' | 'requirement_deleted' | 'kind' | 'scope' | 'params'>;

/** The process's checks of the kinds (every kind when none is given), for an evaluation run. */
export function checksOfProcess(db: Queryable, processId: string, kinds?: readonly string[]): Promise<CheckDefinitionRow[]> {
  return db.query<CheckDefinitionRow>(
    `SELECT c.id, c.requirement_id, r.deleted_at IS NOT NULL AS requirement_deleted, c.kind, c.scope, c.params
       FROM compliance_checks c JOIN requirements r ON r.id = c.requirement_id
      WHERE c.process_id = $1 AND ($2::text[] IS NULL OR c.kind = ANY($2::text[])) ORDER BY c.requirement_id, c.created_at, c.id`,
    [
    processId,
    kinds ?? null,
  ]);
}

export async function findCheck(db: Queryable, processId: string, requirementId: string, id: string): Promise<CheckRow | undefined> {
  const [row] = await db.query<CheckRow>(`${CHECK_SELECT} WHERE c.process_id = $1 AND c.requirement_id = $2 AND c.id = $3`, [processId, requirementId, id]);
  return row;
}

export async function countChecks(db: Queryable, requirementId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM compliance_checks WHERE requirement_id = $1', [requirementId]);
  return row.n;
}

export interface CheckOwner {
  organizationId: string;
  processId: string;
  requirementId: string;
}

/** Times are the app's clock's (`at`), as evaluations' are: a result is written only by an evaluation that started after the check's last change. */
export async function insertCheck(tx: Queryable, owner: CheckOwner, check: CheckDefinition, userId: string, at: Date): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO compliance_checks (organization_id, process_id, requirement_id, kind, scope, params, created_by, updated_by, created_at, updated_at, status_since)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8::timestamptz, $8::timestamptz, $8::timestamptz) RETURNING id`,
    [owner.organizationId, owner.processId, owner.requirementId, check.kind, JSON.stringify(check.scope), JSON.stringify(check.params), userId, at.toISOString()],
  );
  return row.id;
}

/** A new definition: its result is not evaluated until an evaluation that starts after this change writes one. */
export async function updateCheck(tx: Queryable, id: string, check: CheckDefinition, userId: string, at: Date): Promise<void> {
  await tx.query(
    `UPDATE compliance_checks SET kind = $2, scope = $3, params = $4, updated_by = $5, updated_at = $6::timestamptz, evaluated_at = NULL
      WHERE id = $1`,
    [id, check.kind, JSON.stringify(check.scope), JSON.stringify(check.params), userId, at.toISOString()],
  );
}

export async function deleteCheck(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM compliance_checks WHERE id = $1', [id]);
}

export interface HistoryInsert {
  processId: string;
  requirementId: string;
  checkId: string | null;
  kind: ComplianceCheckKind | null;
  from: ComplianceStatus | null;
  /** null: the requirement's last check was deleted (a requirement's row only; migration 047). */
  to: ComplianceStatus | null;
  summary: string;
  reasons: StoredReason[];
  at: Date;
}

export async function insertHistory(tx: Queryable, entries: readonly HistoryInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `INSERT INTO compliance_history (process_id, requirement_id, check_id, kind, from_status, to_status, summary, reasons, at)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::jsonb[], $9::timestamptz[])`,
    [
      entries.map((entry) => entry.processId),
      entries.map((entry) => entry.requirementId),
      entries.map((entry) => entry.checkId),
      entries.map((entry) => entry.kind),
      entries.map((entry) => entry.from),
      entries.map((entry) => entry.to),
      entries.map((entry) => entry.summary),
      entries.map((entry) => JSON.stringify(entry.reasons)),
      entries.map((entry) => entry.at.toISOString()),
    ],
  );
}

export interface HistoryRow {
  at: Date | string;
  check_id: string | null;
  kind: ComplianceCheckKind | null;
  from_status: ComplianceStatus | null;
  to_status: ComplianceStatus | null;
  summary: string;
}

export function historyOf(db: Queryable, requirementId: string, limit: number): Promise<HistoryRow[]> {
  return db.query<HistoryRow>(
    'SELECT at, check_id, kind, from_status, to_status, summary FROM compliance_history WHERE requirement_id = $1 ORDER BY at DESC, id DESC LIMIT $2',
    [requirementId, limit],
  );
}

/** Every requirement of the process with checks, and its status (live requirements only). */
export function statusesOfProcess(db: Queryable, processId: string): Promise<Array<{ requirement_id: string; status: ComplianceStatus; status_since: Date | string }>> {
  return db.query<{ requirement_id: string; status: ComplianceStatus; status_since: Date | string }>(
    `SELECT s.requirement_id, s.status, s.status_since FROM compliance_requirements s JOIN requirements r ON r.id = s.requirement_id
      WHERE s.process_id = $1 AND r.deleted_at IS NULL ORDER BY s.requirement_id`,
    [processId],
  );
}

/** What a notice names of a requirement. */
export async function requirementNamed(db: Queryable, id: string): Promise<{ code: string; title: string; owner_id: string | null; created_by: string | null } | undefined> {
  const [row] = await db.query<{ code: string; title: string; owner_id: string | null; created_by: string | null }>(
    'SELECT code, title, owner_id, created_by FROM requirements WHERE id = $1',
    [id],
  );
  return row;
}

/** Whether `taskId` is an occurrence of a recurring task of the process. */
export async function recurringTaskOfProcess(db: Queryable, processId: string, taskId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM tasks WHERE id = $1 AND process_id = $2 AND (recurrence IS NOT NULL OR previous_id IS NOT NULL)', [taskId, processId]);
  return rows.length > 0;
}
