// Simulating a new vulnerability (spec 7 POST monitoring/simulateNewVulnerability/{cve}, for
// demo-permission users): the events and notifications continuous monitoring would raise if that
// advisory had just been published — for every monitored application of the process whose newest
// processed build it affects — raised through the same path as real ones, marked 'simulation'.
// The findings themselves are not changed.
import type { Queryable } from '../db/database';
import { findVulnerability } from '../vulnerabilities/index';
import { eventsOf, type Raised } from './events';
import type { EventFinding, MonitoredBuild } from './scan';
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
