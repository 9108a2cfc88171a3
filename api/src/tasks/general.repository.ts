// SQL of general tasks (issue 23 item 4): what a link names in the process, and an edit.
import type { TaskLinkKind } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** The label of the process's requirement, application or finding of that id; undefined when it has none. */
export async function linkLabel(db: Queryable, processId: string, kind: TaskLinkKind, id: string): Promise<string | undefined> {
  const sql: Record<TaskLinkKind, string> = {
    requirement: `SELECT code || ' ' || title AS label FROM requirements WHERE id = $1 AND process_id = $2 AND deleted_at IS NULL`,
    application: 'SELECT app_key AS label FROM applications WHERE id = $1 AND process_id = $2',
    // A finding's id is unique (migration 013) but not indexed (021): read once when linking.
    finding: `SELECT f.vulnerability_id || ' in ' || a.app_key AS label FROM build_findings f
                JOIN application_builds b ON b.id = f.build_id JOIN applications a ON a.id = b.application_id
               WHERE f.id = $1 AND a.process_id = $2 LIMIT 1`,
  };
  const [row] = await db.query<{ label: string }>(sql[kind], [id, processId]);
  return row?.label;
}

export interface GeneralChange {
  title: string;
  description: string;
  dueDate: string | null;
  assignedToUser: string | null;
  assignedToGroup: string | null;
  linkKind: string | null;
  linkId: string | null;
  linkLabel: string;
  recurrence: string | null;
  recurrenceStart: string | null;
  /** The due date moved: its reminders are raised again for the new one. */
  dueMoved: boolean;
}

export async function updateGeneralTask(tx: Queryable, taskId: string, change: GeneralChange): Promise<void> {
  await tx.query(
    `UPDATE tasks SET title = $2, description = $3, due_date = $4::date, assigned_to_user = $5::uuid, assigned_to_group = $6::uuid,
        link_kind = $7, link_id = $8::uuid, link_label = $9, recurrence = $10, recurrence_start = $11::date, updated_at = now(),
        reminded_at = CASE WHEN $12::boolean THEN NULL ELSE reminded_at END, past_due_at = CASE WHEN $12::boolean THEN NULL ELSE past_due_at END
      WHERE id = $1`,
    [
      taskId,
      change.title,
      change.description,
      change.dueDate,
      change.assignedToUser,
      change.assignedToGroup,
      change.linkKind,
      change.linkId,
      change.linkLabel,
      change.recurrence,
      change.recurrenceStart,
      change.dueMoved,
    ],
  );
}
