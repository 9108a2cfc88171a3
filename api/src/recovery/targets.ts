// Where backups are stored (docs/recovery.md "Targets"): a folder under RECOVERY_DIR (default
// DATA_DIR/backups) or an S3-compatible bucket (s3.ts). A target writes, reads and removes one
// object by its key; an object is written completely or not at all (a folder writes a temporary
// file and renames it; S3 completes an upload or aborts it).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface BackupTarget {
  write(key: string, body: Readable): Promise<void>;
  read(key: string): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** A key is relative, of safe characters, never climbing out of its root. */
export const KEY = /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a backup key: ${key}`);
  return key;
}

const ignoreMissing = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

export function folderTarget(root: string): BackupTarget {
  const pathOf = (key: string) => path.join(root, ...checked(key).split('/'));
  return {
    async write(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target);
      } catch (error) {
        await unlink(temp).catch(ignoreMissing);
        throw error;
      }
    },
    async read(key) {
      const stream = createReadStream(pathOf(key));
      // Opening errors (a removed file) are answered here rather than mid-stream.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async remove(key) {
      await unlink(pathOf(key)).catch(ignoreMissing);
    },
  };
}
