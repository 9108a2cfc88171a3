// The SQL of the changes re-evaluation consumes (compliance_changes, written by the triggers of
// migration 040) and of the processes it runs for.
import type { Queryable } from '../db/database';
import type { ProcessScope } from './evaluate';

export interface ChangeRow {
  seq: string;
  topic: string;
  subject: string | null;
}

/** The process's oldest changes, at most `limit`. */
export function pendingChanges(db: Queryable, processId: string, limit: number): Promise<ChangeRow[]> {
  return db.query<ChangeRow>('SELECT seq::text AS seq, topic, subject FROM compliance_changes WHERE process_id = $1 ORDER BY seq LIMIT $2', [processId, limit]);
}

/** Forgets the process's changes up to `seq` (consumed). */
export async function dropChanges(db: Queryable, processId: string, seq: string): Promise<void> {
  await db.query('DELETE FROM compliance_changes WHERE process_id = $1 AND seq <= $2::bigint', [processId, seq]);
}

/** Each process with changes waiting: its newest change and when its oldest was recorded. */
export function processesWithChanges(db: Queryable): Promise<Array<{ process_id: string; newest: string; oldest_at: Date | string }>> {
  return db.query<{ process_id: string; newest: string; oldest_at: Date | string }>(
    'SELECT process_id, max(seq)::text AS newest, min(at) AS oldest_at FROM compliance_changes GROUP BY process_id ORDER BY process_id',
  );
}

/** A full evaluation of every process with checks is due (the scheduled pass): one change 'full' each; their ids. */
export async function recordFullEvaluations(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ process_id: string }>(
    `INSERT INTO compliance_changes (process_id, topic) SELECT DISTINCT process_id, 'full' FROM compliance_checks RETURNING process_id`,
  );
  return rows.map((row) => row.process_id);
}

/** The process as events name it; undefined when it is gone. */
export async function processScopeOf(db: Queryable, processId: string): Promise<ProcessScope | undefined> {
  const [row] = await db.query<ProcessScope>('SELECT organization_id AS "organizationId", id AS "processId", code_name AS "processCode" FROM processes WHERE id = $1', [processId]);
  return row;
}
