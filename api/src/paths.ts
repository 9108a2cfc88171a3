// Where the API's own files are (its migrations, the catalogs and demo SBOMs it ships), the same
// whether it runs from its sources (api/src, by tsx) or from its build (api/dist/main.js, one
// bundle): both sit one level under the package. Only a module directly under api/src can say so
// with __dirname — in the bundle every module's __dirname is api/dist.
import path from 'node:path';

/** The api package's directory. */
export const API_DIR = path.resolve(__dirname, '..');

/** The repository root: relative paths in the environment resolve against it. */
export const REPOSITORY_ROOT = path.resolve(API_DIR, '..');

/** A file or directory of the API's sources, by its path under api/src. */
export function sourcePath(...segments: string[]): string {
  return path.join(API_DIR, 'src', ...segments);
}
