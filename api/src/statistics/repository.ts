// The dashboard's counts as stored (SQL of the statistics family), in one statement.
import type { Queryable } from '../db/database';

export interface DashboardCounts {
  total: number;
  by_status: Record<string, number> | null;
  by_priority: Record<string, number> | null;
  average_progress: number | null;
  overdue: number;
  open_gaps: number;
  open_risks: number;
}

/** The live requirements' counts (by status, priority, overdue before `today`) and the open gaps and risks of the process. */
export async function dashboardCounts(db: Queryable, processId: string, today: string): Promise<DashboardCounts> {
  const [row] = await db.query<DashboardCounts>(
    `WITH live AS (SELECT status, priority, progress, due_date FROM requirements WHERE process_id = $1 AND deleted_at IS NULL)
     SELECT (SELECT count(*)::int FROM live) AS total,
            (SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM live GROUP BY status) s) AS by_status,
            (SELECT json_object_agg(priority, n) FROM (SELECT priority, count(*)::int AS n FROM live GROUP BY priority) p) AS by_priority,
            (SELECT round(avg(progress))::int FROM live) AS average_progress,
            (SELECT count(*)::int FROM live WHERE due_date < $2::date AND status <> 'COMPLETED') AS overdue,
            (SELECT count(*)::int FROM gaps g JOIN requirements r ON r.id = g.requirement_id
              WHERE g.process_id = $1 AND g.status = 'OPEN' AND r.deleted_at IS NULL) AS open_gaps,
            (SELECT count(*)::int FROM risks k JOIN requirements r ON r.id = k.requirement_id
              WHERE k.process_id = $1 AND k.status = 'OPEN' AND r.deleted_at IS NULL) AS open_risks`,
    [processId, today],
  );
  return row;
}
