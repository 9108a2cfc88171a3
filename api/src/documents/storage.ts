// The bytes of library files (issue 23 item 7): DATA_DIR/files/<aa>/<sha-256>, one file per
// content whatever the documents naming it. An upload streams into DATA_DIR/files/tmp while it is
// hashed and checked — memory does not grow with the file — and is renamed into place when its
// version is recorded; a blob that no version names any more is withdrawn (renamed aside inside
// the deleting transaction, put back if it rolls back, unlinked once it committed).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ContentCheck } from './content';

const SHA256 = /^[0-9a-f]{64}$/;

/** The file passed the size limit while it streamed in. */
export class FileTooLarge extends Error {}

export interface ReceivedFile {
  tempPath: string;
  sha256: string;
  size: number;
}

export interface Withdrawn {
  /** Puts the blob back (the transaction that withdrew it rolled back). */
  restore(): Promise<void>;
  /** Removes it for good (the transaction committed). */
  finish(): Promise<void>;
}

export interface BlobStore {
  readonly root: string;
  /** Streams `source` to a temporary file, hashing and checking it; past `maxBytes`: FileTooLarge. */
  receive(source: Readable, check: ContentCheck, maxBytes: number): Promise<ReceivedFile>;
  /** Moves a received file into its content's place (the same bytes are stored once). */
  place(file: ReceivedFile): Promise<void>;
  discard(file: ReceivedFile): Promise<void>;
  pathOf(sha256: string): string;
  open(sha256: string): ReadStream;
  exists(sha256: string): Promise<boolean>;
  /** Renames the blob aside (see Withdrawn); a missing blob withdraws nothing. */
  withdraw(sha256: string): Promise<Withdrawn>;
}

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

export function createBlobStore(dataDir: string): BlobStore {
  const root = path.join(dataDir, 'files');
  const temp = path.join(root, 'tmp');
  const pathOf = (sha256: string) => {
    if (!SHA256.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256);
  };
  return {
    root,
    pathOf,
    async receive(source, check, maxBytes) {
      await mkdir(temp, { recursive: true });
      const tempPath = path.join(temp, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new FileTooLarge());
          hash.update(chunk);
          check.update(chunk);
          done(null, chunk);
        },
      });
      const sink = createWriteStream(tempPath, { flags: 'wx' });
      try {
        await pipeline(source, meter, sink);
      } catch (error) {
        // A refusal can come before the sink has opened its file, which it then opens and closes:
        // unlinked before that, the file would be made after (seen under load: a `.part` left behind).
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await unlink(tempPath).catch(ignoreMissing);
        throw error;
      }
      return { tempPath, sha256: hash.digest('hex'), size };
    },
    async place(file) {
      const target = pathOf(file.sha256);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file.tempPath, target);
    },
    async discard(file) {
      await unlink(file.tempPath).catch(ignoreMissing);
    },
    open: (sha256) => createReadStream(pathOf(sha256)),
    async exists(sha256) {
      try {
        await stat(pathOf(sha256));
        return true;
      } catch (error) {
        ignoreMissing(error);
        return false;
      }
    },
    async withdraw(sha256) {
      const from = pathOf(sha256);
      await mkdir(temp, { recursive: true });
      const aside = path.join(temp, `${sha256}.${randomUUID()}.deleting`);
      let moved = true;
      await rename(from, aside).catch((error: unknown) => {
        ignoreMissing(error);
        moved = false;
      });
      return {
        restore: async () => {
          if (moved) await rename(aside, from);
        },
        finish: async () => {
          if (moved) await unlink(aside).catch(ignoreMissing);
        },
      };
    },
  };
}
