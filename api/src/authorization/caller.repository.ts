// What the guard reads to know a caller (SQL of authorization): the organization of the user and
// the process a request names; and the announcement of committed changes to the other API processes.
import type { Queryable } from '../db/database';

/** The process a request works in. */
export interface CallerProcess {
  id: string;
  code_name: string;
  name: string;
  type: string;
  dashboard_type: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organization's process of that code name (any case) or, for a uuid, that id. */
export async function findProcess(db: Queryable, organizationId: string, key: string): Promise<CallerProcess | undefined> {
  const [process] = await db.query<CallerProcess>(
    `SELECT id, code_name, name, type, dashboard_type FROM processes
      WHERE organization_id = $1 AND ${UUID.test(key) ? 'id = $2::uuid' : 'lower(code_name) = lower($2)'}`,
    [organizationId, key],
    // One of two texts, each a lookup by a key: planned once per connection.
    { prepare: true },
  );
  return process;
}

/** The organization's id and name. */
export async function findOrganizationName(db: Queryable, organizationId: string): Promise<{ id: string; name: string } | undefined> {
  const [organization] = await db.query<{ id: string; name: string }>('SELECT id, name FROM organizations WHERE id = $1', [organizationId]);
  return organization;
}

/** Tells every API process sharing the Postgres server that changes were committed (pg_notify). */
export async function announceChanges(db: Queryable, channel: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [channel, '']);
}
