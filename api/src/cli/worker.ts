// `npm run portal -- worker` (issue 27 item 2): the job workers without HTTP — the app built as
// `npm start` builds it (every family defines its kinds of job), made ready but listening on no
// port, until a signal stops it: it finishes the jobs running, then closes.
import v8 from 'node:v8';
import type { Config } from '../config';
import { jobWorkersFrom, type JobWorkers, type PgBossSettings } from '../jobs/index';
import { limitHeapGrowth } from '../memory';

type Print = (line: string) => void;

/** Several processes need one broker: each relays the outbox, and an embedded broker reaches only its own process's browsers. */
export const NO_BROKER_WARNING =
  'worker: without RABBITMQ_URL the live events relayed here go to this process\'s embedded broker, which no browser reaches (notifications stay in the inbox); set RABBITMQ_URL beside DATABASE_URL for several processes';

export const EMBEDDED_REFUSAL =
  'worker: the embedded database belongs to one process, which runs the jobs itself (npm start); set DATABASE_URL to run workers of their own';

/** WORKER_MAX_HEAP_MB's default: a worker's peak RSS on the portfolio bench was 400-520 MB (docs/benchmarks.md), the goal ≤ 1 GB. */
export const DEFAULT_WORKER_MAX_HEAP_MB = 768;
/** Node's heap limit is the old space's (--max-old-space-size) and the young generation's beside it, some tens of MB. */
const YOUNG_SPACE_MARGIN_MB = 128;

/**
 * What the worker says of its heap as it starts: the limit it got and, when that is above the one
 * WORKER_MAX_HEAP_MB asks for (started by plain node, not `npm run portal -- worker` nor the compose
 * service's NODE_OPTIONS), how to apply it. A process cannot raise or lower its own limit once started.
 */
export function heapLines(wantedMb: number, limitBytes: number = v8.getHeapStatistics().heap_size_limit): string[] {
  const limitMb = Math.round(limitBytes / 1024 / 1024);
  const asked = wantedMb === 0 ? 'WORKER_MAX_HEAP_MB=0: node\'s own' : `WORKER_MAX_HEAP_MB=${wantedMb}`;
  const lines = [`worker: heap limit ${limitMb} MB (${asked})`];
  if (wantedMb > 0 && limitMb > wantedMb + YOUNG_SPACE_MARGIN_MB) {
    lines.push(`worker: started without the heap limit of WORKER_MAX_HEAP_MB: start it with \`npm run portal -- worker\`, or node --max-old-space-size=${wantedMb} (NODE_OPTIONS)`);
  }
  return lines;
}

/**
 * The kinds a worker process works: those JOB_WORKERS lists (a worker dedicated to some kinds),
 * else every kind — `off` would leave a process that does nothing else with nothing to do.
 */
export function workerKinds(env: Partial<Record<string, string | undefined>> = process.env): true | readonly string[] {
  const selection = jobWorkersFrom(env);
  return typeof selection === 'boolean' ? true : selection;
}

/**
 * Runs until `stop()` resolves; resolves to the exit code (2: no Postgres server to share).
 * `jobSettings`: tests shorten pg-boss's pauses; `workers`: the kinds worked (default every kind).
 */
export async function runWorker(
  config: Config,
  print: Print,
  stop: () => Promise<unknown>,
  jobSettings?: PgBossSettings,
  workers: Exclude<JobWorkers, false> = true,
): Promise<number> {
  for (const line of heapLines(config.workerMaxHeapMb ?? DEFAULT_WORKER_MAX_HEAP_MB)) print(line);
  if (!config.databaseUrl) {
    print(EMBEDDED_REFUSAL);
    return 2;
  }
  if (!config.rabbitmqUrl) print(NO_BROKER_WARNING);
  // As the API's process does (api/src/main.ts): collected sooner, the heap stays further below its limit.
  limitHeapGrowth();
  // Loaded here: the other commands do without the whole app.
  const { buildApp } = await import('../app');
  const app = await buildApp({ config: { ...config, serveStatic: false }, jobWorkers: workers, jobSettings });
  try {
    await app.ready();
    const worked = workers === true ? app.jobs.backend : `${app.jobs.backend}: ${workers.join(', ')}`;
    print(`job workers running (${worked}), no HTTP; stop with Ctrl+C or SIGTERM`);
    await stop();
    print('stopping: waiting for the jobs running');
  } finally {
    await app.close();
  }
  return 0;
}

/** Resolves at the first SIGINT or SIGTERM. */
export function signalled(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const once = (signal: NodeJS.Signals) => {
      process.off('SIGINT', once);
      process.off('SIGTERM', once);
      resolve(signal);
    };
    process.on('SIGINT', once);
    process.on('SIGTERM', once);
  });
}
