// SQL of process-people.ts: the organization's name, which policy conditions may test.
import type { Queryable } from '../db/database';

export async function organizationNameOf(tx: Queryable, organizationId: string): Promise<string | undefined> {
  const [organization] = await tx.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [organizationId]);
  return organization?.name;
}
