// Metric snapshots (issue 25 item 2, docs/metrics.md): every process's metrics are snapshotted on
// the scheduled job `metric-snapshots` (METRICS_SNAPSHOT_TICK_MS, default daily; 0: not scheduled) and, debounced per process
// (METRICS_SNAPSHOT_DEBOUNCE_MS, default 10 s), after a change that moves them: a findings import
// or triage, a task or requirement change through the API. A snapshot stores only the values that
// changed since the latest one (a series that disappeared is stored as 0) and, when any did,
// raises an 'Update Metric' live event to who may view metrics in the process. The debounce is
// in-process (issue 27 moves it to the job queue). Tests call `tick()` and `flush()` (the test
// run sets both variables to 0: no snapshot on its own).
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import { schedulePass } from '../jobs/index';
import type { Clock } from '../identity/clock';
import { announceChange } from '../realtime/audience';
import { allProcesses, insertSnapshots, latestSnapshots, lockProcess, processWithCode, type ProcessRow } from './repository';
import { labelsKey, readMetrics, valueOf } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Metric snapshots (tests: `app.metricSnapshots.tick()`, `.flush()`). */
    metricSnapshots: MetricSnapshots;
  }
}

export const UPDATE_METRIC_EVENT = 'Update Metric';
export const DEFAULT_TICK_MS = 86_400_000;
export const DEFAULT_DEBOUNCE_MS = 10_000;

/** The changes through the API that move metrics: findings imports and triage, tasks, requirements. */
const MOVING = /^\/api\/(security\/findings|tasks|requirements)(\/|\?|$)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface MetricSnapshots {
  /** Snapshots every process; resolves to how many values were stored. */
  tick(): Promise<number>;
  /** Snapshots one process now; resolves to how many values were stored. */
  snapshot(process: ProcessRow): Promise<number>;
  /** Asks for a snapshot of the process within the debounce delay (one per process however many changes). */
  schedule(process: ProcessRow): void;
  /** Takes the scheduled snapshots now (tests); resolves to how many values were stored. */
  flush(): Promise<number>;
  /** How often every process is snapshotted (0: never). */
  readonly tickMs: number;
  stop(): Promise<void>;
}

export interface MetricSnapshotOptions {
  db: Database;
  now: Clock;
  log?: FastifyBaseLogger;
  /** Called after a snapshot that recorded an event (the outbox relay). */
  published?: () => void;
  /** Called after each snapshot of a process, changed or not: the alarms evaluate its rules (docs/alarms.md). */
  afterSnapshot?: (process: ProcessRow) => Promise<unknown>;
  tickMs?: number;
  debounceMs?: number;
}

