// Deployment profiles, their computed configurations (RBOM) and RBOM shares, in SQL. Profiles are
// looked up within their app, which the routes have already found in the caller's process.
import type { DeploymentEnvironment, DeploymentProfileView, RbomComponent } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { Exclusion } from './rbom';

export interface ProfileRow {
  id: string;
  application_id: string;
  app_key: string;
  name: string;
  environment: DeploymentEnvironment;
  description: string | null;
  build_id: string | null;
  build_number: number | null;
  build_status: string | null;
  exclude: string[];
  include_types: string[];
  version: number;
  created_by: string | null;
  created_at: Date | string;
  updated_by: string | null;
  updated_at: Date | string;
}

const PROFILE_COLUMNS = `d.id, d.application_id, a.app_key, d.name, d.environment, d.description, d.build_id, b.number AS build_number,
  b.status AS build_status, d.exclude, d.include_types, d.version, c.login_id AS created_by, d.created_at, u.login_id AS updated_by, d.updated_at`;
const PROFILE_FROM = `deployment_profiles d JOIN applications a ON a.id = d.application_id
  LEFT JOIN application_builds b ON b.id = d.build_id LEFT JOIN users c ON c.id = d.created_by LEFT JOIN users u ON u.id = d.updated_by`;

const iso = (value: Date | string) => new Date(value).toISOString();

export function profileView(row: ProfileRow): DeploymentProfileView {
  return {
    id: row.id,
    app_key: row.app_key,
    name: row.name,
    environment: row.environment,
    description: row.description,
    build: row.build_id === null ? null : { id: row.build_id, number: row.build_number!, status: row.build_status! },
    exclude: row.exclude,
    include_types: row.include_types,
    version: row.version,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_by: row.updated_by,
    updated_at: iso(row.updated_at),
  };
}

export async function listProfiles(db: Queryable, applicationId: string): Promise<ProfileRow[]> {
  return db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE d.application_id = $1 ORDER BY lower(d.name)`, [applicationId]);
}

export async function findProfile(db: Queryable, applicationId: string, id: string): Promise<ProfileRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE d.application_id = $1 AND d.id = $2::uuid`, [applicationId, id]);
  return row;
}

/** A profile by its id alone (the RBOM job, which no request scopes). */
export async function findProfileById(db: Queryable, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM ${PROFILE_FROM} WHERE d.id = $1::uuid`, [id]);
  return row;
}

export async function profileNamed(db: Queryable, applicationId: string, name: string): Promise<{ id: string } | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM deployment_profiles WHERE application_id = $1 AND lower(name) = lower($2)', [applicationId, name]);
  return row;
}

export interface ProfileValues {
  name: string;
  environment: DeploymentEnvironment;
  description: string | null;
  build_id: string | null;
  exclude: string[];
  include_types: string[];
}

export async function insertProfile(
  db: Queryable,
  owner: { organization_id: string; process_id: string; application_id: string },
  values: ProfileValues,
  userId: string,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO deployment_profiles (organization_id, process_id, application_id, name, environment, description, build_id, exclude, include_types, created_by, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id`,
    [owner.organization_id, owner.process_id, owner.application_id, values.name, values.environment, values.description, values.build_id, values.exclude, values.include_types, userId],
  );
  return row.id;
}

export async function updateProfile(db: Queryable, id: string, values: ProfileValues, userId: string): Promise<void> {
  await db.query(
    `UPDATE deployment_profiles SET name = $2, environment = $3, description = $4, build_id = $5, exclude = $6, include_types = $7,
            version = version + 1, updated_by = $8, updated_at = now()
      WHERE id = $1`,
    [id, values.name, values.environment, values.description, values.build_id, values.exclude, values.include_types, userId],
  );
}

export async function deleteProfile(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM deployment_profiles WHERE id = $1', [id]);
}

export interface ConfigurationRow {
  profile_id: string;
  profile_version: number;
  build_id: string;
  status: 'PENDING' | 'READY' | 'FAILED';
  positions: number[];
  excluded: Exclusion[];
  message: string | null;
  requested_at: Date | string;
  computed_at: Date | string | null;
}

