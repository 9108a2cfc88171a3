import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable, QueryOptions, Row } from './database';

/**
 * How many distinct statements a process prepares (QueryOptions.prepare), at most: each is kept on
 * every connection of the pool. Beyond it, statements run unnamed (parsed and planned each time),
 * so a mistaken `prepare` on SQL of unbounded shapes costs speed, never memory.
 */
export const MAX_PREPARED_STATEMENTS = 256;

/** Names of prepared statements by their text, shared by the connections of one pool. */
function statementNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
      name = `portal_${createHash('sha256').update(sql).digest('base64url').slice(0, 32)}`;
      names.set(sql, name);
    }
    return name;
  };
}

function queryable(target: pg.Pool | pg.PoolClient, nameOf: (sql: string) => string | undefined): Queryable {
  return {
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<T[]> {
      const name = options?.prepare ? nameOf(sql) : undefined;
      const result = name ? await target.query({ name, text: sql, values: [...params] }) : await target.query(sql, [...params]);
      // The driver cannot know the row type; the repository that wrote the SQL does.
      return result.rows as T[];
    },
    async exec(sql: string): Promise<void> {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await target.query(sql);
    },
  };
}

/**
 * A Postgres server through a node-postgres pool. The URL may carry
 * `?options=-c search_path=<schema>` to work in one schema (the tests do).
 */
export async function openPostgresDatabase(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  let closed: Promise<void> | undefined;
  const listeners = new Set<pg.Client>();
  const nameOf = statementNames();
  const database: Database = {
    kind: 'postgres',
    ...queryable(pool, nameOf),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client, nameOf));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onNotify) {
      // A connection of its own, outside the pool: LISTEN holds it for as long as it listens. If
      // the server drops it, notifications stop; listeners poll as well (the outbox relay does).
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    close: () => (closed ??= Promise.all([...listeners].map((client) => client.end().catch(() => undefined))).then(() => pool.end())),
  };
  return database;
}
