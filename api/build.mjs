// The API's production build: src/main.ts and everything it imports as one CommonJS file,
// dist/main.js (with its source map), that plain `node` runs. Run by `npm start` and the Docker
// image; `npm run dev`, the tests and the benchmarks run the sources with tsx.
//
// Why: tsx transpiles every module at start and keeps a supervisor process beside the server —
// ~50 MB in each (measured: 368 MB RSS on start under tsx plus its 50 MB parent, 315 MB from the
// build). The installed packages stay outside the bundle (native addons, PGlite's WASM files and
// the CycloneDX schemas are found where they are installed); @portal/shared, a workspace package
// of TypeScript sources, is bundled with what it imports.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const API_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Installed packages stay external, except what @portal/shared (TypeScript sources) needs. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      const fromShared = /[\\/]shared[\\/]src[\\/]/.test(args.importer);
      if (args.path.startsWith('@portal/') || fromShared) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Builds the API into `outfile` (paths relative to api/). `entry` another than the server's: a
 * benchmark that stands for the server runs as it does (api/bench/vulnerabilities.ts).
 */
export async function buildApi({ entry = 'src/main.ts', outfile = 'dist/main.js' } = {}) {
  await build({
    absWorkingDir: API_DIR,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [installedPackagesExternal],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildApi().catch(() => {
    process.exitCode = 1; // esbuild has printed what failed
  });
}
