import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPOSITORY_ROOT } from '../config';

/** The product version is the root package.json's: one number for the whole portal. */
export async function readProductVersion(root: string = REPOSITORY_ROOT): Promise<string> {
  const manifest: unknown = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
    const { version } = manifest;
    if (typeof version === 'string') return version;
  }
  throw new Error(`${root}/package.json has no version.`);
}
