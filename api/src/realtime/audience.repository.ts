// What the audience of an event reads (SQL of realtime): the active users among the process's
// event recipients, as the access resolution takes them.
import type { UserRecord } from '../authorization/principal';
import type { Queryable } from '../db/database';

/** The active users of `ids`. */
export function activeUsers(db: Queryable, ids: readonly string[]): Promise<UserRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.query<UserRecord>('SELECT * FROM users WHERE id = ANY($1::uuid[]) AND NOT inactive ORDER BY id', [ids]);
}