export async function findConfiguration(db: Queryable, profileId: string): Promise<ConfigurationRow | undefined> {
  const [row] = await db.query<ConfigurationRow>('SELECT * FROM deployment_configurations WHERE profile_id = $1', [profileId]);
  return row;
}

/** A configuration to compute for the profile's version and build (what was there is replaced). */
export async function requestConfiguration(db: Queryable, profileId: string, version: number, buildId: string, message: string | null): Promise<void> {
  await db.query(
    `INSERT INTO deployment_configurations (profile_id, profile_version, build_id, status, message, requested_at)
     VALUES ($1, $2, $3, 'PENDING', $4, now())
     ON CONFLICT (profile_id) DO UPDATE SET profile_version = $2, build_id = $3, status = 'PENDING', positions = '{}', excluded = '[]',
       message = $4, requested_at = now(), computed_at = NULL`,
    [profileId, version, buildId, message],
  );
}

/** The computed configuration of the profile's version, if it is still the one asked for (a job run twice, or after a failure, changes nothing). */
export async function storeConfiguration(db: Queryable, profileId: string, version: number, result: { kept: number[]; excluded: Exclusion[] }): Promise<void> {
  await db.query(
    `UPDATE deployment_configurations SET status = 'READY', positions = $3, excluded = $4::jsonb, message = NULL, computed_at = now()
      WHERE profile_id = $1 AND profile_version = $2 AND status = 'PENDING'`,
    [profileId, version, result.kept, JSON.stringify(result.excluded)],
  );
}

export async function failConfiguration(db: Queryable, profileId: string, version: number, message: string): Promise<void> {
  await db.query(
    `UPDATE deployment_configurations SET status = 'FAILED', message = $3, computed_at = now() WHERE profile_id = $1 AND profile_version = $2 AND status = 'PENDING'`,
    [profileId, version, message],
  );
}

export interface ComponentRow extends Omit<RbomComponent, 'vulnerabilities'> {
  position: number;
  vulnerabilities: RbomComponent['vulnerabilities'] | null;
}

/** The components of a build at `positions`, with their findings. */
export async function componentsAt(db: Queryable, buildId: string, positions: readonly number[]): Promise<ComponentRow[]> {
  return db.query<ComponentRow>(
    `SELECT c.position, c.bom_ref, c.name, c.group_name AS "group", c.version, c.purl, c.type, c.licenses,
            (SELECT json_agg(json_build_object('id', f.vulnerability_id, 'severity', f.severity, 'active_exploit', f.active_exploit) ORDER BY f.vulnerability_id)
               FROM build_findings f WHERE f.build_id = c.build_id AND f.position = c.position AND f.evaluation = 'affected') AS vulnerabilities
       FROM sbom_components c WHERE c.build_id = $1 AND c.position = ANY($2::int[]) ORDER BY c.position`,
    [buildId, positions],
  );
}

/** The build's root component (undefined when there is no build `buildId`). */
export async function buildRootOf(db: Queryable, buildId: string): Promise<{ root_ref: string | null } | undefined> {
  const [build] = await db.query<{ root_ref: string | null }>('SELECT root_ref FROM application_builds WHERE id = $1', [buildId]);
  return build;
}

/** The build's number (undefined when there is no build `buildId`). */
export async function buildNumberOf(db: Queryable, buildId: string): Promise<{ number: number } | undefined> {
  const [build] = await db.query<{ number: number }>('SELECT number FROM application_builds WHERE id = $1', [buildId]);
  return build;
}

/** What an RBOM document names of its build. */
export async function rbomBuildOf(db: Queryable, buildId: string): Promise<{ id: string; number: number; serial_number: string | null; root_ref: string | null }> {
  const [build] = await db.query<{ id: string; number: number; serial_number: string | null; root_ref: string | null }>(
    'SELECT id, number, serial_number, root_ref FROM application_builds WHERE id = $1',
    [buildId],
  );
  return build;
}
