// Continuous monitoring as durable jobs (issue 27, docs/jobs.md). A run is a row (runs.repository.ts):
// a 'monitoring-runs' job plans it — the monitored builds in scope, in batches — and sends one
// 'monitoring-scans' job per batch, which any worker process takes: two workers share one big run.
// Idempotent throughout: a batch is claimed (another job leaves it alone until the claim's job has
// timed out), and the batch's findings, events, notifications and builds' "done" are written in one
// transaction under the builds' locks, which a second rescan of the batch finds done. Import runs go one at a time:
// imports arriving meanwhile join the one queued, which the finished run starts.
import type { Database } from '../db/database';
import type { Jobs } from '../jobs/index';
import { eventsOf, NEW_ACTIVE_EXPLOIT, NEW_VULNERABILITY, raiseBatchEvents, type Recipients } from './events';
import {
  batchBuilds,
  claimBatch,
  failRun,
  findRun,
  finishRun,
  lockRunBuilds,
  markBatchSkipped,
  markBuildsDone,
  pendingBatches,
  planRun,
  purgeRuns,
  queuedImportRun,
  releaseBatch,
  releaseClaims,
  runningImportRun,
  unfinishedRuns,
  type RunRow,
} from './runs.repository';
import { applyMatches, matchBuilds, monitoredBuilds, packagesOf } from './scan';

export const RUN_JOB = 'monitoring-runs';
export const SCAN_JOB = 'monitoring-scans';
/** Builds per 'monitoring-scans' job: their components are matched in one pass. */
export const SCAN_BATCH_SIZE = 20;
/** A batch of builds rescanned within this, or its job has failed (and its claim is taken again). */
export const SCAN_TIMEOUT_SECONDS = 10 * 60;

export interface RunJobPayload {
  runId: string;
}

export interface ScanJobPayload {
  runId: string;
  batch: number;
}

/** What monitoring logs (the app's logger; the command line's prints its warnings). */
export interface MonitoringLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MonitoringContext {
  database: Database;
  log: MonitoringLog;
  /** Wakes the outbox relay after a build's events were committed. */
  notify: () => void;
  /** Tests: smaller batches, a shorter timeout. */
  batchSize?: number;
  scanTimeoutSeconds?: number;
}

export interface MonitoringJobs {
  /** Sends the run's job: it plans a queued run, and sends the batches left of a running one. */
  start(runId: string): Promise<void>;
  /** On ready: the runs not done are started again (on the embedded database, their batches' claims released first: its one process stopped). */
  resume(): Promise<void>;
}

