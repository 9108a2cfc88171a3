// The processes (projects, spec 3) as stored: one organization's, found by id or code name (any
// case), with their own module switches and notification settings (migration 005), and the
// memberships that enroll users in them. Every query names the organization.
import type { DashboardType, ProcessModuleSwitches, ProcessType } from '@portal/shared/server';
import { setMembership } from '../authorization/memberships.repository';
import type { Queryable } from '../db/database';
import { UUID } from '../organizations/index';
import type { StoredNotificationSettings } from './notification-settings';

export type { DashboardType, ProcessType };

export interface ProcessRecord {
  id: string;
  organization_id: string;
  code_name: string;
  name: string;
  type: ProcessType;
  dashboard_type: DashboardType;
}

export type NewProcess = Omit<ProcessRecord, 'id' | 'organization_id'>;

/** The process's own module switches (the contract's); an absent switch follows the organization. */
export type { ProcessModuleSwitches };

const COLUMNS = 'id, organization_id, code_name, name, type, dashboard_type';

export async function listProcesses(db: Queryable, organizationId: string): Promise<ProcessRecord[]> {
  return db.query<ProcessRecord>(
    `SELECT ${COLUMNS} FROM processes WHERE organization_id = $1 ORDER BY lower(code_name)`,
    [organizationId],
  );
}

/** The organization's processes among those ids (the ones a caller may open). */
export async function listProcessesByIds(db: Queryable, organizationId: string, ids: readonly string[]): Promise<ProcessRecord[]> {
  if (ids.length === 0) return [];
  return db.query<ProcessRecord>(
    `SELECT ${COLUMNS} FROM processes WHERE organization_id = $1 AND id = ANY($2::uuid[]) ORDER BY lower(code_name)`,
    [organizationId, [...ids]],
  );
}

/** The organization's process of that id; a malformed id finds none. */
export async function findProcessById(db: Queryable, organizationId: string, id: string): Promise<ProcessRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<ProcessRecord>(`SELECT ${COLUMNS} FROM processes WHERE organization_id = $1 AND id = $2`, [
    organizationId,
    id,
  ]);
  return row;
}

/** The organization's process of that code name, whatever its letter case. */
export async function findProcessByCode(db: Queryable, organizationId: string, codeName: string): Promise<ProcessRecord | undefined> {
  const [row] = await db.query<ProcessRecord>(
    `SELECT ${COLUMNS} FROM processes WHERE organization_id = $1 AND lower(code_name) = lower($2)`,
    [organizationId, codeName],
  );
  return row;
}

export async function countProcesses(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM processes WHERE organization_id = $1', [
    organizationId,
  ]);
  return row?.count ?? 0;
}

/**
 * Holds the organization's row until the transaction ends, so that two creations cannot both
 * pass the process limit (Postgres; the embedded database has one connection anyway).
 */
export async function lockOrganization(tx: Queryable, organizationId: string): Promise<void> {
  await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
}

/** Inserts the process; undefined when the code name (any case) is taken in the organization. */
export async function insertProcess(db: Queryable, organizationId: string, process: NewProcess): Promise<ProcessRecord | undefined> {
  const [row] = await db.query<ProcessRecord>(
    `INSERT INTO processes (organization_id, code_name, name, type, dashboard_type)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (organization_id, lower(code_name)) DO NOTHING
     RETURNING ${COLUMNS}`,
    [organizationId, process.code_name, process.name, process.type, process.dashboard_type],
  );
  return row;
}

/** The organization's process with that code name (any case), created when absent. */
export async function ensureProcess(
  db: Queryable,
  organizationId: string,
  process: NewProcess,
): Promise<{ process: ProcessRecord; created: boolean }> {
  const inserted = await insertProcess(db, organizationId, process);
  if (inserted) return { process: inserted, created: true };
  const existing = await findProcessByCode(db, organizationId, process.code_name);
  if (!existing) throw new Error(`Process '${process.code_name}' vanished while being ensured.`);
  return { process: existing, created: false };
}

export type ProcessChanges = Partial<Pick<ProcessRecord, 'name' | 'type' | 'dashboard_type'>>;

