// The SQL of GET compliance/recurring-tasks (task-choices.ts): the process's recurring task series,
// each walked from its first occurrence (previous_id NULL, a rule) to its latest.
import type { ComplianceRecurringTask } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** Series listed at most (a process has a handful; a picker filters them as one types). */
export const RECURRING_TASKS_LISTED = 1000;
/** Occurrences walked per series at most (a guard against a cycle). */
const MAX_OCCURRENCES = 10_000;

export function recurringTasksOfProcess(db: Queryable, organizationId: string, processId: string): Promise<ComplianceRecurringTask[]> {
  return db.query<ComplianceRecurringTask>(
    `WITH RECURSIVE chain AS (
       SELECT t.id AS series, t.id, 0 AS depth FROM tasks t
        WHERE t.organization_id = $1 AND t.process_id = $2 AND t.previous_id IS NULL AND t.recurrence IS NOT NULL
       UNION ALL
       SELECT c.series, t.id, c.depth + 1 FROM chain c JOIN tasks t ON t.previous_id = c.id WHERE c.depth < ${MAX_OCCURRENCES}
     ), latest AS (
       SELECT DISTINCT ON (series) series, id FROM chain ORDER BY series, depth DESC
     )
     SELECT l.series AS id, t.title, t.recurrence, CASE WHEN t.status = 'OPEN' THEN to_char(t.due_date, 'YYYY-MM-DD') END AS next_due
       FROM latest l JOIN tasks t ON t.id = l.id
      ORDER BY lower(t.title), l.series
      LIMIT ${RECURRING_TASKS_LISTED}`,
    [organizationId, processId],
  );
}
