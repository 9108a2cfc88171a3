// SQL of the monitoring scan: the builds it rescans, their components, and the findings a rescan
// writes (the scan itself, matching and deciding what is news, is scan.ts).
import type { Queryable } from '../db/database';
import type { Finding } from '../vulnerabilities/index';

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

/** The advisories' (by id or alias) affected packages. */
export async function affectedPackagesOf(db: Queryable, ids: readonly string[]): Promise<Array<{ ecosystem: string; name: string }>> {
  return db.query<{ ecosystem: string; name: string }>(
    `SELECT DISTINCT a.ecosystem, a.name FROM vulnerability_affected a
      WHERE a.vulnerability_id IN (SELECT vulnerability_id FROM vulnerability_aliases WHERE alias = ANY($1::text[]))`,
    [ids],
  );
}

const SCANNED_COLUMNS = 'build_id, position, bom_ref, name, group_name AS "group", version, purl';

/**
 * The builds' components, by build and in position order. With `packages` (package keys), only
 * those of the packages — by their `package` column (migration 046, index sbom_components_package)
 * — and those whose package the migration could not key (null: the caller's purl check decides).
 */
export async function scannedComponentsOf(
  db: Queryable,
  buildIds: readonly string[],
  packages?: ReadonlySet<string>,
): Promise<Array<ScannedComponent & { build_id: string }>> {
  if (!packages) {
    return db.query<ScannedComponent & { build_id: string }>(`SELECT ${SCANNED_COLUMNS} FROM sbom_components WHERE build_id = ANY($1::uuid[]) ORDER BY build_id, position`, [
      buildIds,
    ]);
  }
  return db.query<ScannedComponent & { build_id: string }>(
    `SELECT * FROM (SELECT ${SCANNED_COLUMNS} FROM sbom_components WHERE build_id = ANY($1::uuid[]) AND package = ANY($2::text[])
                    UNION ALL
                    SELECT ${SCANNED_COLUMNS} FROM sbom_components WHERE build_id = ANY($1::uuid[]) AND package IS NULL) c
      ORDER BY build_id, position`,
    [buildIds, [...packages]],
  );
}

/** Locks the builds' rows in `tx`, in one order (two batches never wait on each other in a circle); resolves to the processed (DONE) ones. */
export async function lockProcessedBuilds(tx: Queryable, buildIds: readonly string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string; status: string }>('SELECT id, status FROM application_builds WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [buildIds]);
  return new Set(rows.filter((row) => row.status === 'DONE').map((row) => row.id));
}

export interface StoredFindingKey {
  build_id: string;
  position: number;
  vulnerability_id: string;
  active_exploit: boolean;
}

/** The builds' findings as stored: which advisory at which position, and whether it is exploited. */
export async function storedFindingsOf(tx: Queryable, buildIds: readonly string[]): Promise<StoredFindingKey[]> {
  return tx.query<StoredFindingKey>('SELECT build_id, position, vulnerability_id, active_exploit FROM build_findings WHERE build_id = ANY($1::uuid[])', [buildIds]);
}

/** Writes the findings of a rescan, of several builds at once (an exploit once flagged stays flagged); keeps the VEX analyses. */
export async function upsertFindings(tx: Queryable, rows: ReadonlyArray<Finding & { buildId: string; position: number }>): Promise<void> {
  if (rows.length > 0) {
    await tx.query(
      `INSERT INTO build_findings AS f (build_id, identified_build_id, position, vulnerability_id, aliases, severity, score, active_exploit, evaluation, summary, fixed_versions)
       SELECT u.build_id, u.build_id, u.position, u.vulnerability_id,
              CASE WHEN u.aliases = '' THEN '{}'::text[] ELSE string_to_array(u.aliases, E'\\x1f') END,
              u.severity, u.score, u.active_exploit, u.evaluation, u.summary,
              CASE WHEN u.fixed = '' THEN '{}'::text[] ELSE string_to_array(u.fixed, E'\\x1f') END
         FROM unnest($1::uuid[], $2::int[], $3::text[], $4::text[], $5::text[], $6::numeric[], $7::boolean[], $8::text[], $9::text[], $10::text[])
           AS u(build_id, position, vulnerability_id, aliases, severity, score, active_exploit, evaluation, summary, fixed)
       ON CONFLICT (build_id, position, vulnerability_id) DO UPDATE SET aliases = EXCLUDED.aliases, severity = EXCLUDED.severity,
         score = EXCLUDED.score, active_exploit = f.active_exploit OR EXCLUDED.active_exploit, evaluation = EXCLUDED.evaluation,
         summary = EXCLUDED.summary, fixed_versions = EXCLUDED.fixed_versions`,
      [
        rows.map((finding) => finding.buildId),
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
}

/** The builds' counts of distinct advisories, from their findings. */
export async function refreshVulnerabilityCounts(tx: Queryable, buildIds: readonly string[]): Promise<void> {
  await tx.query(
    `UPDATE application_builds b SET vulnerability_count = (SELECT count(DISTINCT vulnerability_id)::int FROM build_findings WHERE build_id = b.id)
      WHERE b.id = ANY($1::uuid[])`,
    [buildIds],
  );
}

export interface StoredFinding {
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

/** The build's affected findings of the advisory (any of its names), with their components. */
export async function affectedFindingsOf(db: Queryable, buildId: string, names: readonly string[]): Promise<StoredFinding[]> {
  return db.query<StoredFinding>(
    `SELECT f.position, f.vulnerability_id, f.aliases, f.severity, f.score, f.summary, f.active_exploit,
            c.bom_ref, c.name, c.group_name AS "group", c.version, c.purl
       FROM build_findings f JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
      WHERE f.build_id = $1 AND f.evaluation = 'affected' AND (f.vulnerability_id = ANY($2::text[]) OR f.aliases && $2::text[])
      ORDER BY f.position`,
    [buildId, names],
  );
}
