// The stored roles (migration 005): the built-in defaults and global roles (no organization), an
// organization's overrides of them and its custom roles. See docs/authorization.md.
import type { Queryable } from '../db/database';
import { BUILT_IN_ROLES, type PolicyInput, type RoleKind } from './defaults';

export interface RoleRecord {
  id: string;
  organization_id: string | null;
  name: string;
  kind: RoleKind;
  description: string;
  built_in: boolean;
  policies: PolicyInput[];
}

const COLUMNS = 'id, organization_id, name, kind, description, built_in, policies';

/** At start-up: the defaults of the built-in roles, where no row of that name exists yet. */
export async function syncBuiltInRoles(db: Queryable): Promise<void> {
  for (const role of BUILT_IN_ROLES) {
    await db.query(
      `INSERT INTO roles (organization_id, name, kind, description, built_in, policies)
       VALUES (NULL, $1, $2, $3, true, $4::jsonb) ON CONFLICT DO NOTHING`,
      [role.name, role.kind, role.description, JSON.stringify(role.policies)],
    );
  }
}

/**
 * The roles of those names as they apply in the organization: its own row where it has one,
 * otherwise the organization-less one.
 */
export async function effectiveRoles(
  db: Queryable,
  organizationId: string | null,
  names: readonly string[],
): Promise<RoleRecord[]> {
  if (names.length === 0) return [];
  return db.query<RoleRecord>(
    `SELECT DISTINCT ON (name) ${COLUMNS} FROM roles
      WHERE name = ANY($2::text[]) AND (organization_id IS NULL OR organization_id = $1)
      ORDER BY name, organization_id NULLS LAST`,
    [organizationId, [...names]],
  );
}
