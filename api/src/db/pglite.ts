import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database';
import { lockDirectory } from './directory-lock';

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/** The embedded Postgres, stored on disk in `dir` (created when missing), locked while open. */
export async function openPgliteDatabase(dir: string): Promise<Database> {
  await mkdir(dir, { recursive: true });
  const unlock = await lockDirectory(`${dir}.lock`);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir);
  } catch (error) {
    await unlock();
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...queryable(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(queryable(tx))),
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, () => onNotify());
      // Closing the database ends every LISTEN; UNLISTEN after that would only throw "PGlite is closed".
      return async () => {
        if (!closed) await unlisten().catch(() => undefined);
      };
    },
    close: () => (closed ??= pglite.close().finally(unlock)),
  };
}
