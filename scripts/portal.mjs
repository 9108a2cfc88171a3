#!/usr/bin/env node
// The portal's one entry point behind the root npm scripts (start, dev, build, test, bench, demo,
// portal). It brings pnpm, installs when the lockfile changed, builds only the packages whose
// sources changed, then does the asked thing. Works on a fresh clone with only Node 20 and npm.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '12.21.0';
export const WEB_PACKAGES = [
  'host',
  'mfe-auth',
  'mfe-requirements',
  'mfe-collaboration',
  'mfe-applications',
  'mfe-operations',
  'mfe-admin',
];
const BIN = join(ROOT, 'node_modules', '.bin');

function log(message) {
  process.stdout.write(`[portal] ${message}\n`);
}

/** Seconds since `start` (a Date.now()), for the phases' timings in CI's output. */
function seconds(start) {
  return `${Math.round((Date.now() - start) / 1000)} s`;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** pnpm itself: the one on PATH when it is the pinned major, otherwise through npx. */
function pnpm() {
  const found = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim().split('.')[0] === PNPM_VERSION.split('.')[0]) return ['pnpm', []];
  return ['npx', ['--yes', `pnpm@${PNPM_VERSION}`]];
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name === 'dist' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        visit(join(path, name));
      }
    } else {
      hash.update(relative(ROOT, path));
      hash.update(readFileSync(path));
    }
  };
  paths.forEach(visit);
  return hash.digest('hex');
}

/** The default of WORKER_MAX_HEAP_MB, as api/src/cli/worker.ts has it. */
const DEFAULT_WORKER_MAX_HEAP_MB = 768;

/** The environment of `portal worker`: NODE_OPTIONS with the heap limit of WORKER_MAX_HEAP_MB (0: node's own). */
function workerEnvironment(env) {
  const text = (env.WORKER_MAX_HEAP_MB ?? '').trim();
  const mb = text === '' ? DEFAULT_WORKER_MAX_HEAP_MB : Number(text);
  if (!Number.isInteger(mb) || mb < 0) {
    log(`WORKER_MAX_HEAP_MB must be a whole number of megabytes (0: no limit of its own), not '${text}'`);
    process.exit(2);
  }
  if (mb === 0) return env;
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --max-old-space-size=${mb}`.trim() };
}

function ensureInstalled() {
  const stamp = join(ROOT, 'node_modules', '.portal-install-stamp');
  const wanted = hashFiles([join(ROOT, 'pnpm-lock.yaml'), join(ROOT, 'pnpm-workspace.yaml')]);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('installing dependencies…');
  const [command, prefix] = pnpm();
  mustRun(command, [...prefix, 'install', '--frozen-lockfile']);
  writeFileSync(stamp, wanted);
}

function buildInputs(pkg) {
  return hashFiles([
    join(ROOT, pkg, 'src'),
    join(ROOT, pkg, 'webpack.config.cjs'),
    join(ROOT, pkg, 'package.json'),
    join(ROOT, 'shared', 'src'),
    join(ROOT, 'shared', 'federation'),
    join(ROOT, 'shared', 'package.json'),
    join(ROOT, 'pnpm-lock.yaml'),
  ]);
}

const stampOf = (pkg) => join(ROOT, pkg, 'dist', '.build-stamp');

const builds = new Set();

function webpackBuild(pkg) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(join(BIN, 'webpack'), ['--mode', 'production'], { cwd: join(ROOT, pkg), stdio: 'inherit' });
    builds.add(child);
    child.on('exit', (code) => {
      builds.delete(child);
      if (code !== 0) return reject(new Error(`build of ${pkg} failed (exit ${code})`));
      log(`built ${pkg} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve();
    });
  });
}

/** Builds the host and remotes whose inputs changed since their last build, two at a time. */
async function buildWhatChanged({ force = false } = {}) {
  const stale = WEB_PACKAGES.filter((pkg) => {
    const stamp = stampOf(pkg);
    return force || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== buildInputs(pkg);
  });
  if (stale.length === 0) return;
  log(`building ${stale.join(', ')}…`);
  const queue = [...stale];
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      // Hashed before building: a source edited during the build leaves the package stale.
      const inputs = buildInputs(pkg);
      await webpackBuild(pkg);
      writeFileSync(stampOf(pkg), inputs);
    }
  };
  try {
    await Promise.all([worker(), worker()]);
  } catch (error) {
    // One failed build fails the whole; the other must not run on orphaned.
    queue.length = 0;
    builds.forEach((child) => child.kill('SIGTERM'));
    throw error;
  }
}

/** The API's build (api/build.mjs: one bundle, under a second), made anew on every start. */
function buildApi() {
  mustRun(process.execPath, [join(ROOT, 'api', 'build.mjs')]);
}

