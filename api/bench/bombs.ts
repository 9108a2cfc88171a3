// Decompression bombs against the server as `npm start` runs it (issue 20): `tsx api/bench/bombs.ts`.
// The API's build (api/build.mjs → dist/main.js) runs under plain node on a fresh data directory
// (or DATABASE_URL); each route that takes compressed bytes is sent 1, then 4 concurrent bombs of
// 1 GiB inflated, made here: a CI key's SBOM upload gzip-compressed as the body (Content-Encoding)
// and as a multipart file, and a Global Admin's OSV advisory import as a zip of 16 MiB entries.
// Printed, never asserted: the server's RSS before, its peak while the bombs are answered (VmHWM,
// reset per round, and VmRSS sampled every 10 ms), and after 10, 30 and 60 s (BENCH_SETTLE, in
// seconds). The goal: peak ≤ 512 MB, back to the baseline within a minute.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { zipSync } from 'fflate';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@portal/shared/server';
import { runCli } from '../src/cli';
import { API_DIR } from '../src/paths';
import { totpCode } from '../src/sessions/totp';

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;
const PASSWORD = 'Str0ng!Pass';
const SETTLE = (process.env.BENCH_SETTLE ?? '10,30,60').split(',').map(Number);
const mb = (bytes: number) => `${Math.round(bytes / MiB)} MB`;

