// Rescanning a monitored build (issue 7 item 12): its components are matched again against the
// vulnerability database as it is now; findings the build did not have are added (their VEX
// analyses, keyed like the findings, are untouched), findings that gained an active exploit are
// flagged, and both are answered so that events can be raised — in the transaction that wrote them.
import type { Database, Queryable } from '../db/database';
import { matchComponents, type Finding } from '../vulnerabilities/index';
import { osvPackageOf } from '../vulnerabilities/index';
import {
  affectedPackagesOf,
  lockBuildStatus,
  refreshVulnerabilityCount,
  scannedComponentsOf,
  storedFindingsOf,
  upsertFindings,
  type MonitoredBuild,
  type ScannedComponent,
} from './scan.repository';

export { monitoredBuilds, type MonitoredBuild, type MonitoringScope, type ScannedComponent } from './scan.repository';

/** What an event says of a finding. */
export interface EventFinding extends Pick<Finding, 'vulnerabilityId' | 'aliases' | 'severity' | 'score' | 'summary' | 'activeExploit'> {
  position: number;
  component: ScannedComponent;
}

/** A finding the rescan added, or one that gained an active exploit. */
export interface ChangedFinding extends Finding, EventFinding {}

export interface BuildChanges {
  added: ChangedFinding[];
  exploited: ChangedFinding[];
}

const packageKey = (ecosystem: string, name: string) => `${ecosystem}\u0000${name}`;

/** The packages (ecosystem + name) the given advisories (by id or alias) name: what an import can change. */
export async function packagesOf(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
  const rows = await affectedPackagesOf(db, ids);
  return new Set(rows.map((row) => packageKey(row.ecosystem, row.name)));
}

export interface BuildMatch {
  components: ScannedComponent[];
  findings: Map<string, Finding & { position: number }>;
}

/**
 * Matches the build's components again (outside any transaction: it reads only). With `packages`,
 * a build holding none of them is skipped (null): nothing an import of those could change.
 */
export async function matchBuild(db: Queryable, buildId: string, packages?: ReadonlySet<string>): Promise<BuildMatch | null> {
  const components = await scannedComponentsOf(db, buildId);
  const withPurl = components.filter((component) => component.purl);
  if (packages) {
    const touched = withPurl.some((component) => {
      const pkg = osvPackageOf(component.purl!);
      return pkg !== null && packages.has(packageKey(pkg.ecosystem, pkg.name));
    });
    if (!touched) return null;
  }
  const positionOf = new Map<string, number>();
  for (const component of components) if (!positionOf.has(component.bom_ref)) positionOf.set(component.bom_ref, component.position);
  const matched = await matchComponents(db, withPurl.map((component) => ({ purl: component.purl!, bomRef: component.bom_ref })));
  // One finding per (component, advisory), as processing stores them.
  const findings = new Map<string, Finding & { position: number }>();
  for (const finding of matched) {
    const position = finding.bomRef === undefined ? undefined : positionOf.get(finding.bomRef);
    if (position !== undefined) findings.set(`${position}\u0000${finding.vulnerabilityId}`, { ...finding, position });
  }
  return { components, findings };
}

/**
 * Writes what the match found into the build's findings, in `tx`: new ones added (identified in
 * this build), known ones brought up to date (severity, aliases, fixed versions, exploit flag).
 * Resolves to the findings added and those that gained an active exploit; null when the build is
 * no longer processed (cleared meanwhile).
 */
export async function applyMatch(tx: Queryable, buildId: string, match: BuildMatch): Promise<BuildChanges | null> {
  if ((await lockBuildStatus(tx, buildId)) !== 'DONE') return null;
  const existing = new Map((await storedFindingsOf(tx, buildId)).map((row) => [`${row.position}\u0000${row.vulnerability_id}`, row.active_exploit]));
  const componentAt = new Map(match.components.map((component) => [component.position, component]));
  const changes: BuildChanges = { added: [], exploited: [] };
  const all = [...match.findings.entries()];
  for (const [key, finding] of all) {
    // An advisory whose ranges cannot be decided (GIT) is stored, but is no news to announce.
    if (finding.evaluation !== 'affected') continue;
    const changed = { ...finding, component: componentAt.get(finding.position)! };
    if (!existing.has(key)) changes.added.push(changed);
    else if (finding.activeExploit && !existing.get(key)) changes.exploited.push(changed);
  }
  const rows = all.map(([, finding]) => finding);
  await upsertFindings(tx, buildId, rows);
  await refreshVulnerabilityCount(tx, buildId);
  return changes;
}

/** Rescans one monitored build: match, then write and raise in one transaction (`raise` records the events). */
export async function rescanBuild<T>(
  database: Database,
  build: MonitoredBuild,
  raise: (tx: Queryable, changes: BuildChanges) => Promise<T>,
  packages?: ReadonlySet<string>,
): Promise<T | null> {
  const match = await matchBuild(database, build.build_id, packages);
  if (!match) return null;
  return database.transaction(async (tx) => {
    const changes = await applyMatch(tx, build.build_id, match);
    return changes ? raise(tx, changes) : null;
  });
}
