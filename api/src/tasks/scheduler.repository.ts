// SQL of the due-date scheduler (scheduler.ts): the tasks and requirements due or past due and the
// claiming of a task's reminder (who is told: notices.repository.ts). The tasks family reads the
// requirements tables here but imports nothing of the requirements family (their events come
// through the port app.ts wires).
import type { Queryable } from '../db/database';

/**
 * Claims a task's reminder (reminded_at) or past due (past_due_at, which also sets reminded_at
 * when unset) at `time`; false when the task is not OPEN or was claimed before.
 */
export async function claimDueTask(tx: Queryable, taskId: string, kind: 'Remind Due Date' | 'Past Due', time: string): Promise<boolean> {
  const column = kind === 'Past Due' ? 'past_due_at' : 'reminded_at';
  const claimed = await tx.query(
    `UPDATE tasks SET ${column} = $2::timestamptz${kind === 'Past Due' ? ', reminded_at = coalesce(reminded_at, $2::timestamptz)' : ''}
          WHERE id = $1 AND status = 'OPEN' AND ${column} IS NULL RETURNING id`,
    [taskId, time],
  );
  return claimed.length > 0;
}

export interface DueRequirement {
  id: string;
  organization_id: string;
  process_id: string;
  code_name: string;
  code: string;
  title: string;
  due_date: string;
  owner_id: string | null;
  created_by: string | null;
}

/** Locks the requirement (in `tx`) with what its due-date event and notification need. */
export async function lockDueRequirement(tx: Queryable, requirementId: string): Promise<DueRequirement | undefined> {
  const [requirement] = await tx.query<DueRequirement>(
    `SELECT r.id, r.organization_id, r.process_id, p.code_name, r.code, r.title, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
                r.owner_id, r.created_by
           FROM requirements r JOIN processes p ON p.id = r.process_id WHERE r.id = $1 FOR UPDATE OF r`,
    [requirementId],
  );
  return requirement;
}

/** Whether the requirement's `kind` event for that due date was raised already. */
export async function dueEventRaised(tx: Queryable, requirementId: string, kind: string, dueDate: string): Promise<boolean> {
  const [seen] = await tx.query(
    `SELECT 1 FROM requirement_events WHERE requirement_id = $1 AND type = $2 AND data->>'due_date' = $3 LIMIT 1`,
    [requirementId, kind, dueDate],
  );
  return Boolean(seen);
}

/** Open tasks past due (not yet announced) or due by `horizon` (not yet reminded), by due date. */
export async function dueTasks(db: Queryable, today: string, horizon: string): Promise<Array<{ id: string; past: boolean }>> {
  return db.query<{ id: string; past: boolean }>(
    `SELECT id, due_date < $1::date AS past FROM tasks
        WHERE status = 'OPEN' AND due_date IS NOT NULL
          AND ((due_date < $1::date AND past_due_at IS NULL) OR (due_date >= $1::date AND due_date <= $2::date AND reminded_at IS NULL))
        ORDER BY due_date, id`,
    [today, horizon],
  );
}

/** Unfinished requirements due by `horizon` whose event for their due date was not raised, by due date. */
export async function dueRequirements(db: Queryable, today: string, horizon: string): Promise<Array<{ id: string; past: boolean }>> {
  return db.query<{ id: string; past: boolean }>(
    `SELECT r.id, r.due_date < $1::date AS past FROM requirements r
        WHERE r.deleted_at IS NULL AND r.due_date IS NOT NULL AND r.due_date <= $2::date
          AND r.status NOT IN ('COMPLETED', 'FAILED')
          AND NOT EXISTS (SELECT 1 FROM requirement_events e WHERE e.requirement_id = r.id
                AND e.type = CASE WHEN r.due_date < $1::date THEN 'Past Due' ELSE 'Remind Due Date' END
                AND e.data->>'due_date' = to_char(r.due_date, 'YYYY-MM-DD'))
        ORDER BY r.due_date, r.id`,
    [today, horizon],
  );
}
