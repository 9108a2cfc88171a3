// Writing and reading a backup archive (docs/recovery.md "Format"): a tar, gzip-compressed, then
// optionally encrypted (crypto.ts). The writer exports the process in ONE read-only, repeatable-read
// transaction — every table and the list of files are of the same moment — streaming the members
// into the target as they are read: table rows in chunks of ROWS_PER_MEMBER; then the library's
// files named in that snapshot, streamed from the blob store (never whole in memory; content-
// addressed, so their bytes are those of the snapshot). The reader checks every member against
// the manifest.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import type { Database } from '../db/database';
import type { BlobStore } from '../documents/service';
import { BackupDamaged, decryptStream, encryptStream } from './crypto';
import {
  fileMember,
  FORMAT_MEMBER,
  FORMAT_NAME,
  FORMAT_VERSION,
  MANIFEST_MEMBER,
  PROCESS_MEMBER,
  SHA256,
  TABLES,
  tableMember,
  type FormatHeader,
  type Manifest,
  type ManifestMember,
} from './format';
import { beginSnapshot, blobContent, processJson, schemaVersion, tableChunks } from './snapshot.repository';
import type { BackupTarget } from './targets';

export interface BackupProcess {
  id: string;
  organization_id: string;
  code_name: string;
  name: string;
}

export interface WrittenArchive {
  size: number;
  sha256: string;
  counts: Record<string, number>;
}

export { schemaVersion };

/** Counts bytes and hashes what passes. */
function meter(): Transform & { size: number; digest(): string } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      (stream as unknown as { size: number }).size += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { size: number; digest(): string };
  stream.size = 0;
  stream.digest = () => hash.digest('hex');
  return stream;
}

function addBuffer(pack: tar.Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry({ name, size: content.length, mtime: new Date(0) }, content, (error) => (error ? reject(error) : resolve()));
  });
}

async function addStream(pack: tar.Pack, name: string, size: number, source: Readable): Promise<string> {
  const hash = createHash('sha256');
  let done: (error?: Error | null) => void = () => undefined;
  const written = new Promise<void>((resolve, reject) => {
    done = (error) => (error ? reject(error) : resolve());
  });
  const entry = pack.entry({ name, size, mtime: new Date(0) }, (error) => done(error));
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      next(null, chunk);
    },
  });
  await pipeline(source, tap, entry);
  await written;
  return hash.digest('hex');
}

/** A pack that has room: waits while the tar's readable side is full (the target is slower). */
function roomIn(pack: tar.Pack): Promise<void> {
  const state = pack as unknown as { _readableState?: { length?: number; highWaterMark?: number } };
  const full = () => (state._readableState?.length ?? 0) > 4 * 1024 * 1024;
  if (!full()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => (full() ? setTimeout(check, 5) : resolve());
    check();
  });
}

export interface WriteOptions {
  db: Database;
  process: BackupProcess;
  target: BackupTarget;
  location: string;
  blobs: BlobStore;
  /** Set: the archive is encrypted with it. */
  key?: Buffer;
  now: Date;
  /** How far the export is: tables and files done of all. */
  onProgress?: (done: number, total: number) => void;
  /** Aborted: the export stops at its next chunk or file (its job's timeout passed). */
  signal?: AbortSignal;
}

