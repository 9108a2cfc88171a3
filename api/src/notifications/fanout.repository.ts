// The SQL of the fan-out bench (testing routes only): the bench user's organization and process,
// and throwaway recipients in that organization, made once.
import type { Queryable } from '../db/database';

export async function benchSubject(db: Queryable, login: string): Promise<{ organization_id: string; process_id: string; code_name: string } | undefined> {
  const [row] = await db.query<{ organization_id: string; process_id: string; code_name: string }>(
    `SELECT u.organization_id, p.id AS process_id, p.code_name FROM users u
     JOIN processes p ON p.organization_id = u.organization_id
     WHERE lower(u.login_id) = lower($1) ORDER BY p.created_at LIMIT 1`,
    [login],
  );
  return row;
}

/** The ids of `count` recipients 'fanout-<n>' of the organization, made now where missing (they cannot sign in). */
export async function fanoutRecipients(db: Queryable, organizationId: string, count: number): Promise<string[]> {
  await db.query(
    `INSERT INTO users (organization_id, login_id, name, email, password_hash)
     SELECT $1, 'fanout-' || n, 'Fan-out ' || n, 'fanout-' || n || '@example.com', '!'
     FROM generate_series(1, $2::integer) AS n
     WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(login_id) = 'fanout-' || n)`,
    [organizationId, count],
  );
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE organization_id = $1 AND login_id LIKE 'fanout-%' ORDER BY login_id LIMIT $2`,
    [organizationId, count],
  );
  return rows.map((row) => row.id);
}
