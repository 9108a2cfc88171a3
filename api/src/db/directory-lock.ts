import { open, readFile, rm } from 'node:fs/promises';

export class DataDirectoryInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its directory, and two processes writing one directory corrupt it (the
 * portal running while `npm run demo` seeds, say). A lock file holding the owner's pid says who
 * has it; the lock of a process that died is taken over. Resolves to the release.
 */
export async function lockDirectory(lockFile: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new DataDirectoryInUseError(
          `The database in ${lockFile.replace(/\.lock$/, '')} is in use by process ${owner}` +
            ' (is the portal running?). Stop that process first.',
        );
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new DataDirectoryInUseError(`Could not lock ${lockFile}.`);
}
