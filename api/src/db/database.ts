// The database port: the API speaks plain Postgres SQL through this, whether the server is the
// embedded PGlite or a real Postgres. Repositories depend on `Queryable` only.

export type Row = Record<string, unknown>;

export interface QueryOptions {
  /**
   * A statement that runs on most requests (the inbox's page, the guard's reads): on a Postgres
   * server it is prepared once per connection and kept, so the server parses and plans it once
   * instead of on every call (planning the inbox's page cost more than running it). Only for SQL
   * whose text comes from a small, fixed set of shapes (values always as parameters): each
   * distinct text is one statement kept on every pooled connection. The embedded database ignores it.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** One statement with `$1…` parameters; resolves to its rows. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for every `NOTIFY <channel>` (or `pg_notify`) — which Postgres delivers only
   * once the notifying transaction has committed. Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
