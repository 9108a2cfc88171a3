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

/**
 * The embedded database's buffer pool. PGlite lives in the API's own memory, and Postgres's 128MB
 * default is resident from the start (+203 MB RSS at open; 48MB: +120 MB). Measured with 200,000
 * advisories and 50,000-component SBOMs (api/bench/vulnerabilities.ts): a match's peak 535-553 →
 * 427-470 MB and an upload's under 512 MB; the first match as fast (3.7-3.8 s), a second one
 * ~20% slower (3.0 → 3.6 s: the working set no longer stays in the pool); 32MB made uploads
 * 15-40% slower. The files themselves stay in the operating system's cache.
 */
export const EMBEDDED_SHARED_BUFFERS = '48MB';

/** The embedded Postgres, stored on disk in `dir` (created when missing), locked while open. */
export async function openPgliteDatabase(dir: string): Promise<Database> {
  await mkdir(dir, { recursive: true });
  const unlock = await lockDirectory(`${dir}.lock`);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`] });
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
