// The tasks inbox under load (issue 23 item 14): `node_modules/.bin/tsx api/bench/tasks-inbox.ts`.
// Per case, a fresh API (configured as `npm start` does; the inbox caches nothing) on an embedded database in a temp dir (or,
// with DATABASE_URL, a fresh schema of that Postgres server) with 50,000 tasks in one process
// (every kind, a third done, due dates over two years, 1 in 20 assigned to the signed-in user, 1 in
// 10 to their workgroup), listening on a free port; autocannon (50 connections, 10 s, in a process
// of its own) on the inbox's first page: the default tab (assigned to me), 'all' by due date, 'all'
// newest first, and a search; and, for comparison, a route that is only the guard. Goal: p99 ≤ 50 ms at 50 connections.
// BENCH_CASE=<start of a case name> runs that case only; BENCH_READ_CACHE_MS=0 turns the guard's
// cache of callers off (every request resolves its caller from the database), as after any change;
// BENCH_LOG=1 logs as `npm start` does (level info, each line written at once, here to /dev/null).
import { openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { READ_CACHE_MS } from '../src/config';
import { createOrganizationCommand } from '../src/cli/users';
import { manualClock } from '../src/identity/clock';
import { createTestUser, likeTheApiClient } from '../src/testing/identity';
import { authenticate } from '../src/testing/users';
import { freshSchema, load } from './load';

const CONNECTIONS = 50;
const DURATION_S = 10;
const TASKS = 50_000;
const GOAL_P99_MS = 50;
const INBOX = '/api/tasks/inbox?graph=bench';

const CASES: [string, string][] = [
  ['assigned to me (the default tab), first page', `${INBOX}`],
  ['all, by due date, first page', `${INBOX}&tab=all&sort=due_date`],
  ['all, newest first, open only, first page', `${INBOX}&tab=all&sort=created_at&order=desc&status=OPEN`],
  ['all, search "rotate", first page', `${INBOX}&tab=all&q=rotate`],
  ['baseline: GET /api/projects (the guard only)', '/api/projects'],
];

const SERVER_URL = process.env.DATABASE_URL || undefined;
/** Like pino's default destination (stdout, synchronous): a write per line. */
const LOG_STREAM = process.env.BENCH_LOG === '1' ? ((fd: number) => ({ write: (line: string) => void writeSync(fd, line) }))(openSync('/dev/null', 'w')) : undefined;
const READ_CACHE_MS_USED = process.env.BENCH_READ_CACHE_MS !== undefined ? Number(process.env.BENCH_READ_CACHE_MS) : READ_CACHE_MS;

async function start() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-bench-'));
  const schema = await freshSchema(SERVER_URL);
  const clock = manualClock(new Date());
  const config = { port: 0, host: '127.0.0.1', dataDir: dir, databaseUrl: schema.databaseUrl, serveStatic: false, staticDir: dir, logLevel: LOG_STREAM ? 'info' : 'silent', readCacheMs: READ_CACHE_MS_USED };
  const app = likeTheApiClient(await buildApp({ config, now: clock.now, ...(LOG_STREAM ? { logStream: LOG_STREAM } : {}) }));
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
    const payload = { code_name: 'bench', name: 'Bench', type: 'REQUIREMENTS', dashboard_type: 'LIVE' };
    await app.inject({ method: 'POST', url: '/api/projects', headers, payload });
    const [process] = await app.database.query<{ id: string; organization_id: string }>(`SELECT id, organization_id FROM processes WHERE code_name = 'bench'`);
    const [me] = await app.database.query<{ id: string }>(`SELECT id FROM users WHERE login_id = 'bench_admin'`);
    const group = await app.inject({ method: 'POST', url: '/api/workgroups', headers, payload: { name: 'Bench team', description: '', member_ids: [me.id] } });
    const groupId = (group.json() as { id: string }).id;
    await app.database.query(
      `INSERT INTO requirements (organization_id, process_id, code, title, position)
       SELECT $1, $2, 'R-' || i, 'Requirement ' || i || ' on access control', i FROM generate_series(1, 1000) i`,
      [process.organization_id, process.id],
    );
    await app.database.query(
      `WITH req AS (SELECT id, row_number() OVER (ORDER BY code) AS n FROM requirements WHERE process_id = $2)
       INSERT INTO tasks (organization_id, process_id, requirement_id, type, status, title, description, due_date,
                          assigned_to_user, assigned_to_group, created_by, progress, created_at, updated_at)
       SELECT $1, $2, CASE WHEN i % 7 = 6 THEN NULL ELSE req.id END,
              (ARRAY['REVIEW', 'DELEGATE', 'HAS_GAP', 'RESOLVE_REJECTED', 'RESOLVE_RISK', 'RESOLVE_CONFLICT', 'GENERAL'])[1 + i % 7],
              CASE WHEN i % 3 = 0 THEN 'COMPLETED' ELSE 'OPEN' END,
              CASE WHEN i % 7 = 6 THEN (ARRAY['Rotate keys', 'Access review', 'Patch servers', 'Renew certificates'])[1 + i % 4] || ' ' || i ELSE '' END,
              'Bench task ' || i, CASE WHEN i % 13 = 0 THEN NULL ELSE current_date - 365 + (i % 730) END,
              CASE WHEN i % 20 = 0 THEN $3::uuid END, CASE WHEN i % 10 = 5 THEN $4::uuid END, $3::uuid, i % 101,
              now() - make_interval(secs => i), now() - make_interval(secs => i)
         FROM generate_series(1, ${TASKS}) i JOIN req ON req.n = 1 + i % 1000`,
      [process.organization_id, process.id, me.id, groupId],
    );
    // Steady state: the visibility map set (as autovacuum keeps it), so counts scan indexes only.
    await app.database.exec('VACUUM ANALYZE tasks');
    await app.database.exec('VACUUM ANALYZE requirements');
    const [{ n }] = await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE process_id = $1', [process.id]);
    if (n !== TASKS) throw new Error(`${n} tasks inserted, not ${TASKS}`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, headers, address, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function main(): Promise<void> {
  console.log(
    `${TASKS} tasks in one process on ${SERVER_URL ? 'the Postgres server of DATABASE_URL' : 'the embedded database (PGlite)'}, uncached; ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION_S} s per case (goal p99 ≤ ${GOAL_P99_MS} ms); the guard's cache of callers ${READ_CACHE_MS_USED > 0 ? `${READ_CACHE_MS_USED} ms` : 'off'}`,
  );
  for (const [name, url] of CASES.filter(([name]) => !process.env.BENCH_CASE || name.startsWith(process.env.BENCH_CASE))) {
    const { app, headers, address, cleanup } = await start();
    try {
      const check = await app.inject({ method: 'GET', url, headers });
      if (check.statusCode !== 200) throw new Error(`${url}: ${check.statusCode} ${check.body}`);
      const answer = check.json() as { items: unknown[] } | unknown[];
      const shown = `${Array.isArray(answer) ? answer.length : answer.items.length} items`;
      const alone: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const begin = performance.now();
        await app.inject({ method: 'GET', url, headers });
        alone.push(performance.now() - begin);
      }
      alone.sort((a, b) => a - b);
      const result = await load(address, [url], { connections: CONNECTIONS, durationS: DURATION_S, headers });
      const failures = result.non2xx + result.errors + result.timeouts;
      const verdict = result.latency.p99 <= GOAL_P99_MS ? 'within the goal' : 'OVER the goal';
      console.log(
        `${name}: ${shown} | alone p50 ${alone[10].toFixed(1)} ms | under load p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms (${verdict}), ${result.perSecond.toFixed(1)} req/s${failures ? `, ${failures} failed` : ''}`,
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
