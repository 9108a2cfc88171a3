// Rescanning a monitored build (issue 7 item 12): its components are matched again against the
// vulnerability database as it is now; findings the build did not have are added (their VEX
// analyses, keyed like the findings, are untouched), findings that gained an active exploit are
// flagged, and both are answered so that events can be raised — in the transaction that wrote them.
import type { Database, Queryable } from '../db/database';
import { matchComponents, type Finding } from '../vulnerabilities/index';
import { osvPackageOf } from '../vulnerabilities/index';

export interface MonitoredBuild {
  organization_id: string;
  organization_name: string;
  process_id: string;
  process_code: string;
  application_id: string;
  app_key: string;
  build_id: string;
  build_number: number;
}

export interface MonitoringScope {
  processId?: string;
  applicationId?: string;
}

/** The newest processed build of each application with continuous monitoring on, in scope. */
export async function monitoredBuilds(db: Queryable, scope: MonitoringScope = {}): Promise<MonitoredBuild[]> {
  return db.query<MonitoredBuild>(
    `SELECT DISTINCT ON (a.id) a.organization_id, o.name AS organization_name, a.process_id, p.code_name AS process_code,
            a.id AS application_id, a.app_key, b.id AS build_id, b.number AS build_number
       FROM applications a JOIN processes p ON p.id = a.process_id JOIN organizations o ON o.id = a.organization_id
       JOIN application_builds b ON b.application_id = a.id AND b.status = 'DONE'
      WHERE a.enable_continuous_monitoring AND ($1::uuid IS NULL OR a.process_id = $1::uuid) AND ($2::uuid IS NULL OR a.id = $2::uuid)
      ORDER BY a.id, b.number DESC`,
    [scope.processId ?? null, scope.applicationId ?? null],
  );
}

export interface ScannedComponent {
  position: number;
  bom_ref: string;
  name: string;
  group: string | null;
  version: string | null;
  purl: string | null;
}

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
  const rows = await db.query<{ ecosystem: string; name: string }>(
    `SELECT DISTINCT a.ecosystem, a.name FROM vulnerability_affected a
      WHERE a.vulnerability_id IN (SELECT vulnerability_id FROM vulnerability_aliases WHERE alias = ANY($1::text[]))`,
    [ids],
  );
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
  const components = await db.query<ScannedComponent>(
    'SELECT position, bom_ref, name, group_name AS "group", version, purl FROM sbom_components WHERE build_id = $1 ORDER BY position',
    [buildId],
  );
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
  const [locked] = await tx.query<{ status: string }>('SELECT status FROM application_builds WHERE id = $1 FOR UPDATE', [buildId]);
  if (!locked || locked.status !== 'DONE') return null;
  const existing = new Map(
    (await tx.query<{ position: number; vulnerability_id: string; active_exploit: boolean }>(
      'SELECT position, vulnerability_id, active_exploit FROM build_findings WHERE build_id = $1',
      [buildId],
    )).map((row) => [`${row.position}\u0000${row.vulnerability_id}`, row.active_exploit]),
  );
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
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO build_findings AS f (build_id, identified_build_id, position, vulnerability_id, aliases, severity, score, active_exploit, evaluation, summary, fixed_versions)
       SELECT $1, $1, u.position, u.vulnerability_id,
              CASE WHEN u.aliases = '' THEN '{}'::text[] ELSE string_to_array(u.aliases, E'\\x1f') END,
              u.severity, u.score, u.active_exploit, u.evaluation, u.summary,
              CASE WHEN u.fixed = '' THEN '{}'::text[] ELSE string_to_array(u.fixed, E'\\x1f') END
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::boolean[], $8::text[], $9::text[], $10::text[])
           AS u(position, vulnerability_id, aliases, severity, score, active_exploit, evaluation, summary, fixed)
       ON CONFLICT (build_id, position, vulnerability_id) DO UPDATE SET aliases = EXCLUDED.aliases, severity = EXCLUDED.severity,
         score = EXCLUDED.score, active_exploit = f.active_exploit OR EXCLUDED.active_exploit, evaluation = EXCLUDED.evaluation,
         summary = EXCLUDED.summary, fixed_versions = EXCLUDED.fixed_versions`,
      [
        buildId,
        rows.map((finding) => finding.position),
        rows.map((finding) => finding.vulnerabilityId),
        rows.map((finding) => finding.aliases.join('\x1f')),
        rows.map((finding) => finding.severity),
        rows.map((finding) => finding.score),
        rows.map((finding) => finding.activeExploit),
        rows.map((finding) => finding.evaluation),
        rows.map((finding) => finding.summary),
        rows.map((finding) => finding.fixedVersions.join('\x1f')),
      ],
    );
  }
  await tx.query(
    'UPDATE application_builds SET vulnerability_count = (SELECT count(DISTINCT vulnerability_id)::int FROM build_findings WHERE build_id = $1) WHERE id = $1',
    [buildId],
  );
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
