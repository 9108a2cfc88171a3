// The processes of the monitoring bench (portfolio.ts), started as production starts them on one
// Postgres server: an API process (`api/src/main.ts` under tsx, JOB_WORKERS=off: it sends jobs and
// runs none) and job workers (`node --import tsx api/src/cli.ts worker`: what `npm run portal --
// worker` runs, without the npm and tsx launchers in between, so that the pid measured is the
// worker's). Each is ended by its pid. Also: signing a user in over HTTP (password, then the
// two-factor setup) and a process's peak RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/shared/server';
import { DEFAULT_WORKER_MAX_HEAP_MB } from '../src/cli/worker';
import { totpCode } from '../src/sessions/totp';
import type { SessionCookie } from '../src/testing/identity';
import { PASSWORD } from '../src/testing/identity';

const ROOT = path.join(__dirname, '..', '..');

export interface Started {
  name: string;
  child: ChildProcess;
  log: string;
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv, logDir: string): Started {
  const log = path.join(logDir, `${name}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  return { name, child, log };
}

export const startApi = (port: number, env: NodeJS.ProcessEnv, logDir: string): Started =>
  start('api', ['api/src/main.ts'], { ...env, PORT: String(port), HOST: '127.0.0.1', JOB_WORKERS: 'off', SERVE_STATIC: 'false' }, logDir);

/** A worker with the heap limit production gives it (WORKER_MAX_HEAP_MB's default, as the compose service). */
export const startWorker = (name: string, env: NodeJS.ProcessEnv, logDir: string): Started =>
  start(name, ['api/src/cli.ts', 'worker'], { ...env, NODE_OPTIONS: `--max-old-space-size=${DEFAULT_WORKER_MAX_HEAP_MB}` }, logDir);

export const logOf = (started: Started): string => readFileSync(started.log, 'utf8');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `ready()` holds; fails with the logs when a process exits or after `ms`. */
export async function waitFor(processes: Started[], ready: () => Promise<boolean> | boolean, what: string, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    const dead = processes.find((started) => started.child.exitCode !== null);
    if (dead) throw new Error(`${dead.name} exited (${dead.child.exitCode}) before ${what}:\n${logOf(dead).slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`not ${what} within ${ms / 1000} s`);
    await pause(100);
  }
}

/** SIGTERM, then SIGKILL after 10 s; resolves once it exited. */
export async function stop(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The process's peak resident set (VmHWM) and its resident set now (VmRSS), in MB. */
export function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peakMb: Math.round(kb('VmHWM') / 1024), rssMb: Math.round(kb('VmRSS') / 1024) };
}

/** CPU seconds the process has used (user + system, /proc/<pid>/stat). */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime: the 14th and 15th fields, the 12th and 13th after the command.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function healthy(origin: string): Promise<boolean> {
  try {
    return (await fetch(`${origin}/api/health`)).ok;
  } catch {
    return false;
  }
}

const sessionOf = (response: Response): SessionCookie => {
  const cookie = response.headers.getSetCookie().find((line) => /portal_session=/.test(line.split(';')[0]!));
  if (!cookie) throw new Error(`no session cookie in a ${response.status} answer`);
  const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
  return { name, value };
};

export const headersOf = (cookie: SessionCookie): Record<string, string> => ({ cookie: `${cookie.name}=${cookie.value}`, [CSRF_HEADER]: CSRF_HEADER_VALUE });

/** Signs `login` in as a browser does: password, then two-factor setup; the session's cookie. */
export async function signIn(origin: string, login: string): Promise<SessionCookie> {
  const json = { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const first = sessionOf(await fetch(`${origin}/api/sessions`, { method: 'POST', headers: json, body: JSON.stringify({ username: login, password: PASSWORD }) }));
  const offer = await fetch(`${origin}/api/sessions/mfa`, { method: 'POST', headers: headersOf(first) });
  const { secret } = (await offer.json()) as { secret: string };
  const setup = await fetch(`${origin}/api/sessions/mfa/setup/${totpCode(secret, new Date())}`, { method: 'POST', headers: headersOf(first) });
  if (setup.status !== 200) throw new Error(`two-factor setup of ${login} failed: ${setup.status} ${await setup.text()}`);
  return sessionOf(setup);
}