/** 1 GiB of zeros gzipped at level 9 (about 1 MB), made as a stream. */
async function gzipBomb(): Promise<Buffer> {
  const block = Buffer.alloc(MiB);
  let left = GiB;
  const source = new Readable({
    read() {
      left -= block.length;
      this.push(left >= 0 ? block : null);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of source.pipe(createGzip({ level: 9 }))) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An OSV export of 64 '.json' entries of 16 MiB of zeros each: 1 GiB inflated. */
function zipBomb(): Buffer {
  const entry = new Uint8Array(16 * MiB);
  const entries: Record<string, Uint8Array> = {};
  for (let i = 0; i < GiB / entry.length; i += 1) entries[`GHSA-bomb-${String(i).padStart(4, '0')}.json`] = entry;
  return Buffer.from(zipSync(entries, { level: 9 }));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of the server, in bytes. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** Resets the server's VmHWM to its current RSS (Linux: 5 > clear_refs); false where not allowed. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Password, then two-factor setup, over HTTP: the session cookie of a signed-in user. */
async function signedIn(base: string, login: string): Promise<string> {
  const csrf = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const first = await fetch(`${base}/api/sessions`, { method: 'POST', headers: { ...csrf, 'content-type': 'application/json' }, body: JSON.stringify({ username: login, password: PASSWORD }) });
  if (!first.ok) throw new Error(`sign-in of ${login}: ${first.status} ${await first.text()}`);
  const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0];
  const pending = cookieOf(first);
  const offer = await fetch(`${base}/api/sessions/mfa`, { method: 'POST', headers: { ...csrf, cookie: pending } });
  if (!offer.ok) throw new Error(`two-factor offer to ${login}: ${offer.status} ${await offer.text()} (cookie ${pending})`);
  const { secret } = (await offer.json()) as { secret: string };
  const setup = await fetch(`${base}/api/sessions/mfa/setup/${totpCode(secret, new Date())}`, { method: 'POST', headers: { ...csrf, cookie: pending } });
  if (!setup.ok) throw new Error(`two-factor setup of ${login}: ${setup.status} ${await setup.text()}`);
  return cookieOf(setup);
}

async function post(base: string, url: string, headers: Record<string, string>, body: Buffer | FormData): Promise<{ status: number; detail: string }> {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers, body });
  const text = await response.text();
  let detail = text.slice(0, 100);
  try {
    detail = (JSON.parse(text) as { detail?: string }).detail ?? detail;
  } catch {
    // not JSON: the text as it is
  }
  return { status: response.status, detail };
}

interface Case {
  name: string;
  send(): Promise<{ status: number; detail: string }>;
}

async function round(server: ChildProcess, label: string, count: number, send: Case['send']): Promise<void> {
  const pid = server.pid!;
  const baseline = (await memoryOf(pid)).rss;
  const hwmReset = await resetPeak(pid);
  let sampled = baseline;
  const sampler = setInterval(() => {
    memoryOf(pid).then(({ rss }) => (sampled = Math.max(sampled, rss)), () => undefined);
  }, 10);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: count }, () => send()));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const { hwm } = await memoryOf(pid);
  const peak = Math.max(sampled, hwmReset ? hwm : 0);
  const statuses = [...new Set(answers.map((answer) => `${answer.status} '${answer.detail}'`))].join('; ');
  const after: string[] = [];
  let waited = 0;
  for (const at of SETTLE) {
    await sleep((at - waited) * 1000);
    waited = at;
    after.push(`${at} s: ${mb((await memoryOf(pid)).rss)}`);
  }
  console.log(
    `  ${label}, ${count} at once: ${statuses} in ${seconds.toFixed(1)} s; RSS ${mb(baseline)} before, peak ${mb(peak)}` +
      `${hwmReset ? '' : ' (sampled; VmHWM could not be reset)'}, after ${after.join(', ')}`,
  );
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-bombs-'));
  const env = { ...process.env, DATA_DIR: dir, SERVE_STATIC: 'false', LOG_LEVEL: 'warn' };
  let server: ChildProcess | undefined;
  try {
    // The people and the process, with the command line while no server runs.
    const cli = async (...args: string[]) => {
      const lines: string[] = [];
      if ((await runCli(args, env, (line) => lines.push(line))) !== 0) throw new Error(lines.join('\n'));
    };
    await cli('create-organization', '--name', 'Bench');
    await cli('create-process', '--org', 'Bench', '--code', 'bench', '--name', 'Bench');
    await cli('create-user', '--org', 'Bench', '--login', 'bench_admin', '--email', 'admin@example.com', '--name', 'Admin', '--password', PASSWORD, '--role', 'ORG_ADMIN');
    await cli('create-user', '--login', 'bench_global', '--email', 'global@example.com', '--name', 'Global', '--password', PASSWORD, '--role', '_global_admin');

    // As `npm start` runs it: the build, under plain node.
    const built = spawnSync(process.execPath, [path.join(API_DIR, 'build.mjs')], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the API build failed');
    const port = await freePort();
    server = spawn(process.execPath, ['--enable-source-maps', path.join(API_DIR, 'dist', 'main.js')], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      server!.once('exit', (code) => reject(new Error(`the server ended (${code}) before it listened`)));
      server!.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('The portal is running at')) resolve();
      });
    });
    server.stdout!.resume();
    const base = `http://127.0.0.1:${port}`;
    const admin = await signedIn(base, 'bench_admin');
    const global = await signedIn(base, 'bench_global');
    const json = { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };
    const module = await fetch(`${base}/api/modules/cicd-ingestion`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ name: 'CI' }) });
    const key = ((await module.json()) as { api_key_value: string }).api_key_value;
    await fetch(`${base}/api/apps?graph=bench`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ app_key: 'shop', name: 'Shop' }) });

    const gzip = await gzipBomb();
    const zip = zipBomb();
    console.log(`bombs: gzip ${(gzip.length / 1024).toFixed(0)} kB and zip ${(zip.length / 1024).toFixed(0)} kB, 1 GiB inflated each; server pid ${server.pid} on ${process.env.DATABASE_URL ? 'Postgres' : 'the embedded database'}`);
    const cases: Case[] = [
      {
        name: 'SBOM upload, CI key, gzip body (Content-Encoding: gzip)',
        send: () => post(base, '/api/apps/shop/builds', { 'x-api-key': key, 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzip),
      },
      {
        name: 'SBOM upload, CI key, multipart file bom.json.gz',
        send: () => {
          const form = new FormData();
          form.append('bom', new Blob([gzip], { type: 'application/gzip' }), 'bom.json.gz');
          return post(base, '/api/apps/shop/builds', { 'x-api-key': key }, form);
        },
      },
      {
        name: 'advisory import, Global Admin, OSV zip (64 entries of 16 MiB)',
        send: () => post(base, '/api/vulnerabilities/imports', { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: global, 'content-type': 'application/zip' }, zip),
      },
    ];
    await sleep(2000);
    for (const { name, send } of cases) {
      console.log(name);
      await round(server, name.split(',')[0], 1, send);
      await round(server, name.split(',')[0], 4, send);
    }
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
