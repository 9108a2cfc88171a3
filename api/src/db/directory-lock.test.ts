import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataDirectoryInUseError, lockDirectory } from './directory-lock';
import { openPgliteDatabase } from './pglite';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-api-lock-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('holds a directory for one owner at a time', async () => {
  const lockFile = path.join(dir, 'pgdata.lock');
  const release = await lockDirectory(lockFile);
  expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
  await expect(lockDirectory(lockFile)).rejects.toThrow(DataDirectoryInUseError);
  await expect(lockDirectory(lockFile)).rejects.toThrow(`in use by process ${process.pid} (is the portal running?)`);
  await release();
  const again = await lockDirectory(lockFile);
  await again();
});

it('takes over the lock of a process that is gone', async () => {
  const lockFile = path.join(dir, 'pgdata.lock');
  // Larger than any pid Linux hands out (pid_max is at most 2^22).
  await writeFile(lockFile, String(2 ** 22 + 1));
  const release = await lockDirectory(lockFile);
  expect(await readFile(lockFile, 'utf8')).toBe(String(process.pid));
  await release();
});

it('keeps the embedded database of a running portal from being opened a second time', async () => {
  const pgdata = path.join(dir, 'pgdata');
  await writeFile(`${pgdata}.lock`, String(process.ppid));
  await expect(openPgliteDatabase(pgdata)).rejects.toThrow(`in use by process ${process.ppid}`);
});
