// The `roles` rows IAM reads and writes (migration 005), next to authorization/roles.ts which
// resolves them for sessions: the global rows (organization_id NULL: built-in defaults and global
// roles), an organization's overrides of built-in roles and its custom roles; and who holds a role.
import type { Queryable } from '../db/database';
import type { PolicyInput, RoleKind } from '../authorization/defaults';
import type { RoleRecord } from '../authorization/roles.repository';

const COLUMNS = 'id, organization_id, name, kind, description, built_in, policies';

/** The rows of the global scope: every built-in default and the global custom roles. */
export async function listGlobalRoles(db: Queryable): Promise<RoleRecord[]> {
  return db.query<RoleRecord>(`SELECT ${COLUMNS} FROM roles WHERE organization_id IS NULL ORDER BY name`);
}

/**
 * The roles as they apply in the organization: the built-in process and organization roles (its
 * override where it has one, else the default) and its custom roles.
 */
export async function listOrganizationRoles(db: Queryable, organizationId: string): Promise<RoleRecord[]> {
  return db.query<RoleRecord>(
    `SELECT DISTINCT ON (name) ${COLUMNS} FROM roles
      WHERE organization_id = $1 OR (organization_id IS NULL AND built_in AND kind <> 'global')
      ORDER BY name, organization_id NULLS LAST`,
    [organizationId],
  );
}

/** The row of exactly that scope (null: the global row). */
export async function findRoleRow(db: Queryable, organizationId: string | null, name: string): Promise<RoleRecord | undefined> {
  const [row] = await db.query<RoleRecord>(
    `SELECT ${COLUMNS} FROM roles WHERE name = $2 AND organization_id IS NOT DISTINCT FROM $1::uuid`,
    [organizationId, name],
  );
  return row;
}

export interface NewRoleRow {
  organizationId: string | null;
  name: string;
  kind: RoleKind;
  description: string;
  builtIn: boolean;
  policies: PolicyInput[];
  now: Date;
}

/** Inserts the row; undefined when that scope already has a role of the name. */
export async function insertRoleRow(db: Queryable, role: NewRoleRow): Promise<RoleRecord | undefined> {
  const [row] = await db.query<RoleRecord>(
    `INSERT INTO roles (organization_id, name, kind, description, built_in, policies, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)
     ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
    [role.organizationId, role.name, role.kind, role.description, role.builtIn, JSON.stringify(role.policies), role.now.toISOString()],
  );
  return row;
}

export async function updateRoleRow(
  db: Queryable,
  id: string,
  changes: { description: string; policies: PolicyInput[]; now: Date },
): Promise<RoleRecord> {
  const [row] = await db.query<RoleRecord>(
    `UPDATE roles SET description = $2, policies = $3::jsonb, updated_at = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, changes.description, JSON.stringify(changes.policies), changes.now.toISOString()],
  );
  if (!row) throw new Error(`The role ${id} vanished while being updated.`);
  return row;
}

export async function deleteRoleRow(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM roles WHERE id = $1', [id]);
}

/**
 * Takes a removed role from everyone who held it in the scope: users' roles (the organization's
 * users, or the users without one) and process memberships (a membership left without roles ends).
 */
export async function removeRoleFromHolders(db: Queryable, organizationId: string | null, name: string): Promise<void> {
  await db.query(
    `UPDATE users SET roles = array_remove(roles, $2)
      WHERE $2 = ANY(roles) AND organization_id IS NOT DISTINCT FROM $1::uuid`,
    [organizationId, name],
  );
  if (organizationId === null) return;
  await db.query(
    `DELETE FROM memberships m USING processes p
      WHERE p.id = m.process_id AND p.organization_id = $1 AND $2 = ANY(m.roles)
        AND cardinality(array_remove(m.roles, $2)) = 0`,
    [organizationId, name],
  );
  await db.query(
    `UPDATE memberships m SET roles = array_remove(m.roles, $2)
       FROM processes p
      WHERE p.id = m.process_id AND p.organization_id = $1 AND $2 = ANY(m.roles)`,
    [organizationId, name],
  );
}

/** The user of that id in the scope (an organization's member, or a user without one). */
export async function findUserInScope(
  db: Queryable,
  organizationId: string | null,
  userId: string,
): Promise<{ id: string; roles: string[] } | undefined> {
  const [row] = await db.query<{ id: string; roles: string[] }>(
    'SELECT id, roles FROM users WHERE id = $2 AND organization_id IS NOT DISTINCT FROM $1::uuid',
    [organizationId, userId],
  );
  return row;
}

/** Gives the role to the user or takes it away (idempotent). */
export async function setUserRole(db: Queryable, userId: string, name: string, assigned: boolean, now: Date): Promise<void> {
  await db.query(
    assigned
      ? `UPDATE users SET roles = array_append(roles, $2), updated_at = $3 WHERE id = $1 AND NOT ($2 = ANY(roles))`
      : `UPDATE users SET roles = array_remove(roles, $2), updated_at = $3 WHERE id = $1 AND $2 = ANY(roles)`,
    [userId, name, now.toISOString()],
  );
}
