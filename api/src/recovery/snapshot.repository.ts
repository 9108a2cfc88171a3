// The SQL of a backup's snapshot and of its restore (docs/recovery.md): generic over the tables of
// format.ts — rows read whole as JSON in the backup's read-only, repeatable-read transaction, and
// written back with json_populate_recordset; the catalog tells the columns (their types, which are
// generated) and the references of a table to itself.
import type { Queryable } from '../db/database';
import { ROWS_PER_MEMBER, TABLES, type TableSpec } from './format';

export interface ColumnMeta {
  udt: string;
  nullable: boolean;
  /** Generated or identity: never inserted (the database makes it). */
  generated: boolean;
}

export type Row = Record<string, unknown>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The newest migration applied: the schema the rows are of. */
export async function schemaVersion(db: Queryable): Promise<string> {
  const [row] = await db.query<{ version: string | null }>('SELECT max(version) AS version FROM schema_migrations');
  return row?.version ?? '000';
}

/** The first statement of the backup's transaction: every read sees the same moment, nothing is written. */
export async function beginSnapshot(tx: Queryable): Promise<void> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
}

export async function processJson(tx: Queryable, processId: string): Promise<string | undefined> {
  const [row] = await tx.query<{ j: string }>('SELECT to_jsonb(p)::text AS j FROM processes p WHERE id = $1', [processId]);
  return row?.j;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A table's rows of the process as JSON texts (a blob column left out) with the file hash of each
 * row, in chunks of ROWS_PER_MEMBER read through a cursor of the snapshot's transaction: one pass
 * over the rows, never sorted, never read twice.
 */
export async function* tableChunks(tx: Queryable, table: TableSpec, processId: string): AsyncGenerator<Array<{ j: string; blob: string | null }>> {
  // The process id is the caller's, checked: a cursor's query is sent as text.
  if (!UUID.test(processId)) throw new Error(`not a process id: ${processId}`);
  const without = table.blob ? ` - '${table.blob.column}'` : '';
  const hash = table.blob ? `t.${table.blob.hash}` : table.storedFile ? `t.${table.storedFile}` : 'NULL';
  const cursor = `recovery_${table.name}`;
  await tx.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR
       SELECT (to_jsonb(t)${without})::text AS j, ${hash} AS blob FROM ${table.name} t WHERE ${table.where.replaceAll('$1', `'${processId}'::uuid`)}`,
  );
  try {
    for (;;) {
      const rows = await tx.query<{ j: string; blob: string | null }>(`FETCH FORWARD ${ROWS_PER_MEMBER} FROM ${cursor}`);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < ROWS_PER_MEMBER) return;
    }
  } finally {
    // In a transaction already failing the cursor is gone with it: the first error is the one to tell.
    await tx.query(`CLOSE ${cursor}`).catch(() => undefined);
  }
}

/** The bytes of a blob column (an attachment's content) by their hash. */
export async function blobContent(tx: Queryable, table: TableSpec & { blob: NonNullable<TableSpec['blob']> }, processId: string, sha256: string): Promise<Buffer | undefined> {
  const [row] = await tx.query<{ content: Uint8Array }>(
    `SELECT ${table.blob.column} AS content FROM ${table.name} WHERE ${table.blob.hash} = $1 AND process_id = $2 LIMIT 1`,
    [sha256, processId],
  );
  return row ? Buffer.from(row.content) : undefined;
}

export async function columnsOf(tx: Queryable): Promise<Map<string, Map<string, ColumnMeta>>> {
  const rows = await tx.query<{ table_name: string; column_name: string; udt_name: string; nullable: boolean; generated: boolean }>(
    `SELECT table_name, column_name, udt_name, is_nullable = 'YES' AS nullable,
            (is_identity = 'YES' OR is_generated = 'ALWAYS') AS generated
       FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY($1)`,
    [[...TABLES.map((table) => table.name), 'processes']],
  );
  const tables = new Map<string, Map<string, ColumnMeta>>();
  for (const row of rows) {
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map());
    tables.get(row.table_name)!.set(row.column_name, { udt: row.udt_name, nullable: row.nullable, generated: row.generated });
  }
  return tables;
}

/** Columns referencing their own table (a requirement's parent, a task's previous and next). */
export async function selfReferences(tx: Queryable): Promise<Map<string, string[]>> {
  const rows = await tx.query<{ table_name: string; column_name: string }>(
    `SELECT c.conrelid::regclass::text AS table_name, a.attname AS column_name
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.conrelid = c.confrelid AND c.connamespace = current_schema()::regnamespace`,
  );
  const found = new Map<string, string[]>();
  for (const row of rows) found.set(row.table_name, [...(found.get(row.table_name) ?? []), row.column_name]);
  return found;
}

/** What of the target organization a restored row may keep referring to: its users, workgroups and service modules. */
export async function outsideIds(tx: Queryable, organizationId: string): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM users WHERE organization_id = $1
     UNION ALL SELECT id FROM workgroups WHERE organization_id = $1
     UNION ALL SELECT id FROM service_modules WHERE organization_id = $1`,
    [organizationId],
  );
  return new Set(rows.map((row) => row.id));
}

export async function insertRows(tx: Queryable, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))].map(quote).join(', ');
  await tx.query(`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(rows)]);
}

/** Sets a self-referencing column once every row of the table is in. */
export async function setReferences(tx: Queryable, table: string, column: string, values: Array<{ id: unknown; value: unknown }>): Promise<void> {
  if (values.length === 0) return;
  await tx.query(`UPDATE ${table} AS t SET ${quote(column)} = v.value FROM json_to_recordset($1::json) AS v(id uuid, value uuid) WHERE t.id = v.id`, [JSON.stringify(values)]);
}

export async function applicationKeysOf(tx: Queryable, organizationId: string): Promise<Set<string>> {
  return new Set((await tx.query<{ key: string }>('SELECT lower(app_key) AS key FROM applications WHERE organization_id = $1', [organizationId])).map((row) => row.key));
}