/** Exports the process into the target at `location`; resolves when the object is stored. */
export async function writeArchive(options: WriteOptions): Promise<WrittenArchive> {
  const { db, process, target, location } = options;
  const pack = tar.pack();
  // Level 1: most of an archive's bytes are files, usually compressed already; rows compress well anyway.
  const gzip = createGzip({ level: 1 });
  const measured = meter();
  const body = new PassThrough();
  const stages: Array<NodeJS.ReadWriteStream> = [gzip, ...(options.key ? [encryptStream(options.key)] : []), measured];
  const piping = pipeline([pack, ...stages, body] as unknown as readonly NodeJS.ReadWriteStream[]);
  const storing = target.write(location, body);
  storing.catch((error: unknown) => body.destroy(error as Error));
  const members: ManifestMember[] = [];
  const counts: Record<string, number> = {};

  const produce = () =>
    db.transaction(async (tx) => {
      await beginSnapshot(tx);
      const schema = await schemaVersion(tx);
      const header: FormatHeader = { format: FORMAT_NAME, format_version: FORMAT_VERSION, schema_version: schema };
      const add = async (name: string, content: Buffer) => {
        await roomIn(pack);
        await addBuffer(pack, name, content);
        members.push({ name, size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
      };
      await add(FORMAT_MEMBER, Buffer.from(JSON.stringify(header)));
      const processRow = await processJson(tx, process.id);
      if (processRow === undefined) throw new Error('the process is gone');
      await add(PROCESS_MEMBER, Buffer.from(processRow));
      const files = new Set<string>();
      const total = TABLES.length + 1;
      // The library's files are named in the snapshot and streamed after it (below): content-addressed,
      // their bytes cannot change, and the transaction (the embedded database's one connection) is not held by 100 MB of disk reads.
      const stored: string[] = [];
      let step = 0;
      for (const table of TABLES) {
        let count = 0;
        let chunk = 0;
        for await (const rows of tableChunks(tx, table, process.id)) {
          options.signal?.throwIfAborted();
          count += rows.length;
          await add(tableMember(table.name, chunk++), Buffer.from(rows.map((row) => row.j).join('\n') + '\n'));
          for (const row of rows) {
            if (!row.blob || !SHA256.test(row.blob) || files.has(row.blob)) continue;
            files.add(row.blob);
            if (table.blob) {
              const content = await blobContent(tx, { ...table, blob: table.blob }, process.id, row.blob);
              if (!content) throw new Error(`the file ${row.blob} of ${table.name} is gone`);
              await add(fileMember(row.blob), content);
            } else {
              stored.push(row.blob);
            }
          }
        }
        counts[table.name] = count;
        options.onProgress?.(++step, total);
      }
      counts.files = files.size;
      return { header, stored, total };
    });

  const finish = async ({ header, stored, total }: { header: FormatHeader; stored: string[]; total: number }) => {
    for (const sha256 of stored) {
      options.signal?.throwIfAborted();
      // A file deleted since the snapshot (its document removed meanwhile) fails this backup: the next one is consistent again.
      const size = (await stat(options.blobs.pathOf(sha256))).size;
      await roomIn(pack);
      const digest = await addStream(pack, fileMember(sha256), size, options.blobs.open(sha256));
      members.push({ name: fileMember(sha256), size, sha256: digest });
    }
    const manifest: Manifest = {
      ...header,
      created_at: options.now.toISOString(),
      process: { id: process.id, organization_id: process.organization_id, code_name: process.code_name, name: process.name },
      counts,
      members,
    };
    await addBuffer(pack, MANIFEST_MEMBER, Buffer.from(JSON.stringify(manifest, null, 2)));
    options.onProgress?.(total, total);
  };

  try {
    await finish(await produce());
    pack.finalize();
  } catch (error) {
    pack.destroy(error as Error);
    await Promise.allSettled([piping, storing]);
    throw error;
  }
  await Promise.all([piping, storing]);
  return { size: measured.size, sha256: measured.digest(), counts };
}

export interface ReadMember {
  name: string;
  size: number;
  /** The member's bytes; consume it fully. */
  stream: Readable;
}

export interface ReadOptions {
  /** The object is encrypted (as recorded when it was written): decrypted with `key`. */
  encrypted: boolean;
  key?: Buffer;
  /** The stored archive's SHA-256 as recorded at backup time: checked over every byte read. */
  sha256?: string | null;
  /** Called for each member but the manifest (after the header was checked); resolves when it was consumed. */
  onMember?: (member: ReadMember) => Promise<void>;
  /** The newest schema this API knows (a backup of a newer one is refused). */
  schemaVersion: string;
}

/** What the member's consumer threw (not a fault of the archive). */
class MemberFailed extends Error {
  constructor(readonly cause: unknown) {
    super('member consumer failed');
  }
}

/** A backup this API cannot read: written by a newer one. */
export class NewerFormat extends Error {}

export const tooNew = (header: FormatHeader, schema: string) =>
  header.format_version > FORMAT_VERSION
    ? `This backup is in format version ${header.format_version}; this portal reads format versions up to ${FORMAT_VERSION}. Restore it with a newer portal.`
    : `This backup was written by a portal with a newer database (migration ${header.schema_version}; this one has ${schema}). Restore it with a newer portal.`;

/**
 * Reads an archive, checking the header first (a newer format: NewerFormat), every member's size
 * and SHA-256 against the manifest, the manifest listing exactly the members present, and the
 * whole object's SHA-256. Anything else wrong: BackupDamaged. Resolves to the manifest.
 */
export async function readArchive(source: Readable, options: ReadOptions): Promise<Manifest> {
  const whole = meter();
  const extract = tar.extract();
  const seen: ManifestMember[] = [];
  let manifest: Manifest | undefined;
  let first = true;
  const consume = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      const hash = createHash('sha256');
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      if (name === MANIFEST_MEMBER || name === FORMAT_MEMBER) {
        const parts: Buffer[] = [];
        for await (const chunk of entry.pipe(tap)) parts.push(chunk as Buffer);
        const text = Buffer.concat(parts).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new BackupDamaged(`its ${name} is not JSON.`);
        }
        if (name === MANIFEST_MEMBER) {
          manifest = parsed as Manifest;
          continue;
        }
        if (!first) throw new BackupDamaged(`${FORMAT_MEMBER} is not its first member.`);
        const header = parsed as FormatHeader;
        if (header?.format !== FORMAT_NAME || !Number.isInteger(header.format_version) || typeof header.schema_version !== 'string') {
          throw new BackupDamaged('it is not a process backup of this portal.');
        }
        if (header.format_version > FORMAT_VERSION || header.schema_version > options.schemaVersion) throw new NewerFormat(tooNew(header, options.schemaVersion));
      } else {
        if (first) throw new BackupDamaged(`its first member is not ${FORMAT_MEMBER}.`);
        if (manifest) throw new BackupDamaged(`${MANIFEST_MEMBER} is not its last member.`);
        if (options.onMember) {
          await options.onMember({ name, size: entry.header.size ?? 0, stream: entry.pipe(tap) }).catch((error: unknown) => {
            throw new MemberFailed(error);
          });
        }
        else await pipeline(entry, tap, new Writable({ write: (_chunk, _encoding, done) => done() }));
      }
      first = false;
      seen.push({ name, size, sha256: hash.digest('hex') });
    }
  })();
  const stages = [source, whole, ...(options.encrypted ? [decryptStream(options.key)] : []), createGunzip(), extract];
  try {
    await Promise.all([pipeline(stages as unknown as readonly NodeJS.ReadWriteStream[]), consume]);
  } catch (error) {
    if (error instanceof MemberFailed) throw error.cause;
    if (error instanceof NewerFormat || error instanceof BackupDamaged) throw error;
    throw new BackupDamaged(`the archive cannot be read (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!manifest) throw new BackupDamaged(`it has no ${MANIFEST_MEMBER} (truncated?).`);
  const listed = new Map((manifest.members ?? []).map((member) => [member.name, member]));
  const formatSeen = seen.find((member) => member.name === FORMAT_MEMBER);
  for (const member of seen) {
    if (member.name === MANIFEST_MEMBER) continue;
    const expected = listed.get(member.name);
    if (!expected) throw new BackupDamaged(`its member ${member.name} is not in the manifest.`);
    if (expected.size !== member.size || expected.sha256 !== member.sha256) throw new BackupDamaged(`the SHA-256 of ${member.name} does not match the manifest.`);
    listed.delete(member.name);
  }
  if (!formatSeen) throw new BackupDamaged(`it has no ${FORMAT_MEMBER}.`);
  const missing = [...listed.keys()][0];
  if (missing !== undefined) throw new BackupDamaged(`the manifest lists ${missing}, which is not in the archive.`);
  if (options.sha256 && whole.digest() !== options.sha256) throw new BackupDamaged("the archive's SHA-256 does not match the one recorded when it was written.");
  return manifest;
}

