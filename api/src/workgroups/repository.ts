// Workgroups as stored (migration 005): named groups of an organization's users. Every query
// names the organization, so another organization's workgroup is not found.
import type { WorkgroupMember, WorkgroupView } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export type { WorkgroupMember };

/** As the contract answers it (WorkgroupView): the query builds that shape. */
export type Workgroup = WorkgroupView;

export interface WorkgroupFields {
  name: string;
  description: string;
}

const WORKGROUP = `SELECT w.id, w.name, w.description,
  COALESCE((SELECT json_agg(json_build_object('id', u.id, 'login_id', u.login_id, 'name', u.name) ORDER BY lower(u.login_id))
              FROM workgroup_members wm JOIN users u ON u.id = wm.user_id
             WHERE wm.workgroup_id = w.id AND u.organization_id = w.organization_id), '[]'::json) AS members
  FROM workgroups w`;

export async function listWorkgroups(db: Queryable, organizationId: string): Promise<Workgroup[]> {
  return db.query<Workgroup>(`${WORKGROUP} WHERE w.organization_id = $1 ORDER BY lower(w.name)`, [organizationId]);
}

export async function findWorkgroup(db: Queryable, organizationId: string, id: string): Promise<Workgroup | undefined> {
  const [row] = await db.query<Workgroup>(`${WORKGROUP} WHERE w.organization_id = $1 AND w.id = $2`, [organizationId, id]);
  return row;
}

/** Whether another workgroup of the organization has that name (names are unique whatever their case). */
export async function workgroupNameTaken(db: Queryable, organizationId: string, name: string, except?: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT id FROM workgroups WHERE organization_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)',
    [organizationId, name, except ?? null],
  );
  return rows.length > 0;
}

/** Inserts the workgroup; undefined when the name is taken. */
export async function insertWorkgroup(db: Queryable, organizationId: string, fields: WorkgroupFields): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO workgroups (organization_id, name, description) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id',
    [organizationId, fields.name, fields.description],
  );
  return row?.id;
}

export async function updateWorkgroup(db: Queryable, organizationId: string, id: string, fields: WorkgroupFields): Promise<boolean> {
  const rows = await db.query('UPDATE workgroups SET name = $3, description = $4 WHERE organization_id = $1 AND id = $2 RETURNING id', [
    organizationId,
    id,
    fields.name,
    fields.description,
  ]);
  return rows.length === 1;
}

/** The workgroup's members become exactly these users. */
export async function replaceMembers(db: Queryable, workgroupId: string, userIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM workgroup_members WHERE workgroup_id = $1', [workgroupId]);
  if (userIds.length === 0) return;
  await db.query(
    'INSERT INTO workgroup_members (workgroup_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
    [workgroupId, [...userIds]],
  );
}

export async function deleteWorkgroup(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM workgroups WHERE organization_id = $1 AND id = $2 RETURNING id', [organizationId, id]);
  return rows.length === 1;
}

/** The workgroups the user belongs to, in the user's organization. */
export async function workgroupsOfUser(db: Queryable, organizationId: string, userId: string): Promise<{ id: string; name: string }[]> {
  return db.query<{ id: string; name: string }>(
    `SELECT w.id, w.name FROM workgroups w JOIN workgroup_members wm ON wm.workgroup_id = w.id
      WHERE w.organization_id = $1 AND wm.user_id = $2 ORDER BY lower(w.name)`,
    [organizationId, userId],
  );
}

/** Whether the organization has a workgroup of that id. */
export async function workgroupExists(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  const [row] = await db.query('SELECT id FROM workgroups WHERE organization_id = $1 AND id = $2', [organizationId, id]);
  return row !== undefined;
}
