// Simulating a new vulnerability (spec 7 POST monitoring/simulateNewVulnerability/{cve}, for
// demo-permission users): the events and notifications continuous monitoring would raise if that
// advisory had just been published — for every monitored application of the process whose newest
// processed build it affects — raised through the same path as real ones, marked 'simulation'.
// The findings themselves are not changed, so it runs in the request, not as a job: it writes
// events only, reads a process's few monitored builds, and its answer is the events (or why none).
import type { MonitoringEvent } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { findVulnerability } from '../vulnerabilities/index';
import { eventsOf, raiseEvents, type Raised } from './events';
import { monitoredBuilds, type EventFinding, type MonitoredBuild } from './scan';
import { affectedFindingsOf } from './scan.repository';

export const unknownAdvisory = (id: string) => `${id} is not in the vulnerability database: import its advisory first.`;
export const affectsNothing = (id: string) =>
  `${id} affects no component of the newest build of an application with continuous monitoring on in this process.`;

/** The advisory's names (its id first), or undefined when the database does not know it. */
export async function advisoryNames(db: Queryable, idOrAlias: string): Promise<string[] | undefined> {
  const vulnerability = await findVulnerability(db, idOrAlias);
  return vulnerability ? [vulnerability.id, ...vulnerability.aliases] : undefined;
}

/** The events the advisory (all its names) would raise in the build: one per affected component. */
export async function simulatedEvents(db: Queryable, build: MonitoredBuild, names: readonly string[]): Promise<Raised[]> {
  const rows = await affectedFindingsOf(db, build.build_id, names);
  const findings: EventFinding[] = rows.map((row) => ({
    position: row.position,
    vulnerabilityId: row.vulnerability_id,
    aliases: row.aliases,
    severity: row.severity as EventFinding['severity'],
    score: row.score === null ? null : Number(row.score),
    summary: row.summary,
    activeExploit: row.active_exploit,
    component: { position: row.position, bom_ref: row.bom_ref, name: row.name, group: row.group, version: row.version, purl: row.purl },
  }));
  return eventsOf(findings, []);
}

/**
 * Raises the events `idOrAlias` would raise if it were new, in the process's monitored apps; 404
 * for an advisory the database does not know, 409 when it affects none. `notify` wakes the relay.
 */
export async function simulate(database: Database, processId: string, idOrAlias: string, actorId: string, notify: () => void): Promise<MonitoringEvent[]> {
  const names = await advisoryNames(database, idOrAlias);
  if (!names) throw new ApiProblem(404, unknownAdvisory(idOrAlias));
  const events: MonitoringEvent[] = [];
  for (const build of await monitoredBuilds(database, { processId })) {
    const raised = await simulatedEvents(database, build, names);
    if (raised.length > 0) events.push(...(await database.transaction((tx) => raiseEvents(tx, build, raised, 'simulation', actorId))));
  }
  if (events.length === 0) throw new ApiProblem(409, affectsNothing(names[0]));
  notify();
  return events;
}
