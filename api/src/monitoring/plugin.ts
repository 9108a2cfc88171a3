// Continuous monitoring on the API instance (app.monitoring): rescans asked for through the routes
// and the runs that advisory and KEV imports start, both durable jobs (run-jobs.ts), sent again
// on ready when a stopped process left them unfinished; the demo's simulation, in the request.
import type { MonitoringEvent, MonitoringRun } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { onAdvisoriesImported } from '../vulnerabilities/index';
import { eventView, runEvents } from './repository';
import { defineMonitoringJobs, RUN_JOB, SCAN_JOB } from './run-jobs';
import { insertRescanRun, queueImportRun, runTotals, unfinishedRuns } from './runs.repository';
import { simulate } from './simulation';

/** The events a run's answer lists (its counts say how many it raised in all). */
export const RUN_EVENTS_SHOWN = 500;
const POLL_MS = 100;

export interface RescanScope {
  organizationId: string;
  processId: string;
  applicationId?: string;
}

/** How long a rescan request waits for its run before answering 202 (the UI then polls the run). */
export const RESCAN_WAIT_MS = 5_000;

export interface Monitoring {
  /** How long a rescan request waits for its run (RESCAN_WAIT_MS; tests shorten it). */
  rescanWaitMs: number;
  /** Queues a rescan of the scope's monitored applications; resolves to its run's id. */
  rescan(scope: RescanScope, actorId: string): Promise<string>;
  /** The process's run as it stands, waiting up to `waitMs` for it to end; undefined: no run of the process. */
  run(id: string, processId: string, waitMs?: number): Promise<MonitoringRun | undefined>;
  /** The demo's simulated new vulnerability (simulation.ts), raised at once. */
  simulate(processId: string, idOrAlias: string, actorId: string): Promise<MonitoringEvent[]>;
  /** Resolves once no run is left unfinished (tests; the workers of both kinds must run here). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    monitoring: Monitoring;
  }
}

export function registerMonitoring(app: FastifyInstance): void {
  const { database } = app;
  const notify = () => app.outboxRelay.notify();
  const runs = defineMonitoringJobs(app.jobs, { database, log: app.log, notify });
  /** Imports being joined to a run: not yet queued. */
  const joining = new Set<Promise<unknown>>();

  const stopListening = onAdvisoriesImported((importedInto, ids) => {
    if (importedInto !== database) return;
    const joined = queueImportRun(database, ids)
      .then((runId) => runs.start(runId))
      .catch((error: unknown) => app.log.error({ err: error }, 'continuous monitoring after an import not queued'))
      .finally(() => joining.delete(joined));
    joining.add(joined);
  });
  app.addHook('onReady', async () => runs.resume());
  app.addHook('preClose', async () => {
    stopListening();
    await Promise.allSettled(joining);
  });

  async function view(id: string, processId: string): Promise<MonitoringRun | undefined> {
    const totals = await runTotals(database, id, processId);
    if (!totals) return undefined;
    const events = totals.status === 'QUEUED' ? [] : (await runEvents(database, id, RUN_EVENTS_SHOWN)).map(eventView);
    return { id, ...totals, events };
  }

  const monitoring: Monitoring = {
    rescanWaitMs: RESCAN_WAIT_MS,
    rescan: async (scope, actorId) => {
      const id = await insertRescanRun(database, scope, actorId);
      await runs.start(id);
      return id;
    },
    async run(id, processId, waitMs = 0) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const totals = await runTotals(database, id, processId);
        if (!totals) return undefined;
        if (totals.status === 'DONE' || Date.now() >= deadline) return view(id, processId);
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
      }
    },
    simulate: (processId, idOrAlias, actorId) => simulate(database, processId, idOrAlias, actorId, notify),
    async idle() {
      for (;;) {
        await Promise.allSettled(joining);
        const counts = (await app.jobs.counts()).filter((kind) => kind.name === RUN_JOB || kind.name === SCAN_JOB);
        const busy = counts.some((kind) => kind.queued + kind.running > 0);
        const failed = counts.find((kind) => kind.failed > 0);
        if (!busy && failed) throw new Error(`a ${failed.name} job failed: ${(await app.jobs.failed(failed.name))[0]?.error}`);
        if (!busy && joining.size === 0 && (await unfinishedRuns(database)).length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  app.decorate('monitoring', monitoring);
}
