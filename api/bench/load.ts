// What the HTTP benches share (tasks-inbox.ts, findings-list.ts): autocannon in a process of its
// own, so the load generator does not take the server's event loop, and a fresh schema of the
// DATABASE_URL server for a bench's data.
//
// `load()` runs this file under tsx as the load process: autocannon's programmatic API, each
// response's time kept so any percentile is exact (autocannon's own report has no p95), and the
// paths taken in turn when several are given (each request a different query).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

export interface LoadOptions {
  connections: number;
  durationS: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  /** Milliseconds. */
  latency: { p50: number; p95: number; p99: number; max: number };
  requests: number;
  perSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface LoadJob extends LoadOptions {
  origin: string;
  paths: string[];
}

const TSX = path.join(__dirname, '..', '..', 'node_modules', '.bin', 'tsx');

/** `paths` (taken in turn, one per request) against `origin` for `durationS` at `connections`. */
export async function load(origin: string, paths: readonly string[], options: LoadOptions): Promise<LoadResult> {
  const job: LoadJob = { ...options, origin, paths: [...paths] };
  const { stdout } = await promisify(execFile)(TSX, [__filename, JSON.stringify(job)], { maxBuffer: 16 * 1024 * 1024, timeout: (options.durationS + 60) * 1000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
}

/** A fresh schema of the `serverUrl` Postgres (its URL with that search_path) and how to drop it; none for the embedded database. */
export async function freshSchema(serverUrl: string | undefined): Promise<{ databaseUrl?: string; schema?: string; drop(): Promise<void> }> {
  if (!serverUrl) return { drop: async () => undefined };
  const schema = `bench_${randomUUID().replace(/-/g, '')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // The bench's connections named after its schema: serverCpu() finds their backends by it.
  url.searchParams.set('application_name', schema);
  // pg-boss's schema beside it (api/src/jobs/repository.ts) goes with it.
  return { databaseUrl: url.toString(), schema, drop: () => run(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`) };
}

/**
 * CPU time (µs, user + system) so far of the Postgres backends whose connections carry this
 * application name (a fresh schema's: its bench's API), by pid; read from /proc (Linux, the server
 * on this machine), undefined elsewhere. A bench takes two readings around a load to tell the
 * database's CPU per request apart from the API's (process.cpuUsage) when the machine is shared.
 */
export async function serverCpu(serverUrl: string, applicationName: string): Promise<Map<number, number> | undefined> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [applicationName]);
    const { readFile } = await import('node:fs/promises');
    const times = new Map<number, number>();
    for (const { pid } of rows) {
      // utime and stime, fields 14 and 15, in clock ticks (100 a second), after the command's parentheses.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
      if (stat === undefined) return undefined;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      times.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
    }
    return times;
  } finally {
    await client.end();
  }
}

/** The CPU the backends used between two readings of serverCpu (µs); a backend started since counts from 0. */
export function cpuBetween(before: Map<number, number> | undefined, after: Map<number, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let used = 0;
  for (const [pid, time] of after) used += time - (before.get(pid) ?? 0);
  return used;
}

const percentile = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const round = (value: number) => Math.round(value * 10) / 10;

async function runJob(job: LoadJob): Promise<LoadResult> {
  // Loaded here only: the benches that import this module do not need autocannon in their process.
  const autocannon = (await import('autocannon')).default;
  const times: number[] = [];
  let next = 0;
  // Without a callback autocannon answers its tracker, an emitter that is also the result's promise.
  const instance = autocannon({
    url: job.origin,
    connections: job.connections,
    duration: job.durationS,
    timeout: 30,
    headers: job.headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }) }],
  }) as unknown as Promise<Awaited<ReturnType<typeof autocannon>>> & EventEmitter;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    latency: { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), p99: round(percentile(times, 99)), max: round(times.at(-1) ?? NaN) },
    requests: times.length,
    perSecond: round(times.length / job.durationS),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

if (require.main === module) {
  runJob(JSON.parse(process.argv[2]) as LoadJob)
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
