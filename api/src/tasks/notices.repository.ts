// SQL of the task notifications (notices.ts): who a task concerns and what it is about. The tasks
// family reads the requirements table here but imports nothing of the requirements family.
import type { Queryable } from '../db/database';

/** A task's (active) assignee and delegate, or else its workgroup's members. */
export async function assigneeIds(tx: Queryable, assignedToUser: string | null, delegatedTo: string | null, assignedToGroup: string | null): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT u.id FROM users u WHERE NOT u.inactive AND (u.id = $1 OR u.id = $2
           OR ($1::uuid IS NULL AND $2::uuid IS NULL AND u.id IN (SELECT user_id FROM workgroup_members WHERE workgroup_id = $3)))`,
    [assignedToUser, delegatedTo, assignedToGroup],
  );
  return rows.map((row) => row.id);
}

export interface RequirementRef {
  id: string;
  code: string;
  title: string;
  owner_id: string | null;
  created_by: string | null;
}

/** The requirement a task is about: its code, title, owner and author. */
export async function requirementRefOf(tx: Queryable, requirementId: string): Promise<RequirementRef | undefined> {
  const [requirement] = await tx.query<RequirementRef>('SELECT id, code, title, owner_id, created_by FROM requirements WHERE id = $1', [requirementId]);
  return requirement;
}
