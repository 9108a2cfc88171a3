import type { Queryable } from './database';

/** Resolves when the database answers a statement; throws its error otherwise (the health check). */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
