// Continuous monitoring after imports — through the API, or the command line's (cli-imports.ts) —
// (onAdvisoriesImported, told after each committed batch): the batch's advisories join the import run still queued at once — a row, so
// that nothing imported is lost with the process (a process's ready starts the runs left) — and
// the run's job is sent once the imports have paused for IMPORT_QUIET_MS, at most IMPORT_MAX_WAIT_MS
// after the run's first batch here: an import of thousands of advisories, committed a thousand
// at a time, is one run, which matches each application once.
import type { Database } from '../db/database';
import { onAdvisoriesImported } from '../vulnerabilities/index';
import type { MonitoringJobs, MonitoringLog } from './run-jobs';
import { queueImportRun } from './runs.repository';

export const IMPORT_QUIET_MS = 1_000;
export const IMPORT_MAX_WAIT_MS = 10_000;

export interface ImportSettings {
  /** How long the imports pause before their run's job is sent (tests shorten it). */
  quietMs: number;
  maxWaitMs: number;
}

export interface ImportFollower {
  /** Resolves once what imports have queued is sent (tests). */
  settled(): Promise<void>;
  /** Sends what waits for the imports' pause at once, and resolves once it is sent (the command line's import has ended). */
  flush(): Promise<void>;
  /** Stops listening; a run whose job is not yet sent stays queued, for the next process's ready. */
  close(): Promise<void>;
}

export function followImports(database: Database, runs: MonitoringJobs, log: MonitoringLog, settings: ImportSettings): ImportFollower {
  const inFlight = new Set<Promise<unknown>>();
  let waiting: { runId: string; since: number; timer: NodeJS.Timeout } | undefined;
  let closed = false;

  const track = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) => log.error({ err: error }, 'continuous monitoring after an import not queued')).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  /** (Re)arms the send of the run's job: a quiet period after this batch, within the run's longest wait. */
  const arm = (runId: string) => {
    if (closed) return;
    const now = Date.now();
    // Another run: the one waiting was claimed meanwhile (its job was sent, here or elsewhere).
    const since = waiting?.runId === runId ? waiting.since : now;
    if (waiting) clearTimeout(waiting.timer);
    const delay = Math.max(0, Math.min(settings.quietMs, since + settings.maxWaitMs - now));
    const timer = setTimeout(() => {
      waiting = undefined;
      track(runs.start(runId));
    }, delay);
    waiting = { runId, since, timer };
  };

  const stopListening = onAdvisoriesImported((importedInto, ids) => {
    if (importedInto === database) track(queueImportRun(database, ids).then(arm));
  });

  const settled = async () => {
    while (inFlight.size > 0 || waiting) {
      await Promise.allSettled(inFlight);
      if (waiting) await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  return {
    settled,
    async flush() {
      await Promise.allSettled(inFlight);
      if (waiting) {
        clearTimeout(waiting.timer);
        const { runId } = waiting;
        waiting = undefined;
        track(runs.start(runId));
      }
      await settled();
    },
    async close() {
      closed = true;
      stopListening();
      await Promise.allSettled(inFlight);
      if (waiting) clearTimeout(waiting.timer);
      waiting = undefined;
    },
  };
}
