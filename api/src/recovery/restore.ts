// Restoring a backup into a NEW process (docs/recovery.md "Restore"): the archive is read and
// checked whole into a scratch directory first (nothing is written to the database for a damaged
// or newer archive), then everything is inserted in ONE transaction — a failure anywhere, or a
// killed API, leaves no process, no row and no new file behind. Every exported `id` gets a fresh
// one and every reference to it is rewritten (uuid and uuid[] columns, strings inside json
// columns and the ids inside such strings, e.g. a link); a reference to something outside the
// backup survives only if the target organization has it (a user, workgroup or service module),
// otherwise it becomes NULL — or, in a NOT NULL column (a membership of another organization's
// user), the row is left out.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Database, Queryable } from '../db/database';
import type { BlobStore } from '../documents/service';
import { reserveProcessCode } from '../processes/service';
import { setMembership } from '../authorization/memberships.repository';
import { readArchive, type ReadOptions } from './archive';
import { BackupDamaged } from './crypto';
import { fileMember, PROCESS_MEMBER, SHA256, TABLES, type Manifest, type TableSpec } from './format';
import { applicationKeysOf, columnsOf, insertRows, outsideIds, selfReferences, setReferences, type ColumnMeta, type Row } from './snapshot.repository';

const MEMBER = /^(process\.json|tables\/[a-z_]+\/\d{4}\.jsonl|files\/[0-9a-f]{64})$/;

export interface RestoreOptions extends Omit<ReadOptions, 'onMember'> {
  db: Database;
  source: () => Promise<NodeJS.ReadableStream & import('node:stream').Readable>;
  blobs: BlobStore;
  /** A scratch directory is made under it and removed at the end. */
  scratch: string;
  organizationId: string;
  codeName: string;
  name?: string;
  /** Enrolled as ADMIN in the new process (a caller who is not an organization admin). */
  enrollUserId?: string;
  now: Date;
  /** Tests: called after each table is inserted (throwing there aborts the restore). */
  afterTable?: (table: string) => void | Promise<void>;
}

export interface RestoreResult {
  process: { id: string; code_name: string; name: string };
  counts: Record<string, number>;
  manifest: Manifest;
}

async function* lines(file: string): AsyncGenerator<Row> {
  const reader = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of reader) if (line !== '') yield JSON.parse(line) as Row;
}

async function chunksOf(dir: string, table: string): Promise<string[]> {
  const folder = path.join(dir, 'tables', table);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.sort().map((name) => path.join(folder, name));
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A json value with the backup's ids rewritten: a string that is one, and one inside a string (a compliance reason's link). */
function remapJson(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? (value.length > 36 ? value.replace(UUIDS, (id) => ids.get(id) ?? id) : value);
  if (Array.isArray(value)) return value.map((item) => remapJson(item, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, remapJson(item, ids)]));
  return value;
}

/** The row with its references rewritten; undefined when a NOT NULL reference cannot be kept. */
function remapRow(row: Row, columns: Map<string, ColumnMeta>, ids: Map<string, string>, outside: Set<string>): Row | undefined {
  const out: Row = {};
  const keep = (value: string) => ids.get(value) ?? (outside.has(value) ? value : null);
  for (const [column, value] of Object.entries(row)) {
    const meta = columns.get(column);
    if (!meta || meta.generated) continue;
    if (value === null || value === undefined) {
      out[column] = null;
      continue;
    }
    if (meta.udt === 'uuid') {
      const next = keep(String(value));
      if (next === null && !meta.nullable) return undefined;
      out[column] = next;
    } else if (meta.udt === '_uuid' && Array.isArray(value)) {
      out[column] = value.map((item) => keep(String(item))).filter((item) => item !== null);
    } else if (meta.udt === 'json' || meta.udt === 'jsonb') {
      out[column] = remapJson(value, ids);
    } else {
      out[column] = value;
    }
  }
  return out;
}

/** An application key stays unique in the organization: a taken one gets the new code name appended. */
async function freeApplicationKeys(tx: Queryable, organizationId: string, codeName: string): Promise<(row: Row) => void> {
  const taken = await applicationKeysOf(tx, organizationId);
  return (row) => {
    const key = String(row.app_key);
    let next = key;
    for (let n = 1; taken.has(next.toLowerCase()); n++) next = `${key}-${codeName}${n > 1 ? `-${n}` : ''}`.slice(0, 255);
    taken.add(next.toLowerCase());
    row.app_key = next;
  };
}

