// The processes of the scale-out test (issue 27 item 3), started as production starts them: two API
// processes (the API's build under plain node, as `npm start` runs it, with JOB_WORKERS=off) and two
// job workers (`node --import tsx api/src/cli.ts worker`, as the README's compose worker runs), all
// on one Postgres database made for the run and on the RabbitMQ broker CI configured. Postgres is
// reached with psql (what CI's set-up uses too): the database made and dropped, a table lock held,
// the server's sessions read.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../support/portal';

/** The servers CI exports (.ci/run): the scale-out project exists only where all four are set. */
export const SERVERS = ['DATABASE_URL', 'RABBITMQ_URL', 'RABBITMQ_STOMP_URL', 'PORTAL_API_URL'] as const;

export const serversConfigured = (env: NodeJS.ProcessEnv = process.env): boolean => SERVERS.every((name) => Boolean(env[name]));

/** A process of the run: its pid is what afterAll ends. */
export interface Started {
  name: string;
  child: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

/** The run's own database beside the server's others, named for the run (dropped at the end). */
export function runDatabase(serverUrl: string, stamp: string): { name: string; url: (applicationName?: string) => string } {
  const name = `portal_scale_${stamp}`;
  return {
    name,
    url(applicationName) {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      url.search = '';
      // Each process names itself to the server: the test finds which worker waits on a lock.
      if (applicationName) url.searchParams.set('application_name', applicationName);
      return url.toString();
    },
  };
}

/** One SQL statement through psql; its rows as text, one per line. */
export function psql(url: string, sql: string): string[] {
  const output = execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-tAc', sql], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return output.split('\n').filter((line) => line !== '');
}

export function createDatabase(serverUrl: string, name: string): void {
  psql(serverUrl, `CREATE DATABASE ${name}`);
}

export function dropDatabase(serverUrl: string, name: string): void {
  psql(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** The settings every process of the run shares: one database, one broker, one data directory and key. */
export function sharedEnvironment(databaseUrl: (applicationName: string) => string, dataDir: string): (applicationName: string) => NodeJS.ProcessEnv {
  const secretKey = randomBytes(32).toString('base64');
  return (applicationName) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl(applicationName),
      RABBITMQ_URL: process.env.RABBITMQ_URL,
      RABBITMQ_STOMP_URL: process.env.RABBITMQ_STOMP_URL,
      DATA_DIR: dataDir,
      // One key for every process: a key file each made at once in the shared directory could differ.
      SECRET_KEY: secretKey,
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_API: 'true',
      // A build's processing may take 10 s: a worker killed in the middle of one costs about a minute
      // (its job's timeout, pg-boss's margin, the maintenance that fails it every 5 s, the retry's pause).
      SBOM_INGESTION_TIMEOUT_SECONDS: '10',
      JOB_EXPIRY_CHECK_SECONDS: '5',
      REQUIREMENT_SCHEDULER_INTERVAL_MS: '60000',
    };
    delete env.JOB_WORKERS;
    delete env.PORT;
    return env;
  };
}

/** The run's directory: logs, the batch file and the shared data directory (`data`). */
export const runDirectory = (stamp: string): string => join(tmpdir(), `portal-scale-out-${stamp}`);

export function makeDirectory(dir: string): void {
  mkdirSync(join(dir, 'data'), { recursive: true });
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): Started {
  const log = join(logDir, `${name}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, log, exited };
}

/** An API process as `npm start` runs it (its build), sending jobs and running none. */
export function startApi(name: string, port: number, env: NodeJS.ProcessEnv, logDir: string): Started {
  return start(name, ['--enable-source-maps', 'api/dist/main.js'], { ...env, PORT: String(port), HOST: '127.0.0.1', JOB_WORKERS: 'off' }, logDir);
}

/** A job worker as the README's compose service runs it: every kind, no HTTP. */
export function startWorker(name: string, env: NodeJS.ProcessEnv, logDir: string): Started {
  // With the compose service's heap limit (WORKER_MAX_HEAP_MB's default, docker-compose.yml).
  return start(name, ['--max-old-space-size=768', '--import', 'tsx', 'api/src/cli.ts', 'worker'], env, logDir);
}

/** The portal's command line on the run's database (users, organization, process: as e2e/support/users.ts does). */
export function runBatch(commands: string[][], env: NodeJS.ProcessEnv, dir: string): void {
  const file = join(dir, 'batch.json');
  writeFileSync(file, JSON.stringify(commands));
  execFileSync(process.execPath, ['--import', 'tsx', 'api/src/cli.ts', 'batch', '--file', file], { cwd: REPO_ROOT, env, stdio: 'pipe' });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready()` holds, failing with the process's log if it exits or `ms` pass first. */
export async function waitFor(processes: Started[], ready: () => Promise<boolean> | boolean, what: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ready())) {
    const dead = processes.find((started) => started.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}) before ${what}:\n${readLog(dead)}`);
    if (Date.now() > until) throw new Error(`not ${what} within ${ms / 1000} s:\n${processes.map((started) => `${started.name}: ${readLog(started)}`).join('\n')}`);
    await pause(250);
  }
}

export const readLog = (started: Started): string => (existsSync(started.log) ? readFileSync(started.log, 'utf8').slice(-4000) : '');

/** Whether the API at `origin` answers its health check. */
export async function healthy(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** Ends a process by its pid: SIGTERM, then SIGKILL if it has not exited within 5 s. */
export async function stop(started: Started): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  started.child.kill('SIGTERM');
  const ended = await Promise.race([started.exited.then(() => true), pause(5_000).then(() => false)]);
  if (!ended) {
    started.child.kill('SIGKILL');
    await started.exited;
  }
}

/**
 * A transaction of psql's holding `LOCK TABLE <table> IN SHARE MODE`: reads go on, writes to the
 * table wait — a build's processing stops in the middle, at its findings — until `release()`.
 */
export async function holdShareLock(url: string, table: string): Promise<{ release(): Promise<void>; child: ChildProcess }> {
  const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q'], { stdio: ['pipe', 'ignore', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdin!.write(`BEGIN;\nLOCK TABLE ${table} IN SHARE MODE;\n`);
  const granted = () =>
    psql(url, `SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = '${table}' AND l.mode = 'ShareLock' AND l.granted`)[0] === '1';
  const until = Date.now() + 15_000;
  while (!granted()) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`the lock on ${table} was not taken`);
    await pause(100);
  }
  return {
    child,
    async release() {
      if (child.exitCode !== null) return;
      child.stdin!.end('COMMIT;\n');
      await exited;
    },
  };
}

/** The application names of the run's sessions that wait on a lock (the processes named themselves). */
export function waitingOnLock(url: string, database: string): string[] {
  return psql(url, `SELECT application_name FROM pg_stat_activity WHERE datname = '${database}' AND wait_event_type = 'Lock'`);
}

export function removeDirectory(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