export async function updateProcess(
  db: Queryable,
  organizationId: string,
  id: string,
  changes: ProcessChanges,
): Promise<ProcessRecord | undefined> {
  const [row] = await db.query<ProcessRecord>(
    `UPDATE processes SET name = COALESCE($3, name), type = COALESCE($4, type), dashboard_type = COALESCE($5, dashboard_type)
      WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [organizationId, id, changes.name ?? null, changes.type ?? null, changes.dashboard_type ?? null],
  );
  return row;
}

/** Deletes the process; its memberships and data go with it (ON DELETE CASCADE). */
export async function deleteProcess(db: Queryable, organizationId: string, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM processes WHERE organization_id = $1 AND id = $2 RETURNING id', [organizationId, id]);
  return rows.length === 1;
}

export async function processModuleSwitches(db: Queryable, organizationId: string, id: string): Promise<ProcessModuleSwitches> {
  const [row] = await db.query<{ module_configuration: ProcessModuleSwitches | null }>(
    'SELECT module_configuration FROM processes WHERE organization_id = $1 AND id = $2',
    [organizationId, id],
  );
  return row?.module_configuration ?? {};
}

export async function setProcessModuleSwitches(
  db: Queryable,
  organizationId: string,
  id: string,
  switches: ProcessModuleSwitches,
): Promise<void> {
  await db.query('UPDATE processes SET module_configuration = $3::jsonb WHERE organization_id = $1 AND id = $2', [
    organizationId,
    id,
    JSON.stringify(switches),
  ]);
}

export async function processNotificationSettings(db: Queryable, organizationId: string, id: string): Promise<StoredNotificationSettings> {
  const [row] = await db.query<{ notification_settings: StoredNotificationSettings | null }>(
    'SELECT notification_settings FROM processes WHERE organization_id = $1 AND id = $2',
    [organizationId, id],
  );
  return row?.notification_settings ?? {};
}

/** The organization's notification settings (migration 039): what its processes take for the events they have not set. */
export async function organizationNotificationSettings(db: Queryable, organizationId: string): Promise<StoredNotificationSettings> {
  const [row] = await db.query<{ notification_settings: StoredNotificationSettings | null }>(
    'SELECT notification_settings FROM organizations WHERE id = $1',
    [organizationId],
  );
  return row?.notification_settings ?? {};
}

export async function setProcessNotificationSettings(
  db: Queryable,
  organizationId: string,
  id: string,
  settings: StoredNotificationSettings,
): Promise<void> {
  await db.query('UPDATE processes SET notification_settings = $3::jsonb WHERE organization_id = $1 AND id = $2', [
    organizationId,
    id,
    JSON.stringify(settings),
  ]);
}

/** Enrolls the user in the process with those process roles (an empty list disenrolls). */
export async function enroll(db: Queryable, userId: string, processId: string, roles: readonly string[]): Promise<void> {
  await setMembership(db, userId, processId, roles);
}

/** The process of that code name (any case) in the organization: its id and code name as stored. */
export async function processCodeOf(db: Queryable, organizationId: string | null, codeName: string): Promise<{ id: string; code_name: string } | undefined> {
  const [row] = await db.query<{ id: string; code_name: string }>(
    'SELECT id, code_name FROM processes WHERE organization_id = $1 AND lower(code_name) = lower($2)',
    [organizationId, codeName],
  );
  return row;
}

/** The processes of that code name (any case), in the organization named `organization` (any case) or in any when null. */
export async function processesNamed(
  db: Queryable,
  codeName: string,
  organization: string | null,
): Promise<Array<{ id: string; code_name: string; organization_id: string; organization: string }>> {
  return db.query<{ id: string; code_name: string; organization_id: string; organization: string }>(
    `SELECT p.id, p.code_name, p.organization_id, o.name AS organization FROM processes p
       JOIN organizations o ON o.id = p.organization_id
      WHERE lower(p.code_name) = lower($1) AND ($2::text IS NULL OR lower(o.name) = lower($2))`,
    [codeName, organization],
  );
}
