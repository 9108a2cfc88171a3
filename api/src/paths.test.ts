import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from './db/migrate';
import { API_DIR, REPOSITORY_ROOT, sourcePath } from './paths';
import { NIST_LOW_BASELINE } from './standards/catalogs';

describe('the API finds its own files', () => {
  it('from its sources: the package directory, the repository root, migrations and catalogs', () => {
    expect(JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')).name).toBe('@portal/api');
    expect(existsSync(path.join(REPOSITORY_ROOT, 'pnpm-workspace.yaml'))).toBe(true);
    expect(MIGRATIONS_DIR).toBe(path.join(API_DIR, 'migrations'));
    expect(existsSync(path.join(MIGRATIONS_DIR, '001_foundation.sql'))).toBe(true);
    expect(existsSync(NIST_LOW_BASELINE)).toBe(true);
    expect(sourcePath('sbom', 'testdata')).toBe(path.join(__dirname, 'sbom', 'testdata'));
  });

  it('from its build: only paths.ts asks __dirname, and every package the bundle requires is a dependency of the API', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-api-build-'));
    try {
      // The production build, into a directory of its own (api/build.mjs is ESM: loaded as such).
      const { buildApi } = (await import(path.join(API_DIR, 'build.mjs'))) as { buildApi: (options: { outfile: string }) => Promise<void> };
      await buildApi({ outfile: path.join(dir, 'main.js') });
      const bundle = await readFile(path.join(dir, 'main.js'), 'utf8');
      // In the bundle every module's __dirname is its directory: a second use would point there.
      const uses = bundle.split('\n').filter((line) => line.includes('__dirname'));
      expect(uses).toEqual([expect.stringMatching(/API_DIR = .*resolve\(__dirname, "\.\."\)/)]);
      const manifest = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
      const required = new Set([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1]));
      const packageOf = (name: string) => name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/');
      const missing = [...required].filter((name) => !name.startsWith('node:')).map(packageOf).filter((name) => !(name in manifest.dependencies));
      expect(missing).toEqual([]);
      expect(required.has('fastify')).toBe(true);
    } finally {
      // esbuild's service process would outlive the test file in a jest worker.
      (await import('esbuild')).stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
