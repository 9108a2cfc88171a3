// Simulating a new vulnerability (spec 7 POST monitoring/simulateNewVulnerability/{cve}, for
// demo-permission users): the events and notifications continuous monitoring would raise if that
// advisory had just been published — for every monitored application of the process whose newest
// processed build it affects — raised through the same path as real ones, marked 'simulation'.
// The findings themselves are not changed.
import type { Queryable } from '../db/database';
import { findVulnerability } from '../vulnerabilities/index';
import { eventsOf, type Raised } from './events';
import type { EventFinding, MonitoredBuild } from './scan';

export const unknownAdvisory = (id: string) => `${id} is not in the vulnerability database: import its advisory first.`;
export const affectsNothing = (id: string) =>
  `${id} affects no component of the newest build of an application with continuous monitoring on in this process.`;

interface StoredFinding {
  position: number;
  vulnerability_id: string;
  aliases: string[];
  severity: string;
  score: string | number | null;
  summary: string | null;
  active_exploit: boolean;
  bom_ref: string;
  name: string;
  group: string | null;
  version: string | null;
  purl: string | null;
}

/** The advisory's names (its id first), or undefined when the database does not know it. */
export async function advisoryNames(db: Queryable, idOrAlias: string): Promise<string[] | undefined> {
  const vulnerability = await findVulnerability(db, idOrAlias);
  return vulnerability ? [vulnerability.id, ...vulnerability.aliases] : undefined;
}

/** The events the advisory (all its names) would raise in the build: one per affected component. */
export async function simulatedEvents(db: Queryable, build: MonitoredBuild, names: readonly string[]): Promise<Raised[]> {
  const rows = await db.query<StoredFinding>(
    `SELECT f.position, f.vulnerability_id, f.aliases, f.severity, f.score, f.summary, f.active_exploit,
            c.bom_ref, c.name, c.group_name AS "group", c.version, c.purl
       FROM build_findings f JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
      WHERE f.build_id = $1 AND f.evaluation = 'affected' AND (f.vulnerability_id = ANY($2::text[]) OR f.aliases && $2::text[])
      ORDER BY f.position`,
    [build.build_id, names],
  );
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
