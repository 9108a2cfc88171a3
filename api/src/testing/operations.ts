// An organization with a process for the operations domain's findings, as the findings store's
// tests need one (the rows only: no user, no graph).
import type { Queryable } from '../db/database';

export async function organizationWithProcess(database: Queryable, name: string): Promise<{ organizationId: string; processId: string }> {
  const [{ id: organizationId }] = await database.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [name]);
  const [{ id: processId }] = await database.query<{ id: string }>(
    "INSERT INTO processes (organization_id, code_name, name, type, dashboard_type) VALUES ($1, 'ops', 'Operations', 'REQUIREMENTS', 'LIVE') RETURNING id",
    [organizationId],
  );
  return { organizationId, processId };
}
