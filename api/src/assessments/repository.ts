// The gaps and risks of requirements, as stored (SQL of the assessments family).
import type { Gap, Risk } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { iso, userRef, type Scope } from '../analysis/service';

// The wire shape is the contract's.
export type { Gap, Risk };

const GAP_SELECT = `SELECT g.id, json_build_object('id', r.id, 'code', r.code, 'title', r.title) AS requirement,
    g.description, g.remediation_plan, to_char(g.target_date, 'YYYY-MM-DD') AS target_date, g.status, g.task_id,
    ${userRef('au')} AS assignee, ${userRef('cu')} AS created_by, g.created_at, g.closed_at
  FROM gaps g JOIN requirements r ON r.id = g.requirement_id LEFT JOIN users cu ON cu.id = g.created_by
  LEFT JOIN tasks gt ON gt.id = g.task_id LEFT JOIN users au ON au.id = coalesce(gt.delegated_to, gt.assigned_to_user)`;

const RISK_SELECT = `SELECT k.id, json_build_object('id', r.id, 'code', r.code, 'title', r.title) AS requirement,
    k.likelihood, k.impact, k.score, k.description, k.status, k.task_id, k.created_at
  FROM risks k JOIN requirements r ON r.id = k.requirement_id`;

type Timed<T, K extends keyof T> = Omit<T, K> & { [P in K]: Date | string | null };

const gapView = (row: Timed<Gap, 'created_at' | 'closed_at'>): Gap => ({
  ...row,
  created_at: iso(row.created_at)!,
  closed_at: iso(row.closed_at),
});

const riskView = (row: Timed<Risk, 'created_at'>): Risk => ({ ...row, created_at: iso(row.created_at)! });

export async function gapById(db: Queryable, scope: Scope, id: string): Promise<Gap | undefined> {
  const [row] = await db.query<Timed<Gap, 'created_at' | 'closed_at'>>(
    `${GAP_SELECT} WHERE g.id = $1 AND g.organization_id = $2 AND g.process_id = $3`,
    [id, scope.organizationId, scope.processId],
  );
  return row ? gapView(row) : undefined;
}

export async function riskById(db: Queryable, id: string): Promise<Risk> {
  const [row] = await db.query<Timed<Risk, 'created_at'>>(`${RISK_SELECT} WHERE k.id = $1`, [id]);
  return riskView(row);
}

export interface GapInsert {
  requirementId: string;
  description: string;
  remediationPlan: string;
  targetDate: string;
}

/** `scope.actor` null: a gap the portal raised (live compliance). */
export async function insertGap(tx: Queryable, scope: Pick<Scope, 'organizationId' | 'processId'> & { actor: { id: string } | null }, gap: GapInsert): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO gaps (organization_id, process_id, requirement_id, description, remediation_plan, target_date, created_by)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7) RETURNING id`,
    [scope.organizationId, scope.processId, gap.requirementId, gap.description, gap.remediationPlan, gap.targetDate, scope.actor?.id ?? null],
  );
  return row.id;
}

export async function setGapTask(tx: Queryable, gapId: string, taskId: string): Promise<void> {
  await tx.query('UPDATE gaps SET task_id = $2 WHERE id = $1', [gapId, taskId]);
}

export interface GapFilter {
  status: string | null;
  /** A LIKE pattern, lowercased and escaped. */
  like: string | null;
  requirementId: string | null;
}

export async function listGaps(db: Queryable, scope: Scope, filter: GapFilter): Promise<Gap[]> {
  const rows = await db.query<Timed<Gap, 'created_at' | 'closed_at'>>(
    `${GAP_SELECT}
      WHERE g.organization_id = $1 AND g.process_id = $2
        AND ($3::text IS NULL OR g.status = $3)
        AND ($4::text IS NULL OR lower(g.description) LIKE $4 OR lower(g.remediation_plan) LIKE $4
             OR lower(r.code) LIKE $4 OR lower(r.title) LIKE $4)
        AND ($5::uuid IS NULL OR g.requirement_id = $5)
      ORDER BY g.created_at DESC, g.id`,
    [scope.organizationId, scope.processId, filter.status, filter.like, filter.requirementId],
  );
  return rows.map(gapView);
}

/** The process's gap, locked for the change. */
export async function lockGap(tx: Queryable, scope: Scope, id: string): Promise<{ id: string; status: string; task_id: string | null } | undefined> {
  const [gap] = await tx.query<{ id: string; status: string; task_id: string | null }>(
    'SELECT id, status, task_id FROM gaps WHERE id = $1 AND organization_id = $2 AND process_id = $3 FOR UPDATE',
    [id, scope.organizationId, scope.processId],
  );
  return gap;
}

/** The gap's status and task, locked (a gap of any process: its id came from the portal's own records). */
export function gapTaskOf(tx: Queryable, id: string): Promise<Array<{ status: string; task_id: string | null }>> {
  return tx.query<{ status: string; task_id: string | null }>('SELECT status, task_id FROM gaps WHERE id = $1 FOR UPDATE', [id]);
}

export async function closeGapRow(tx: Queryable, id: string, closedBy: string | null): Promise<void> {
  await tx.query(`UPDATE gaps SET status = 'CLOSED', closed_at = now(), closed_by = $2 WHERE id = $1`, [id, closedBy]);
}

export interface RiskInsert {
  requirementId: string;
  likelihood: number;
  impact: number;
  description: string;
}

export async function insertRisk(tx: Queryable, scope: Scope, risk: RiskInsert): Promise<{ id: string; score: number }> {
  const [row] = await tx.query<{ id: string; score: number }>(
    `INSERT INTO risks (organization_id, process_id, requirement_id, likelihood, impact, description, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, score`,
    [scope.organizationId, scope.processId, risk.requirementId, risk.likelihood, risk.impact, risk.description, scope.actor.id],
  );
  return row;
}

export async function setRiskTask(tx: Queryable, riskId: string, taskId: string): Promise<void> {
  await tx.query('UPDATE risks SET task_id = $2 WHERE id = $1', [riskId, taskId]);
}

export async function listRisks(db: Queryable, scope: Scope, filter: { status: string | null; requirementId: string | null }): Promise<Risk[]> {
  const rows = await db.query<Timed<Risk, 'created_at'>>(
    `${RISK_SELECT}
      WHERE k.organization_id = $1 AND k.process_id = $2 AND ($3::text IS NULL OR k.status = $3)
        AND ($4::uuid IS NULL OR k.requirement_id = $4)
      ORDER BY k.score DESC, k.created_at DESC, k.id`,
    [scope.organizationId, scope.processId, filter.status, filter.requirementId],
  );
  return rows.map(riskView);
}