/** Reads and checks the archive into `dir` (members as files); resolves to its manifest. */
async function stage(options: RestoreOptions, dir: string): Promise<Manifest> {
  return readArchive(await options.source(), {
    encrypted: options.encrypted,
    key: options.key,
    sha256: options.sha256,
    schemaVersion: options.schemaVersion,
    async onMember(member) {
      if (!MEMBER.test(member.name)) throw new BackupDamaged(`it has an unexpected member ${member.name.slice(0, 200)}.`);
      const file = path.join(dir, ...member.name.split('/'));
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(member.stream, createWriteStream(file, { flags: 'wx' })).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupDamaged(`it holds ${member.name.slice(0, 200)} twice.`);
        throw error;
      });
    },
  });
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  await mkdir(options.scratch, { recursive: true });
  const dir = await mkdtemp(path.join(options.scratch, 'restore-'));
  const placed: string[] = [];
  try {
    const manifest = await stage(options, dir);
    const processRow = JSON.parse(await readFile(path.join(dir, PROCESS_MEMBER), 'utf8')) as Row;
    const result = await options.db.transaction(async (tx) => {
      const { organizationId, codeName } = options;
      await reserveProcessCode(tx, organizationId, codeName);

      const columns = await columnsOf(tx);
      const selfRefs = await selfReferences(tx);
      const outside = await outsideIds(tx, organizationId);
      // Every exported id gets a fresh one before any row is written (rows refer forward too).
      const processId = randomUUID();
      const ids = new Map<string, string>([
        [String(processRow.id), processId],
        [String(processRow.organization_id), organizationId],
      ]);
      for (const table of TABLES) {
        if (!columns.get(table.name)?.has('id')) continue;
        for (const file of await chunksOf(dir, table.name)) {
          for await (const row of lines(file)) if (typeof row.id === 'string' && !ids.has(row.id)) ids.set(row.id, randomUUID());
        }
      }
      // Loose references to rows gone before the backup: fresh ids of their own, never NULL.
      for (const table of TABLES) {
        for (const column of table.looseIds ?? []) {
          for (const file of await chunksOf(dir, table.name)) {
            for await (const row of lines(file)) {
              const value = row[column];
              if (typeof value === 'string' && !ids.has(value)) ids.set(value, randomUUID());
            }
          }
        }
      }
      const newProcess = remapRow(
        { ...processRow, code_name: codeName, name: options.name ?? processRow.name, created_at: options.now.toISOString() },
        columns.get('processes')!,
        ids,
        outside,
      )!;
      await insertRows(tx, 'processes', [newProcess]);
      const counts: Record<string, number> = {};
      const applicationKey = await freeApplicationKeys(tx, organizationId, codeName);
      for (const table of TABLES) {
        const meta = columns.get(table.name);
        if (!meta) continue;
        const deferred = selfRefs.get(table.name) ?? [];
        const later: Array<{ id: unknown; column: string; value: unknown }> = [];
        let count = 0;
        for (const file of await chunksOf(dir, table.name)) {
          const rows: Row[] = [];
          for await (const exported of lines(file)) {
            const row = remapRow(exported, meta, ids, outside);
            if (!row) continue;
            for (const column of deferred) {
              if (row[column] !== null && row[column] !== undefined) later.push({ id: row.id, column, value: row[column] });
              row[column] = null;
            }
            if (table.name === 'applications') applicationKey(row);
            await withFile(table, row, exported, dir, options.blobs, placed);
            rows.push(row);
          }
          await insertRows(tx, table.name, rows);
          count += rows.length;
        }
        for (const column of deferred) {
          const values = later.filter((entry) => entry.column === column).map((entry) => ({ id: entry.id, value: entry.value }));
          if (values.length === 0) continue;
          await setReferences(tx, table.name, column, values);
        }
        counts[table.name] = count;
        await options.afterTable?.(table.name);
      }
      if (options.enrollUserId) await setMembership(tx, options.enrollUserId, processId, ['ADMIN']);
      return { process: { id: processId, code_name: codeName, name: String(newProcess.name) }, counts, manifest };
    });
    return result;
  } catch (error) {
    // Files placed into the blob store for this restore go with it.
    for (const file of placed) await rm(file, { force: true });
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A row's file: an attachment's bytes back into its row, a library file into the blob store. */
async function withFile(table: TableSpec, row: Row, exported: Row, dir: string, blobs: BlobStore, placed: string[]): Promise<void> {
  const hash = table.blob ? exported[table.blob.hash] : table.storedFile ? exported[table.storedFile] : undefined;
  if (typeof hash !== 'string' || !SHA256.test(hash)) return;
  const staged = path.join(dir, ...fileMember(hash).split('/'));
  const present = await stat(staged).then(
    () => true,
    () => false,
  );
  if (!present) throw new BackupDamaged(`the file ${hash} of ${table.name} is not in the archive.`);
  if (table.blob) {
    row[table.blob.column] = `\\x${(await readFile(staged)).toString('hex')}`;
    return;
  }
  if (await blobs.exists(hash)) return;
  const target = blobs.pathOf(hash);
  await mkdir(path.dirname(target), { recursive: true });
  await copyFile(staged, target);
  placed.push(target);
}
