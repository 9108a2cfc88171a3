// The conflicts between requirements, as stored (SQL of the conflicts family).
import type { Conflict } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { iso, type Scope } from '../analysis/service';

// The wire shape is the contract's.
export type { Conflict };

const CONFLICT_SELECT = `SELECT c.id, json_build_object('id', ra.id, 'code', ra.code, 'title', ra.title) AS a,
    json_build_object('id', rb.id, 'code', rb.code, 'title', rb.title) AS b, c.description, c.status, c.task_id, c.created_at
  FROM conflicts c JOIN requirements ra ON ra.id = c.requirement_a_id JOIN requirements rb ON rb.id = c.requirement_b_id`;

type ConflictRow = Omit<Conflict, 'created_at'> & { created_at: Date | string };
const conflictView = (row: ConflictRow): Conflict => ({ ...row, created_at: iso(row.created_at)! });

/** Whether an open conflict of the process joins the two requirements (either way round). */
export async function openConflictExists(tx: Queryable, processId: string, a: string, b: string): Promise<boolean> {
  const [existing] = await tx.query(
    `SELECT 1 FROM conflicts WHERE status = 'OPEN' AND process_id = $1
        AND ((requirement_a_id = $2 AND requirement_b_id = $3) OR (requirement_a_id = $3 AND requirement_b_id = $2))`,
    [processId, a, b],
  );
  return existing !== undefined;
}

export async function insertConflict(tx: Queryable, scope: Scope, a: string, b: string, description: string): Promise<string> {
  const [conflict] = await tx.query<{ id: string }>(
    `INSERT INTO conflicts (organization_id, process_id, requirement_a_id, requirement_b_id, description, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [scope.organizationId, scope.processId, a, b, description, scope.actor.id],
  );
  return conflict.id;
}

export async function setConflictTask(tx: Queryable, conflictId: string, taskId: string): Promise<void> {
  await tx.query('UPDATE conflicts SET task_id = $2 WHERE id = $1', [conflictId, taskId]);
}

export async function conflictById(db: Queryable, id: string): Promise<Conflict> {
  const [row] = await db.query<ConflictRow>(`${CONFLICT_SELECT} WHERE c.id = $1`, [id]);
  return conflictView(row);
}

export async function listConflicts(db: Queryable, scope: Scope, status: string | null): Promise<Conflict[]> {
  const rows = await db.query<ConflictRow>(
    `${CONFLICT_SELECT} WHERE c.organization_id = $1 AND c.process_id = $2 AND ($3::text IS NULL OR c.status = $3)
      ORDER BY c.created_at DESC, c.id`,
    [scope.organizationId, scope.processId, status],
  );
  return rows.map(conflictView);
}
