// SQL of the licenses family: the declarations of a build's components, the license-risk alerts
// (raised in the build's processing transaction, listed per process), and the reads of the
// license analysis and summaries (service.ts).
import type { LicenseRiskAlert } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { COMPONENT_KEY } from '../vex/index';

export const ALERT_LIMIT = 500;

/** The build's distinct license declarations (each its licenses joined by U+001F). */
export async function declarationsOf(tx: Queryable, buildId: string): Promise<string[]> {
  return (
    await tx.query<{ declared: string }>('SELECT DISTINCT array_to_string(licenses, chr(31)) AS declared FROM sbom_components WHERE build_id = $1', [
      buildId,
    ])
  ).map((row) => row.declared);
}

/**
 * Raises an alert for each component of the build with a risky declaration that the previous
 * build's same component did not declare; resolves to how many, and how many strong copyleft.
 */
export async function insertAlerts(
  tx: Queryable,
  context: { organization_id: string; process_id: string; application_id: string },
  buildId: string,
  previousBuildId: string | null,
  risky: { declared: string[]; license: string[]; category: string[] },
): Promise<{ alerts: number; strong: number }> {
  const [raised] = await tx.query<{ alerts: number; strong: number }>(
    `WITH risky AS (
       SELECT * FROM unnest($6::text[], $7::text[], $8::text[]) AS r(declared, license, category)
     ), current AS MATERIALIZED (
       SELECT c.position, ${COMPONENT_KEY('c')} AS key, r.declared, r.license, r.category
         FROM sbom_components c JOIN risky r ON r.declared = array_to_string(c.licenses, chr(31))
        WHERE c.build_id = $4
     ), before AS MATERIALIZED (
       SELECT ${COMPONENT_KEY('p')} AS key, array_to_string(p.licenses, chr(31)) AS declared
         FROM sbom_components p WHERE p.build_id = $5
     ), raised AS (
       INSERT INTO license_risk_alerts (organization_id, process_id, application_id, build_id, position, license, category)
       SELECT $1, $2, $3, $4, n.position, n.license, n.category
         FROM current n LEFT JOIN before b ON b.key = n.key AND b.declared = n.declared
        WHERE b.key IS NULL
       RETURNING category
     )
     SELECT count(*)::int AS alerts, (count(*) FILTER (WHERE category = 'strong-copyleft'))::int AS strong FROM raised`,
    [
      context.organization_id,
      context.process_id,
      context.application_id,
      buildId,
      previousBuildId,
      risky.declared,
      risky.license,
      risky.category,
    ],
  );
  return raised;
}

export interface AlertRow {
  id: string;
  app_key: string;
  build_id: string;
  number: number;
  bom_ref: string;
  name: string;
  version: string | null;
  purl: string | null;
  license: string;
  category: LicenseRiskAlert['category'];
  created_at: Date | string;
}

/** The process's alerts with their app, build and component, newest first (at most ALERT_LIMIT). */
export async function alertRowsOf(db: Queryable, organizationId: string, processId: string): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT l.id, a.app_key, b.id AS build_id, b.number, c.bom_ref, c.name, c.version, c.purl, l.license, l.category, l.created_at
       FROM license_risk_alerts l
       JOIN applications a ON a.id = l.application_id
       JOIN application_builds b ON b.id = l.build_id
       JOIN sbom_components c ON c.build_id = l.build_id AND c.position = l.position
      WHERE l.organization_id = $1 AND l.process_id = $2
      ORDER BY l.created_at DESC, a.app_key, c.position
      LIMIT ${ALERT_LIMIT}`,
    [organizationId, processId],
  );
}

/** The build's components with their declared licenses, in position order. */
export async function componentLicensesOf(
  db: Queryable,
  buildId: string,
): Promise<Array<{ bom_ref: string; group_name: string | null; name: string; version: string | null; purl: string | null; licenses: string[] }>> {
  return db.query<{ bom_ref: string; group_name: string | null; name: string; version: string | null; purl: string | null; licenses: string[] }>(
    'SELECT bom_ref, group_name, name, version, purl, licenses FROM sbom_components WHERE build_id = $1 ORDER BY position',
    [buildId],
  );
}

/** How many components of each build declare each distinct declaration (licenses joined by U+001F). */
export async function declarationCountsOf(db: Queryable, buildIds: readonly string[]): Promise<Array<{ build_id: string; declared: string; n: number }>> {
  return db.query<{ build_id: string; declared: string; n: number }>(
    `SELECT build_id, array_to_string(licenses, chr(31)) AS declared, count(*)::int AS n
       FROM sbom_components WHERE build_id = ANY($1::uuid[]) GROUP BY 1, 2`,
    [[...buildIds]],
  );
}

/** Each app of the process with its latest DONE build (null when it has none), by app key. */
export async function latestDoneBuildsOf(
  db: Queryable,
  organizationId: string,
  processId: string,
): Promise<Array<{ app_key: string; name: string; build_id: string | null; number: number | null }>> {
  return db.query<{ app_key: string; name: string; build_id: string | null; number: number | null }>(
    `SELECT a.app_key, a.name, b.id AS build_id, b.number
       FROM applications a
       LEFT JOIN LATERAL (SELECT id, number FROM application_builds WHERE application_id = a.id AND status = 'DONE' ORDER BY number DESC LIMIT 1) b ON true
      WHERE a.organization_id = $1 AND a.process_id = $2
      ORDER BY lower(a.app_key)`,
    [organizationId, processId],
  );
}