/**
 * Starts the API: its build under plain node, or its sources under `tsx watch` (dev). The
 * `companions` are stopped with it (the dev watchers).
 */
function startApi({ watch = false, companions = [] } = {}) {
  const [command, args] = watch
    ? [join(BIN, 'tsx'), ['watch', 'api/src/main.ts']]
    : [process.execPath, ['--enable-source-maps', 'api/dist/main.js']];
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const stop = (signal) => {
    child.kill(signal);
    companions.forEach((companion) => companion.kill('SIGTERM'));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code) => {
    companions.forEach((companion) => companion.kill('SIGTERM'));
    process.exit(code ?? 0);
  });
}

function devWatchers() {
  return WEB_PACKAGES.map((pkg) =>
    spawn(join(BIN, 'webpack'), ['--mode', 'development', '--watch'], { cwd: join(ROOT, pkg), stdio: 'inherit' }),
  );
}

/**
 * The e2e suite runs in Debian's Chromium when the machine has it (as in CI); elsewhere in
 * Playwright's own browser, downloaded once.
 */
function ensureBrowser(pnpmCommand, prefix) {
  if (['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((path) => existsSync(path))) return;
  log('no system Chromium: installing Playwright\'s browser (once)…');
  mustRun(pnpmCommand, [...prefix, '--filter', '@portal/e2e', 'exec', 'playwright', 'install', 'chromium']);
}

/** What `npm run lint` lints with oxlint. */
const LINTED = ['shared', ...WEB_PACKAGES, 'api', 'e2e', 'scripts'];

function jest(args, env = {}) {
  return run(join(BIN, 'jest'), args, { env: { ...process.env, ...env } });
}

function runTests(extra) {
  const chosen = extra.some((arg) => arg.startsWith('--maxWorkers') || arg.startsWith('-w') || arg === '-i' || arg === '--runInBand');
  // The unit, component and API suites on the embedded defaults (PGlite, embedded broker), a
  // worker per core and at least two: jest's default (cores - 1) runs in band on 2 cores, while a
  // test file spends much of its time waiting (the database, timers, the broker)…
  const embedded = { ...process.env };
  delete embedded.DATABASE_URL;
  delete embedded.RABBITMQ_URL;
  const workers = chosen ? [] : [`--maxWorkers=${Math.max(2, availableParallelism())}`];
  let phase = Date.now();
  let status = run(join(BIN, 'jest'), [...workers, ...extra], { env: embedded });
  log(`suites on the embedded defaults: ${seconds(phase)}`);
  // …and the API suites again against the real servers when they are configured, as many files
  // at once: each works in a schema of its own, and the one suite RabbitMQ asks about tokens (the
  // broker conformance suite, listening on PORTAL_API_URL) is the only one that listens there.
  if (process.env.DATABASE_URL || process.env.RABBITMQ_URL) {
    log(`API suites against DATABASE_URL=${process.env.DATABASE_URL ?? '(unset)'} RABBITMQ_URL=${process.env.RABBITMQ_URL ?? '(unset)'}`);
    // Suites marked @backend-agnostic ran above and are left out here (api/jest.config.cjs).
    phase = Date.now();
    status = jest(['--selectProjects', 'api', ...workers, ...extra], { PORTAL_TEST_PASS: 'servers' }) || status;
    log(`API suites against the servers: ${seconds(phase)}`);
  }
  return status;
}

async function main() {
  const [command = 'start', ...rest] = process.argv.slice(2);
  switch (command) {
    case 'start':
      ensureInstalled();
      await buildWhatChanged();
      buildApi();
      startApi();
      break;
    case 'dev':
      ensureInstalled();
      startApi({ watch: true, companions: devWatchers() });
      break;
    case 'build':
      ensureInstalled();
      await buildWhatChanged({ force: rest.includes('--force') });
      buildApi();
      break;
    case 'test': {
      ensureInstalled();
      let status = runTests(rest);
      let phase = Date.now();
      await buildWhatChanged();
      log(`build: ${seconds(phase)}`);
      const [pnpmCommand, prefix] = pnpm();
      ensureBrowser(pnpmCommand, prefix);
      phase = Date.now();
      status = run(pnpmCommand, [...prefix, '--filter', '@portal/e2e', 'test']) || status;
      log(`end-to-end suite: ${seconds(phase)}`);
      log(status === 0 ? 'all suites passed' : 'some suites failed');
      process.exit(status);
      break;
    }
    case 'unit':
      ensureInstalled();
      process.exit(runTests(rest));
      break;
    case 'bench': {
      ensureInstalled();
      await buildWhatChanged();
      const [pnpmCommand, prefix] = pnpm();
      // Sign-in latency with the chosen argon2 cost (API, in process)…
      mustRun(join(BIN, 'tsx'), ['api/bench/signin.ts']);
      // …permission checks and the guard's cost per request…
      mustRun(join(BIN, 'tsx'), ['api/bench/permissions.ts']);
      mustRun(join(BIN, 'tsx'), ['api/bench/duplicates.ts']); // duplicate scan of 10,000 requirements (goal ≤ 2 s)
      mustRun(join(BIN, 'tsx'), ['api/bench/oscal.ts']); // OSCAL LOW baseline import and re-import
      mustRun(join(BIN, 'tsx'), ['api/bench/requirements.ts']); // 10,000 requirements: table and tree pages under load
      mustRun(join(BIN, 'tsx'), ['api/bench/tasks-inbox.ts']); // 50,000 tasks: the inbox's first page at 50 connections, uncached (goal p99 ≤ 50 ms)
      mustRun(join(BIN, 'tsx'), ['api/bench/vulnerabilities.ts']); // 200,000 OSV advisories imported, 50,000 components matched (goal ≤ 5 s, ≤ 512 MB)
      mustRun(join(BIN, 'tsx'), ['api/bench/sbom.ts']); // juice-shop SBOM upload → findings stored vs JSON.parse (goal ≤ 0.5 s, ≤ 10×); 50,000 components
      mustRun(join(BIN, 'tsx'), ['api/bench/findings.ts']); // a 25,000-result SARIF stored, re-imported with 10% changed (goal ≤ 2 s each, ≤ 256 MB RSS growth)
      mustRun(join(BIN, 'tsx'), ['api/bench/findings-list.ts']); // 200,000 findings: list pages and groups at 50 connections, uncached (goal p99 ≤ 50 ms)
      mustRun(join(BIN, 'tsx'), ['api/bench/portfolio-sbom.ts']); // the portfolio SBOM view's first pages over 1,000 apps (one query each)
      mustRun(join(BIN, 'tsx'), ['api/bench/compliance.ts']); // live compliance: 2,000 checks of 10,000 requirements over 1,000 apps, full and after one build (goals ≤ 30 s, ≤ 1 s)
      mustRun(join(BIN, 'tsx'), ['api/bench/portfolio.ts']); // Postgres only: 1,000 apps × 1,000 components monitored, 5,000 advisories imported, 1 and 2 job workers (goals ≤ 60 s with 2, ≤ 1 GB RSS)
      mustRun(join(BIN, 'tsx'), ['api/bench/documents.ts']); // a 200 MB file into the evidence library: time and RSS growth (goal ≤ 64 MB)
      mustRun(join(BIN, 'tsx'), ['api/bench/recovery.ts']); // back up 10,000 requirements, 20 × 1,000 components, 500 files (100 MB) and restore (goals ≤ 15 s, ≤ 30 s, ≤ 256 MB RSS growth)
      mustRun(join(BIN, 'tsx'), ['api/bench/bombs.ts']); // 1 and 4 concurrent 1 GiB gzip/zip bombs against the server's build: peak RSS (goal ≤ 512 MB), RSS after 10/30/60 s
      // …then sizes and load times in Chromium.
      ensureBrowser(pnpmCommand, prefix);
      mustRun(pnpmCommand, [...prefix, '--filter', '@portal/e2e', 'bench']);
      break;
    }
    case 'demo':
      ensureInstalled();
      mustRun(join(BIN, 'tsx'), ['api/src/cli.ts', 'demo', ...rest]);
      break;
    case 'cli':
      ensureInstalled();
      // A worker process's heap is bounded (WORKER_MAX_HEAP_MB, docs/jobs.md): past it the worker
      // dies, and its jobs are retried by another, instead of the machine swapping.
      mustRun(join(BIN, 'tsx'), ['api/src/cli.ts', ...rest], rest[0] === 'worker' ? { env: workerEnvironment(process.env) } : {});
      break;
    case 'lint':
      ensureInstalled();
      // The house's rules (layers, boundaries, cycles, hooks, one API path; .oxlintrc.json and
      // api/.oxlintrc.json), a disable comment that disables nothing counting as an error…
      log('linting');
      mustRun(join(BIN, 'oxlint'), ['--deny-warnings', '--report-unused-disable-directives-severity=error', ...LINTED]);
      // …then the types of every package.
      for (const pkg of ['shared', 'api', 'e2e', ...WEB_PACKAGES]) {
        log(`type-checking ${pkg}`);
        mustRun(join(BIN, 'tsc'), ['-p', join(pkg, 'tsconfig.json')]);
      }
      break;
    default:
      log(`unknown command ${command}; use start, dev, build, test, unit, bench, demo, lint or cli`);
      process.exit(2);
  }
}

main().catch((error) => {
  log(error.message);
  process.exit(1);
});
