// SQL of clearing SBOMs (clear.ts): the apps of a process, and the deletion of their builds.
import type { Database, Queryable } from '../db/database';

/** The ids of the process's applications. */
export async function applicationIdsOfProcess(db: Queryable, organizationId: string, processId: string): Promise<string[]> {
  const apps = await db.query<{ id: string }>('SELECT id FROM applications WHERE organization_id = $1 AND process_id = $2', [organizationId, processId]);
  return apps.map((row) => row.id);
}

/** Deletes every build of the apps (with all that cascades) in one transaction; resolves to how many went. */
export async function deleteBuildsOf(database: Database, applicationIds: readonly string[]): Promise<number> {
  return database.transaction(async (tx) => {
    // The apps are locked: an upload at the same moment numbers its build after the clearing.
    await tx.query('SELECT id FROM applications WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [applicationIds]);
    const deleted = await tx.query('DELETE FROM application_builds WHERE application_id = ANY($1::uuid[]) RETURNING id', [applicationIds]);
    return deleted.length;
  });
}
