// Rescanning a monitored build (issue 7 item 12): its components are matched again against the
// vulnerability database as it is now; findings the build did not have are added (their VEX
// analyses, keyed like the findings, are untouched), findings that gained an active exploit are
// flagged, and both are answered so that events can be raised — in the transaction that wrote them.
import type { Queryable } from '../db/database';
import { matchComponents, type ComponentRef, type Finding } from '../vulnerabilities/index';
import { osvPackageOf } from '../vulnerabilities/index';
import {
  affectedPackagesOf,
  lockBuildStatus,
  refreshVulnerabilityCount,
  scannedComponentsOf,
  storedFindingsOf,
  upsertFindings,
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

// U+001F: stored in a text[] (no NUL there); advisories and their packages hold no control characters (import refuses them).
const packageKey = (ecosystem: string, name: string) => `${ecosystem}\u001f${name}`;

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
 * Matches the builds' components again, in one pass over the vulnerability database (outside any
 * transaction: it reads only); answers each build's match. With `packages` (an import's), only the
 * components of those packages are matched — nothing else can have changed for them — and a build
 * holding none of them is skipped (no entry).
 */
export async function matchBuilds(db: Queryable, buildIds: readonly string[], packages?: ReadonlySet<string>): Promise<Map<string, BuildMatch>> {
  // A rescan looks at every build, an empty one too.
  const componentsOf = new Map<string, ScannedComponent[]>(packages ? [] : buildIds.map((id) => [id, []]));
  for (const { build_id: buildId, ...component } of await scannedComponentsOf(db, buildIds)) {
    const components = componentsOf.get(buildId);
    if (components) components.push(component);
    else componentsOf.set(buildId, [component]);
  }
  const matches = new Map<string, BuildMatch>();
  // Each component to match, named by its build's index and the position of its bom-ref's first
  // component: one finding per (component, advisory), as processing stores them.
  const refs: ComponentRef[] = [];
  const builds = [...componentsOf.entries()];
  builds.forEach(([buildId, components], index) => {
    const positionOf = new Map<string, number>();
    for (const component of components) if (!positionOf.has(component.bom_ref)) positionOf.set(component.bom_ref, component.position);
    let touched = false;
    for (const component of components) {
      if (!component.purl) continue;
      if (packages) {
        const pkg = osvPackageOf(component.purl);
        if (pkg === null || !packages.has(packageKey(pkg.ecosystem, pkg.name))) continue;
      }
      touched = true;
      refs.push({ purl: component.purl, bomRef: `${index}\u0000${positionOf.get(component.bom_ref)!}` });
    }
    if (touched || !packages) matches.set(buildId, { components, findings: new Map() });
  });
  if (refs.length === 0) return matches;
  for (const finding of await matchComponents(db, refs)) {
    const { bomRef, ...found } = finding;
    const [index, position] = bomRef!.split('\u0000');
    const [buildId] = builds[Number(index)]!;
    matches.get(buildId)!.findings.set(`${position}\u0000${found.vulnerabilityId}`, { ...found, position: Number(position) });
  }
  return matches;
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
