// Process memberships (migration 005): the process roles a user holds in one process.
import type { Queryable } from '../db/database';

/** Sets the user's roles in the process; an empty list ends the membership. */
export async function setMembership(db: Queryable, userId: string, processId: string, roles: readonly string[]): Promise<void> {
  if (roles.length === 0) {
    await db.query('DELETE FROM memberships WHERE user_id = $1 AND process_id = $2', [userId, processId]);
    return;
  }
  await db.query(
    `INSERT INTO memberships (user_id, process_id, roles) VALUES ($1, $2, $3::text[])
     ON CONFLICT (user_id, process_id) DO UPDATE SET roles = EXCLUDED.roles`,
    [userId, processId, [...roles]],
  );
}
