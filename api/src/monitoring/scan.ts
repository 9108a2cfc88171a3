// Rescanning a monitored build (issue 7 item 12): its components are matched again against the
// vulnerability database as it is now; findings the build did not have are added (their VEX
// analyses, keyed like the findings, are untouched), findings that gained an active exploit are
// flagged, and both are answered so that events can be raised — in the transaction that wrote them.
import type { Queryable } from '../db/database';
import { matchComponents, type ComponentRef, type Finding } from '../vulnerabilities/index';
import { osvPackageOf, packageKey } from '../vulnerabilities/index';
import {
  affectedPackagesOf,
  lockProcessedBuilds,
  refreshVulnerabilityCounts,
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
  // An import's: only the components of its packages are read (their package column, migration 046), and those it could not key.
  for (const { build_id: buildId, ...component } of await scannedComponentsOf(db, buildIds, packages)) {
    const components = componentsOf.get(buildId);
    if (components) components.push(component);
    else componentsOf.set(buildId, [component]);
  }
  const matches = new Map<string, BuildMatch>();
  // Each component to match, named by its build's index and the position of its bom-ref's first
  // component: one finding per (component, advisory), as processing stores them.
  const refs: ComponentRef[] = [];
  const builds = [...componentsOf.entries()];
  // Whether a purl names one of the packages, by its text up to its version: the builds of a
  // portfolio share most packages, so each is parsed once per batch.
  const named = new Map<string, boolean>();
  const inPackages = (purl: string): boolean => {
    const cut = purl.search(/[?#]/);
    const base = cut === -1 ? purl : purl.slice(0, cut);
    const at = base.lastIndexOf('@');
    // As parsePurl finds the version: after the last '@' of the last segment.
    const key = at > base.lastIndexOf('/') ? base.slice(0, at) : base;
    let found = named.get(key);
    if (found === undefined) {
      const pkg = osvPackageOf(purl);
      found = pkg !== null && packages!.has(packageKey(pkg.ecosystem, pkg.name));
      named.set(key, found);
    }
    return found;
  };
  builds.forEach(([buildId, components], index) => {
    const positionOf = new Map<string, number>();
    for (const component of components) if (!positionOf.has(component.bom_ref)) positionOf.set(component.bom_ref, component.position);
    let touched = false;
    for (const component of components) {
      if (!component.purl) continue;
      if (packages && !inPackages(component.purl)) continue;
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
 * Writes what the matches found into the builds' findings, in `tx`: new ones added (identified in
 * their build), known ones brought up to date (severity, aliases, fixed versions, exploit flag).
 * Resolves, per build, to the findings added and those that gained an active exploit — of the
 * builds still processed only (one cleared meanwhile has no entry).
 */
export async function applyMatches(tx: Queryable, matches: ReadonlyMap<string, BuildMatch>): Promise<Map<string, BuildChanges>> {
  const processed = await lockProcessedBuilds(tx, [...matches.keys()]);
  const ids = [...processed];
  const changed = new Map<string, BuildChanges>();
  if (ids.length === 0) return changed;
  const existing = new Map((await storedFindingsOf(tx, ids)).map((row) => [`${row.build_id}\u0000${row.position}\u0000${row.vulnerability_id}`, row.active_exploit]));
  const rows: Array<Finding & { buildId: string; position: number }> = [];
  for (const buildId of ids) {
    const match = matches.get(buildId)!;
    const componentAt = new Map(match.components.map((component) => [component.position, component]));
    const changes: BuildChanges = { added: [], exploited: [] };
    for (const [key, finding] of match.findings) {
      rows.push({ ...finding, buildId });
      // An advisory whose ranges cannot be decided (GIT) is stored, but is no news to announce.
      if (finding.evaluation !== 'affected') continue;
      const stored = existing.get(`${buildId}\u0000${key}`);
      const change = { ...finding, component: componentAt.get(finding.position)! };
      if (stored === undefined) changes.added.push(change);
      else if (finding.activeExploit && !stored) changes.exploited.push(change);
    }
    changed.set(buildId, changes);
  }
  await upsertFindings(tx, rows);
  await refreshVulnerabilityCounts(tx, ids);
  return changed;
}
