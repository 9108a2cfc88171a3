// Running continuous monitoring: rescans one at a time (two runs on one build would race for its
// findings), each over the monitored builds in scope. Advisory and KEV imports (through the API)
// start a run over the builds holding a package they name; imports arriving while one is queued
// join it, so a zip of thousands of advisories imported a batch at a time is one run.
import type { MonitoringEvent, MonitoringRunResult, MonitoringSource } from '@portal/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { onAdvisoriesImported } from '../vulnerabilities/index';
import { ApiProblem } from '../http/problem';
import { eventsOf, raiseEvents } from './events';
import { monitoredBuilds, packagesOf, rescanBuild, type MonitoringScope } from './scan';
import { advisoryNames, affectsNothing, simulatedEvents, unknownAdvisory } from './simulation';

export interface RunRequest {
  scope: MonitoringScope;
  source: MonitoringSource;
  actorId: string | null;
  /** Only builds holding a package these advisories (ids or aliases) name. */
  advisories?: readonly string[];
}

export class MonitoringRunner {
  private tail: Promise<unknown> = Promise.resolve();
  private pendingImport: Set<string> | null = null;
  private readonly stopListening: () => void;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    /** Wakes the outbox relay after a run committed events. */
    private readonly notify: () => void,
  ) {
    this.stopListening = onAdvisoriesImported((importedInto, ids) => {
      if (importedInto === database) this.afterImport(ids);
    });
  }

  /** Queues a run; resolves with what it found once it ran. */
  run(request: RunRequest): Promise<MonitoringRunResult> {
    const result = this.tail.then(() => this.execute(request));
    this.tail = result.catch(() => undefined);
    return result;
  }

  private afterImport(ids: readonly string[]): void {
    if (this.pendingImport) {
      for (const id of ids) this.pendingImport.add(id);
      return;
    }
    const pending = new Set(ids);
    this.pendingImport = pending;
    const queued = this.tail.then(() => {
      // From here on a further import starts a run of its own.
      this.pendingImport = null;
      return this.execute({ scope: {}, source: 'advisory-import', actorId: null, advisories: [...pending] });
    });
    this.tail = queued.catch((error: unknown) => this.log.error({ err: error }, 'continuous monitoring after an import failed'));
  }

  private async execute(request: RunRequest): Promise<MonitoringRunResult> {
    const builds = await monitoredBuilds(this.database, request.scope);
    const packages = request.advisories ? await packagesOf(this.database, request.advisories) : undefined;
    const events: MonitoringEvent[] = [];
    let scanned = 0;
    for (const build of builds) {
      if (packages && packages.size === 0) break;
      const raised = await rescanBuild(
        this.database,
        build,
        (tx, changes) => raiseEvents(tx, build, eventsOf(changes.added, changes.exploited), request.source, request.actorId),
        packages,
      );
      if (raised === null) continue;
      scanned += 1;
      events.push(...raised);
    }
    if (events.length > 0) this.notify();
    return {
      applications: new Set(builds.map((build) => build.application_id)).size,
      builds: scanned,
      new_vulnerabilities: events.filter((event) => event.type === 'New Vulnerability').length,
      new_active_exploits: events.filter((event) => event.type === 'New Active Exploit').length,
      events,
    };
  }

  /**
   * Raises the events `idOrAlias` would raise if it were new, in the process's monitored apps
   * (simulation.ts); 404 for an advisory the database does not know, 409 when it affects none.
   */
  simulate(processId: string, idOrAlias: string, actorId: string): Promise<MonitoringEvent[]> {
    const result = this.tail.then(async () => {
      const names = await advisoryNames(this.database, idOrAlias);
      if (!names) throw new ApiProblem(404, unknownAdvisory(idOrAlias));
      const events: MonitoringEvent[] = [];
      for (const build of await monitoredBuilds(this.database, { processId })) {
        const raised = await simulatedEvents(this.database, build, names);
        if (raised.length > 0) events.push(...(await this.database.transaction((tx) => raiseEvents(tx, build, raised, 'simulation', actorId))));
      }
      if (events.length === 0) throw new ApiProblem(409, affectsNothing(names[0]));
      this.notify();
      return events;
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every run queued so far has ended. */
  async idle(): Promise<void> {
    let tail: Promise<unknown>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
  }

  close(): void {
    this.stopListening();
  }
}