export function defineMonitoringJobs(jobs: Jobs, context: MonitoringContext): MonitoringJobs {
  const { database, log } = context;
  const batchSize = context.batchSize ?? SCAN_BATCH_SIZE;
  const timeoutSeconds = context.scanTimeoutSeconds ?? SCAN_TIMEOUT_SECONDS;
  /** An import run that has not progressed for this long (its jobs failed) holds back no other. */
  const staleSeconds = 2 * timeoutSeconds;

  const start = async (runId: string) => {
    await jobs.send(RUN_JOB, { runId } satisfies RunJobPayload, { singletonKey: runId });
  };

  /** Marks the run done once no build is left; a finished import run starts the import run queued meanwhile. */
  async function finish(run: RunRow): Promise<void> {
    if (!(await finishRun(database, run.id)) || run.source !== 'advisory-import') return;
    const next = await queuedImportRun(database);
    if (next) await start(next);
  }

  async function plan(run: RunRow): Promise<boolean> {
    // One import run at a time, as the imports' batches arrive: the queued one gathers them.
    if (run.source === 'advisory-import' && (await runningImportRun(database, run.id, staleSeconds))) return false;
    await purgeRuns(database);
    const builds = await monitoredBuilds(database, run.source === 'rescan' ? { processId: run.process_id!, applicationId: run.application_id ?? undefined } : {});
    const packages = run.advisories ? [...(await packagesOf(database, run.advisories))] : null;
    // A process's builds side by side: a batch looks its recipients up once.
    const ordered = [...builds].sort((a, b) => (a.process_id < b.process_id ? -1 : a.process_id > b.process_id ? 1 : 0));
    const buildIds = packages?.length === 0 ? [] : ordered.map((build) => build.build_id);
    const planned = await database.transaction((tx) => planRun(tx, run.id, { buildIds, packages, applications: builds.length, batchSize }));
    return planned;
  }

  async function runHandler({ runId }: RunJobPayload): Promise<void> {
    let run = await findRun(database, runId);
    if (!run || run.status === 'DONE') return;
    // Queued, or failed before its plan (its plan job died, and is retried).
    if (run.status === 'QUEUED' || (run.status === 'FAILED' && run.started_at === null)) {
      // Not planned here: another import run is running (it starts this one when done), or another process planned it.
      if (!(await plan(run))) return;
      run = { ...run, status: 'RUNNING' };
    }
    // Running (or failed, its dead job retried): its batches left are sent (again, after a plan cut short: a batch claimed elsewhere is left alone).
    const batches = await pendingBatches(database, runId);
    for (const batch of batches) await jobs.send(SCAN_JOB, { runId, batch } satisfies ScanJobPayload, { singletonKey: `${runId}:${batch}` });
    if (batches.length === 0) await finish(run);
  }

  async function scanHandler({ runId, batch }: ScanJobPayload, signal: AbortSignal): Promise<void> {
    const run = await findRun(database, runId);
    // A failed run's batches go on: a retried dead batch, the batches still queued when another died.
    if (!run || (run.status !== 'RUNNING' && run.status !== 'FAILED')) return;
    if (await claimBatch(database, runId, batch, timeoutSeconds)) {
      try {
        await scanBatch(run, batch, signal);
      } catch (error) {
        // Its retry takes the batch again at once, not after the claim's timeout.
        await releaseBatch(database, runId, batch).catch((release: unknown) => log.warn({ err: release, run: runId, batch }, 'monitoring batch not released'));
        throw error;
      }
    }
    await finish(run);
  }

  /**
   * Rescans the batch's builds left: matched in one pass, then written in one transaction — each
   * build's findings, events, notifications and "done" — under the builds' locks.
   */
  async function scanBatch(run: RunRow, batch: number, signal: AbortSignal): Promise<void> {
    const runId = run.id;
    const builds = await batchBuilds(database, runId, batch);
    const packages = run.packages ? new Set(run.packages) : undefined;
    const matches = await matchBuilds(database, builds.map((build) => build.build_id), packages);
    const touched = builds.filter((build) => matches.has(build.build_id));
    signal.throwIfAborted();
    if (touched.length > 0) {
      const recipients: Recipients = new Map();
      const raised = await database.transaction(async (tx) => {
        // Done already: this batch ran twice (a late process, a job sent again).
        const open = await lockRunBuilds(tx, runId, touched.map((build) => build.build_id));
        const mine = touched.filter((build) => open.has(build.build_id));
        const changed = await applyMatches(tx, new Map(mine.map((build) => [build.build_id, matches.get(build.build_id)!])));
        const scanned = mine.filter((build) => changed.has(build.build_id));
        const events = await raiseBatchEvents(
          tx,
          scanned.map((build) => ({ build, raised: eventsOf(changed.get(build.build_id)!.added, changed.get(build.build_id)!.exploited) })),
          run.source,
          run.triggered_by,
          runId,
          recipients,
        );
        await markBuildsDone(
          tx,
          runId,
          mine.map((build) => {
            const found = events[scanned.indexOf(build)] ?? [];
            return {
              buildId: build.build_id,
              scanned: changed.has(build.build_id),
              newVulnerabilities: found.filter((event) => event.type === NEW_VULNERABILITY).length,
              newActiveExploits: found.filter((event) => event.type === NEW_ACTIVE_EXPLOIT).length,
            };
          }),
        );
        return events.flat().length;
      });
      if (raised > 0) context.notify();
    }
    // The builds left: none of the run's packages in them, or cleared meanwhile.
    await markBatchSkipped(database, runId, batch);
  }

  /**
   * A job of the run failed its last attempt (a dead letter): no job is left to finish the run, which
   * ends FAILED with the error — a retry of the dead job (Background Jobs) can still finish it, DONE
   * once no build is left. A failed import run holds back no other: the one queued meanwhile starts.
   */
  async function fail(runId: string, error: string): Promise<void> {
    const failed = await failRun(database, runId, error);
    log.warn({ run: runId, error }, failed ? 'continuous monitoring run failed' : 'a job of a continuous monitoring run failed');
    const run = await findRun(database, runId);
    if (failed && run?.source === 'advisory-import') {
      const next = await queuedImportRun(database);
      if (next) await start(next);
    }
  }

  jobs.define<RunJobPayload>({
    name: RUN_JOB,
    handler: (payload) => runHandler(payload),
    onDead: ({ runId }, error) => fail(runId, `The run could not be planned: ${error}`),
    timeoutSeconds: 5 * 60,
    retry: { limit: 3, delaySeconds: 10, backoff: true },
  });
  jobs.define<ScanJobPayload>({
    name: SCAN_JOB,
    handler: (payload, { signal }) => scanHandler(payload, signal),
    onDead: async ({ runId, batch }, error) => {
      // Its retry claims the batch at once (a worker that died in the last attempt left its claim).
      await releaseBatch(database, runId, batch);
      await fail(runId, `A batch of builds could not be rescanned (batch ${batch + 1} of the run): ${error}`);
    },
    timeoutSeconds,
    // A retry claims the batch again at once when its attempt failed, after the timeout when its process died.
    retry: { limit: 2, delaySeconds: Math.min(30, timeoutSeconds), backoff: true },
  });

  return {
    start,
    async resume() {
      if (jobs.backend === 'in-process') await releaseClaims(database);
      const runs = await unfinishedRuns(database);
      for (const run of runs) await start(run.id);
      if (runs.length > 0) log.info({ runs: runs.length }, 'continuous monitoring runs resumed');
    },
  };
}
