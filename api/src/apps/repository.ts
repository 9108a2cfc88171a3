// Applications of a process (issue 7 item 1) and their builds, in SQL. Every lookup is scoped by
// organization (another organization's app key is not found) and, for session callers, by process.
import type { ApplicationInput as ApplicationFields } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface ApplicationRecord {
  id: string;
  organization_id: string;
  process_id: string;
  process_code: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  tags: string[];
  enable_continuous_monitoring: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] as const;

const APP_COLUMNS = `a.id, a.organization_id, a.process_id, p.code_name AS process_code, a.app_key, a.name, a.portfolio, a.tags,
  a.enable_continuous_monitoring, a.created_at, a.updated_at`;

/** The app of that key (any case) in the organization — and in that process when one is given. */
export async function findApplication(
  db: Queryable,
  organizationId: string,
  appKey: string,
  processId?: string,
): Promise<ApplicationRecord | undefined> {
  const [row] = await db.query<ApplicationRecord>(
    `SELECT ${APP_COLUMNS} FROM applications a JOIN processes p ON p.id = a.process_id
      WHERE a.organization_id = $1 AND lower(a.app_key) = lower($2) AND ($3::uuid IS NULL OR a.process_id = $3::uuid)`,
    [organizationId, appKey, processId ?? null],
  );
  return row;
}

export async function findApplicationById(db: Queryable, organizationId: string, id: string, processId: string): Promise<ApplicationRecord | undefined> {
  const [row] = await db.query<ApplicationRecord>(
    `SELECT ${APP_COLUMNS} FROM applications a JOIN processes p ON p.id = a.process_id
      WHERE a.organization_id = $1 AND a.id::text = $2 AND a.process_id = $3`,
    [organizationId, id, processId],
  );
  return row;
}

export interface ApplicationSummaryRow extends ApplicationRecord {
  build_count: number;
  latest_build: { id: string; number: number; status: string; created_at: string; component_count: number } | null;
  severities: Record<string, number> | null;
}

/** The process's apps with their latest build and its findings counted by severity. */
export async function listApplications(db: Queryable, organizationId: string, processId: string): Promise<ApplicationSummaryRow[]> {
  return db.query<ApplicationSummaryRow>(
    `SELECT ${APP_COLUMNS},
            (SELECT count(*)::int FROM application_builds b WHERE b.application_id = a.id) AS build_count,
            (SELECT json_build_object('id', b.id, 'number', b.number, 'status', b.status, 'created_at', b.created_at,
                                      'component_count', b.component_count)
               FROM application_builds b WHERE b.application_id = a.id ORDER BY b.number DESC LIMIT 1) AS latest_build,
            (SELECT json_object_agg(s.severity, s.n) FROM (
               SELECT f.severity, count(*)::int AS n FROM build_findings f
                WHERE f.build_id = (SELECT b.id FROM application_builds b
                                     WHERE b.application_id = a.id AND b.status = 'DONE' ORDER BY b.number DESC LIMIT 1)
                GROUP BY f.severity) s) AS severities
       FROM applications a JOIN processes p ON p.id = a.process_id
      WHERE a.organization_id = $1 AND a.process_id = $2
      ORDER BY lower(a.app_key)`,
    [organizationId, processId],
  );
}

export async function countApplications(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM applications WHERE organization_id = $1', [organizationId]);
  return row.n;
}

/** An application's fields once the route has filled in the defaults: the contract's input, complete. */
export type ApplicationInput = Required<ApplicationFields>;

export async function insertApplication(db: Queryable, organizationId: string, processId: string, input: ApplicationInput): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO applications (organization_id, process_id, app_key, name, portfolio, enable_continuous_monitoring, tags)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [organizationId, processId, input.app_key, input.name, input.portfolio, input.enable_continuous_monitoring, input.tags],
  );
  return row.id;
}

export async function updateApplication(db: Queryable, id: string, input: ApplicationInput): Promise<void> {
  await db.query(
    `UPDATE applications SET app_key = $2, name = $3, portfolio = $4, enable_continuous_monitoring = $5, tags = $6, updated_at = now()
      WHERE id = $1`,
    [id, input.app_key, input.name, input.portfolio, input.enable_continuous_monitoring, input.tags],
  );
}

export async function deleteApplication(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM applications WHERE id = $1', [id]);
}

export interface BuildRecord {
  id: string;
  application_id: string;
  number: number;
  status: 'PENDING' | 'PROCESSING' | 'DONE' | 'FAILED';
  format: string;
  spec_version: string;
  encoding: string;
  serial_number: string | null;
  root_ref: string | null;
  root_name: string | null;
  root_version: string | null;
  component_count: number;
  vulnerability_count: number;
  error: string | null;
  uploaded_by: string | null;
  uploader_login: string | null;
  service_module_id: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

/** A build's columns as BuildRecord reads them, from `b` (application_builds) and `u` (its uploader, LEFT JOINed). */
export const BUILD_COLUMNS = `b.id, b.application_id, b.number, b.status, b.format, b.spec_version, b.encoding, b.serial_number,
  b.root_ref, b.root_name, b.root_version, b.component_count, b.vulnerability_count, b.error, b.uploaded_by,
  u.login_id AS uploader_login, b.service_module_id, b.created_at, b.started_at, b.finished_at`;

export async function listBuilds(db: Queryable, applicationId: string): Promise<BuildRecord[]> {
  return db.query<BuildRecord>(
    `SELECT ${BUILD_COLUMNS} FROM application_builds b LEFT JOIN users u ON u.id = b.uploaded_by
      WHERE b.application_id = $1 ORDER BY b.number DESC`,
    [applicationId],
  );
}

/** A build of the app by its id (or its number). */
export async function findBuild(db: Queryable, applicationId: string, buildId: string): Promise<BuildRecord | undefined> {
  const byNumber = /^\d{1,9}$/.test(buildId);
  const [row] = await db.query<BuildRecord>(
    `SELECT ${BUILD_COLUMNS} FROM application_builds b LEFT JOIN users u ON u.id = b.uploaded_by
      WHERE b.application_id = $1 AND ${byNumber ? 'b.number = $2::int' : 'b.id::text = $2'}`,
    [applicationId, buildId],
  );
  return row;
}

export async function latestBuild(db: Queryable, applicationId: string): Promise<BuildRecord | undefined> {
  const [row] = await db.query<BuildRecord>(
    `SELECT ${BUILD_COLUMNS} FROM application_builds b LEFT JOIN users u ON u.id = b.uploaded_by
      WHERE b.application_id = $1 ORDER BY b.number DESC LIMIT 1`,
    [applicationId],
  );
  return row;
}

export async function severityCounts(db: Queryable, buildId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ severity: string; n: number }>(
    'SELECT severity, count(*)::int AS n FROM build_findings WHERE build_id = $1 GROUP BY severity',
    [buildId],
  );
  return Object.fromEntries(rows.map((row) => [row.severity, row.n]));
}

/** The build's findings with their components, highest score first. */
export async function findingsWithComponentsOf(db: Queryable, buildId: string): Promise<unknown[]> {
  return db.query(
    `SELECT f.vulnerability_id, f.aliases, f.severity, f.score::float AS score, f.active_exploit, f.evaluation, f.summary,
                f.fixed_versions, c.bom_ref, c.name, c.version, c.purl
           FROM build_findings f JOIN sbom_components c ON c.build_id = f.build_id AND c.position = f.position
          WHERE f.build_id = $1 ORDER BY f.score DESC NULLS LAST, f.vulnerability_id, c.position`,
    [buildId],
  );
}