function milliseconds(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text !== undefined && text !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Stores what changed of one process's metrics since its latest snapshot, and tells of it, in one transaction. */
export async function snapshotProcess(db: Database, process: ProcessRow, now: Date): Promise<{ stored: number; keys: string[] }> {
  return db.transaction(async (tx) => {
    // One snapshot of a process at a time (two API processes, or the timer and a debounce).
    if (!(await lockProcess(tx, process.id))) return { stored: 0, keys: [] };
    const { readings } = await readMetrics(tx, process.organization_id, [process], now);
    const current = readings.get(process.id) ?? new Map();
    const latest = new Map((await latestSnapshots(tx, [process.id])).map((row) => [`${row.metric_key}\n${labelsKey(row.labels)}`, row]));
    const changed: Array<{ key: string; labels: Record<string, string>; value: number; weight: number | null }> = [];
    const seen = new Set<string>();
    for (const [key, parts] of current) {
      for (const [labels, part] of parts) {
        const value = valueOf(part);
        if (value === null) continue;
        const id = `${key}\n${labels}`;
        seen.add(id);
        const last = latest.get(id);
        if (!last || last.value !== value) changed.push({ key, labels: part.labels, value, weight: part.weight });
      }
    }
    // A series no longer read (no critical SBOM finding left) drops to 0 once.
    for (const [id, last] of latest) {
      if (!seen.has(id) && last.weight === null && last.value !== 0 && current.has(last.metric_key)) {
        changed.push({ key: last.metric_key, labels: last.labels, value: 0, weight: null });
      }
    }
    await insertSnapshots(tx, process.organization_id, process.id, changed, now);
    const keys = [...new Set(changed.map((row) => row.key))].sort();
    if (keys.length > 0) {
      await announceChange(tx, { organizationId: process.organization_id, processId: process.id, processCode: process.code_name }, PERMISSIONS.operations.METRIC.VIEW, UPDATE_METRIC_EVENT, {
        keys,
        taken_at: now.toISOString(),
      });
    }
    return { stored: changed.length, keys };
  });
}

export function createMetricSnapshots(options: MetricSnapshotOptions): MetricSnapshots {
  const { db, now } = options;
  const tickMs = options.tickMs ?? milliseconds(process.env.METRICS_SNAPSHOT_TICK_MS, DEFAULT_TICK_MS);
  const debounceMs = options.debounceMs ?? milliseconds(process.env.METRICS_SNAPSHOT_DEBOUNCE_MS, DEFAULT_DEBOUNCE_MS);
  let stopped = false;
  const pending = new Map<string, { process: ProcessRow; timer: NodeJS.Timeout | undefined }>();
  // Snapshots run one after the other: a tick and a debounced one never interleave in one process.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const one = async (process: ProcessRow): Promise<number> => {
    const { stored, keys } = await snapshotProcess(db, process, now());
    if (keys.length > 0) options.published?.();
    // An alarm that cannot be evaluated does not undo the snapshot; the alarms' timer tries again.
    await options.afterSnapshot?.(process).catch((error: unknown) => options.log?.warn({ err: error }, 'alarm evaluation after a snapshot failed'));
    return stored;
  };

  const snapshots: MetricSnapshots = {
    snapshot: (process) => serial(() => one(process)),
    tick: () =>
      serial(async () => {
        let stored = 0;
        for (const process of await allProcesses(db)) stored += await one(process);
        return stored;
      }),
    schedule(process) {
      if (stopped || pending.has(process.id)) return;
      // 0: no timer; the scheduled snapshots wait for flush() (the tests).
      const timer =
        debounceMs > 0
          ? setTimeout(() => {
              pending.delete(process.id);
              snapshots.snapshot(process).catch((error: unknown) => options.log?.warn({ err: error }, 'metric snapshot failed'));
            }, debounceMs)
          : undefined;
      timer?.unref();
      pending.set(process.id, { process, timer });
    },
    async flush() {
      const due = [...pending.values()];
      pending.clear();
      let stored = 0;
      for (const entry of due) {
        clearTimeout(entry.timer);
        stored += await snapshots.snapshot(entry.process);
      }
      return stored;
    },
    tickMs,
    async stop() {
      stopped = true;
      for (const entry of pending.values()) clearTimeout(entry.timer);
      pending.clear();
      await queue;
    },
  };
  return snapshots;
}

/** The process a successful change through the API named: the caller's `graph`, or a module key's. */
async function changedProcess(app: FastifyInstance, request: FastifyRequest): Promise<ProcessRow | undefined> {
  const process = request.caller?.process;
  const organization = request.caller?.organization;
  if (process && organization) return { id: process.id, organization_id: organization.id, code_name: process.code_name };
  const graph = (request.query as { graph?: unknown } | undefined)?.graph;
  if (request.apiKeyHolder && typeof graph === 'string' && graph !== '') return processWithCode(app.database, request.apiKeyHolder.organization_id, graph);
  return undefined;
}

/**
 * Decorates `app.metricSnapshots`, schedules its daily pass (the job `metric-snapshots`), schedules a snapshot after
 * each change that moves metrics, and has the process's alarms evaluated after each snapshot.
 */
export function registerMetricSnapshots(app: FastifyInstance, now: Clock): void {
  const snapshots = createMetricSnapshots({
    db: app.database,
    now,
    log: app.log,
    published: () => app.outboxRelay.notify(),
    // The one call into the alarms family: evaluate the process's alarms on its new values.
    afterSnapshot: async (process) => (app.hasDecorator('alarms') ? app.alarms.evaluateProcess(process.id) : 0),
  });
  app.decorate('metricSnapshots', snapshots);
  schedulePass(app, 'metric-snapshots', snapshots.tickMs, () => snapshots.tick());
  app.addHook('preClose', async () => snapshots.stop());
  app.addHook('onResponse', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 300 || !MOVING.test(request.url)) return;
    const process = await changedProcess(app, request).catch(() => undefined);
    if (process) snapshots.schedule(process);
  });
}
