// Continuous monitoring on the API instance (app.monitoring): rescans asked for through the routes
// and the runs that advisory and KEV imports start (import-runs.ts), both durable jobs
// (run-jobs.ts), sent again on ready when a stopped process left them unfinished; the demo's
// simulation, in the request.
import type { MonitoringEvent, MonitoringRun } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { eventView, runEvents } from './repository';
import { defineMonitoringJobs, RUN_JOB, SCAN_JOB } from './run-jobs';
import { followImports, IMPORT_MAX_WAIT_MS, IMPORT_QUIET_MS, type ImportSettings } from './import-runs';
import { insertRescanRun, runTotals, unfinishedRuns } from './runs.repository';
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
  /** When an import's run is sent (import-runs.ts; tests shorten the quiet period). */
  imports: ImportSettings;
  /** Queues a rescan of the scope's monitored applications; resolves to its run's id. */
  rescan(scope: RescanScope, actorId: string): Promise<string>;
  /** The process's run as it stands, waiting up to `waitMs` for it to end (DONE or FAILED); undefined: no run of the process. */
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
  const imports: ImportSettings = { quietMs: IMPORT_QUIET_MS, maxWaitMs: IMPORT_MAX_WAIT_MS };
  const follower = followImports(database, runs, app.log, imports);
  app.addHook('onReady', async () => runs.resume());
  app.addHook('preClose', async () => follower.close());

  async function view(id: string, processId: string): Promise<MonitoringRun | undefined> {
    const totals = await runTotals(database, id, processId);
    if (!totals) return undefined;
    const events = totals.status === 'QUEUED' ? [] : (await runEvents(database, id, RUN_EVENTS_SHOWN)).map(eventView);
    return { id, ...totals, events };
  }

  const monitoring: Monitoring = {
    rescanWaitMs: RESCAN_WAIT_MS,
    imports,
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
        if (totals.status === 'DONE' || totals.status === 'FAILED' || Date.now() >= deadline) return view(id, processId);
        await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, deadline - Date.now())));
      }
    },
    simulate: (processId, idOrAlias, actorId) => simulate(database, processId, idOrAlias, actorId, notify),
    async idle() {
      for (;;) {
        await follower.settled();
        const counts = (await app.jobs.counts()).filter((kind) => kind.name === RUN_JOB || kind.name === SCAN_JOB);
        const busy = counts.some((kind) => kind.queued + kind.running > 0);
        const failed = counts.find((kind) => kind.failed > 0);
        if (!busy && failed) throw new Error(`a ${failed.name} job failed: ${(await app.jobs.failed(failed.name))[0]?.error}`);
        if (!busy && (await unfinishedRuns(database)).length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
  app.decorate('monitoring', monitoring);
}
