// The requirement list under load (issue 6): `node_modules/.bin/tsx api/bench/requirements.ts`.
// Per case, a fresh API on an embedded database in a temp dir with 10,000 requirements in a tree
// (100 roots × 9 children × 10 grandchildren, bulk SQL), listening on a free port; autocannon
// (100 connections, 10 s, in a process of its own: a load generator sharing the API's event loop
// would take half of what it measures) on the table view (a page of 50 of the whole process), the tree's top
// level, a searched and sorted table page, and, for comparison, a route that is only the guard.
// A fresh instance per case: requests still queued when a run ends do not weigh on the next one.
// With DATABASE_URL set, each case works in a fresh schema of that Postgres server (dropped after)
// instead of the embedded database.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { READ_CACHE_MS } from '../src/config';
import { manualClock } from '../src/identity/clock';
import { createTestUser, likeTheApiClient } from '../src/testing/identity';
import { createOrganizationCommand } from '../src/cli/users';
import { authenticate } from '../src/testing/users';

const CONNECTIONS = 100;
const DURATION_S = 10;
const REQUIREMENTS = 10_000;

const CASES: [string, string][] = [
  ['table (limit=50)', '/api/requirements?graph=bench&limit=50'],
  ['tree top level (parent=root)', '/api/requirements?graph=bench&parent=root'],
  ['table search+sort (limit=50, offset=500)', '/api/requirements?graph=bench&limit=50&offset=500&search=audit&sort=priority&order=desc'],
  ['baseline: GET /api/projects (the guard only)', '/api/projects'],
];

interface Instance {
  app: FastifyInstance;
  headers: Record<string, string>;
  address: string;
  cleanup(): Promise<void>;
}

const SERVER_URL = process.env.DATABASE_URL || undefined;
const AUTOCANNON = path.join(__dirname, '..', 'node_modules', '.bin', 'autocannon');

interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** autocannon in its own process (its JSON report). */
async function load(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION_S), '-t', '30', '-j'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const { stdout } = await promisify(execFile)(AUTOCANNON, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as LoadResult;
}

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh schema of the DATABASE_URL server (its URL and how to drop it), or none: the embedded database. */
async function freshSchema(): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  if (!SERVER_URL) return { drop: async () => undefined };
  const schema = `bench_${randomUUID().replace(/-/g, '')}`;
  await onServer(`CREATE SCHEMA ${schema}`);
  const url = new URL(SERVER_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { databaseUrl: url.toString(), drop: () => onServer(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

async function start(): Promise<Instance> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const schema = await freshSchema();
  const clock = manualClock(new Date());
  const app = likeTheApiClient(
    await buildApp({
      // As `npm start` configures it (config.ts): reads cached, with Postgres too.
      config: {
        port: 0,
        host: '127.0.0.1',
        dataDir: dir,
        databaseUrl: schema.databaseUrl,
        serveStatic: false,
        staticDir: dir,
        logLevel: 'silent',
        readCacheMs: READ_CACHE_MS,
      },
    }),
  );
  const cleanup = async () => {
    await app.close();
    await schema.drop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await createOrganizationCommand(app.database, ['--name', 'Bench']);
    await createTestUser(app, 'bench_admin', clock.now, '--org', 'Bench', '--role', 'ORG_ADMIN');
    const cookie = await authenticate(app, 'bench_admin', clock.now);
    const headers = { cookie: `${cookie.name}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers,
      payload: { code_name: 'bench', name: 'Bench', type: 'REQUIREMENTS', dashboard_type: 'LIVE' },
    });
    const [process] = await app.database.query<{ id: string; organization_id: string }>(
      `SELECT id, organization_id FROM processes WHERE code_name = 'bench'`,
    );
    if (!process) throw new Error(`no process: ${created.statusCode} ${created.body}`);
    const insert = (select: string) =>
      app.database.query(
        `INSERT INTO requirements (organization_id, process_id, code, title, description, parent_id, position, priority, status, progress, tags, source)
         ${select}`,
        [process.organization_id, process.id],
      );
    const columns = (code: string, n: string, parent: string, position: string) => `SELECT $1::uuid, $2::uuid, ${code},
        'Requirement ' || ${code} || ' on access control and audit logging',
        'The system **shall** keep an audit trail of ' || ${code} || '. See the control catalogue for details.',
        ${parent}, ${position},
        (ARRAY['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'])[1 + ${n} % 4],
        (ARRAY['DRAFT', 'IN_REVIEW', 'ACCEPTED', 'IN_PROGRESS', 'COMPLETED'])[1 + ${n} % 5],
        (${n} * 7) % 101, ARRAY['tag-' || (${n} % 10)], 'ac-' || (${n} % 25)`;
    await insert(`${columns(`'R-' || i`, 'i', 'NULL::uuid', 'i')} FROM generate_series(1, 100) i`);
    await insert(
      `${columns(`r.code || '.' || j`, '(j * 13 + length(r.code))', 'r.id', 'j')}
         FROM requirements r, generate_series(1, 9) j WHERE r.process_id = $2 AND r.parent_id IS NULL`,
    );
    await insert(
      `${columns(`c.code || '.' || k`, '(k * 31 + length(c.code))', 'c.id', 'k')}
         FROM requirements c JOIN requirements p ON p.id = c.parent_id AND p.parent_id IS NULL, generate_series(1, 10) k
        WHERE c.process_id = $2`,
    );
    await app.database.exec('ANALYZE requirements');
    const [{ n }] = await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM requirements WHERE process_id = $1', [process.id]);
    if (n !== REQUIREMENTS) throw new Error(`${n} requirements inserted, not ${REQUIREMENTS}`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, headers, address, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function main(): Promise<void> {
  console.log(
    `${REQUIREMENTS} requirements (100 roots × 9 × 10) on ${SERVER_URL ? 'the Postgres server of DATABASE_URL' : 'the embedded database (PGlite)'}; ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION_S} s per case`,
  );
  for (const [name, url] of CASES) {
    const { app, headers, address, cleanup } = await start();
    try {
      const check = await app.inject({ method: 'GET', url, headers });
      if (check.statusCode !== 200) throw new Error(`${url}: ${check.statusCode} ${check.body}`);
      const answer = check.json() as { total: number; items: unknown[] } | unknown[];
      const shown = Array.isArray(answer) ? `${answer.length} items` : `${answer.items.length} of ${answer.total}`;
      const sequential: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const begin = performance.now();
        await app.inject({ method: 'GET', url, headers });
        sequential.push(performance.now() - begin);
      }
      sequential.sort((a, b) => a - b);
      // A 30 s timeout: the embedded database answers one query at a time, so 100 connections queue.
      const result = await load(`${address}${url}`, headers);
      const failures = result.non2xx + result.errors + result.timeouts;
      console.log(
        `${name}: ${shown} | alone p50 ${sequential[10].toFixed(1)} ms | under load p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(1)} req/s${failures ? `, ${failures} failed` : ''}`,
      );
    } finally {
      await cleanup();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
