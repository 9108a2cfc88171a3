// What the analyses read of requirements and users (SQL of the analysis family).
import type { Queryable } from '../db/database';

export interface RequirementRow {
  id: string;
  code: string;
  title: string;
  owner_id: string | null;
  parent_id: string | null;
  deleted_at: Date | string | null;
}

/** The process's requirement of that id (deleted ones too), locked for a change when asked. */
export async function requirementOfProcess(db: Queryable, organizationId: string, processId: string, id: string, lock = false): Promise<RequirementRow | undefined> {
  const [row] = await db.query<RequirementRow>(
    `SELECT id, code, title, owner_id, parent_id, deleted_at FROM requirements
      WHERE id = $1 AND organization_id = $2 AND process_id = $3${lock ? ' FOR UPDATE' : ''}`,
    [id, organizationId, processId],
  );
  return row;
}

/** The id of the organization's user of that id, if there is one. */
export async function userOfOrganization(db: Queryable, organizationId: string, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE id = $1 AND organization_id = $2', [id, organizationId]);
  return row?.id;
}
