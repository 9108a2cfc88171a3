import type { Queryable } from '../db/database';

export interface Organization {
  id: string;
  name: string;
  created_at: Date;
}

const COLUMNS = 'id, name, created_at';

export async function findOrganizationByName(db: Queryable, name: string): Promise<Organization | undefined> {
  const [row] = await db.query<Organization>(`SELECT ${COLUMNS} FROM organizations WHERE name = $1`, [name]);
  return row;
}

/** The organization of that name, created when absent; `created` tells which. */
export async function ensureOrganization(
  db: Queryable,
  name: string,
): Promise<{ organization: Organization; created: boolean }> {
  const [inserted] = await db.query<Organization>(
    `INSERT INTO organizations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
    [name],
  );
  if (inserted) return { organization: inserted, created: true };
  const existing = await findOrganizationByName(db, name);
  if (!existing) throw new Error(`Organization '${name}' vanished while being ensured.`);
  return { organization: existing, created: false };
}
