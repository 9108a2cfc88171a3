// The organizations (tenants, spec 3) as stored: name, subscription edition and trial, module
// configuration (migration 005), its contacts and notification defaults (migration 039), and the
// counts their limits apply to.
import {
  DEFAULT_MODULE_CONFIGURATION,
  type NotificationChannels,
  type OrganizationContact,
  type OrganizationUsage,
  type ProcessModuleConfiguration,
} from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface Organization {
  id: string;
  name: string;
  created_at: Date;
}

/** An organization with its subscription and module configuration. */
export interface OrganizationRecord extends Organization {
  edition: string;
  trial_ends_at: Date | null;
  module_configuration: ProcessModuleConfiguration;
}

export type { OrganizationUsage };

const COLUMNS = 'id, name, created_at';
const RECORD_COLUMNS = 'id, name, created_at, edition, trial_ends_at, module_configuration';

/** An id Postgres accepts as a uuid; anything else names no organization. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findOrganizationByName(db: Queryable, name: string): Promise<Organization | undefined> {
  const [row] = await db.query<Organization>(`SELECT ${COLUMNS} FROM organizations WHERE name = $1`, [name]);
  return row;
}

/** The organization of that name whatever its letter case (names are told apart by people). */
export async function findOrganizationByNameIgnoringCase(db: Queryable, name: string): Promise<Organization | undefined> {
  const [row] = await db.query<Organization>(`SELECT ${COLUMNS} FROM organizations WHERE lower(name) = lower($1) LIMIT 1`, [
    name,
  ]);
  return row;
}

/** The organization of that name, created when absent; `created` tells which. */
export async function ensureOrganization(
  db: Queryable,
  name: string,
): Promise<{ organization: Organization; created: boolean }> {
  const [inserted] = await db.query<Organization>(
    `INSERT INTO organizations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
    [name],
  );
  if (inserted) return { organization: inserted, created: true };
  const existing = await findOrganizationByName(db, name);
  if (!existing) throw new Error(`Organization '${name}' vanished while being ensured.`);
  return { organization: existing, created: false };
}

/** Stored module configurations may predate a field: the defaults fill it in. */
function withDefaults(row: OrganizationRecord): OrganizationRecord {
  return { ...row, module_configuration: { ...DEFAULT_MODULE_CONFIGURATION, ...row.module_configuration } };
}

export async function listOrganizations(db: Queryable): Promise<OrganizationRecord[]> {
  const rows = await db.query<OrganizationRecord>(`SELECT ${RECORD_COLUMNS} FROM organizations ORDER BY lower(name), name`);
  return rows.map(withDefaults);
}

/** The organization of that id; a malformed id finds none. */
export async function findOrganizationById(db: Queryable, id: string): Promise<OrganizationRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<OrganizationRecord>(`SELECT ${RECORD_COLUMNS} FROM organizations WHERE id = $1`, [id]);
  return row && withDefaults(row);
}

export interface OrganizationInsert {
  name: string;
  now: Date;
  edition?: string;
  trialEndsAt?: Date | null;
}

/** Inserts the organization; undefined when the name is taken. */
export async function insertOrganization(db: Queryable, organization: OrganizationInsert): Promise<OrganizationRecord | undefined> {
  const [row] = await db.query<OrganizationRecord>(
    `INSERT INTO organizations (name, created_at, edition, trial_ends_at)
     VALUES ($1, $2, COALESCE($3, 'Enterprise'), $4)
     ON CONFLICT (name) DO NOTHING RETURNING ${RECORD_COLUMNS}`,
    [organization.name, organization.now.toISOString(), organization.edition ?? null, organization.trialEndsAt?.toISOString() ?? null],
  );
  return row && withDefaults(row);
}

/** Deletes the organization; its users, processes, roles and data go with it (ON DELETE CASCADE). */
export async function deleteOrganization(db: Queryable, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const rows = await db.query('DELETE FROM organizations WHERE id = $1 RETURNING id', [id]);
  return rows.length === 1;
}

export async function updateModuleConfiguration(
  db: Queryable,
  id: string,
  configuration: ProcessModuleConfiguration,
): Promise<OrganizationRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<OrganizationRecord>(
    `UPDATE organizations SET module_configuration = $2::jsonb WHERE id = $1 RETURNING ${RECORD_COLUMNS}`,
    [id, JSON.stringify(configuration)],
  );
  return row && withDefaults(row);
}

interface UsageRow {
  organization_id: string;
  projects: number;
  users: number;
  apps: number;
}

/**
 * What each of the organizations uses (all of them when `ids` is omitted). Users count whether
 * active or invited.
 */
export async function organizationUsage(db: Queryable, ids?: readonly string[]): Promise<Map<string, OrganizationUsage>> {
  const rows = await db.query<UsageRow>(
    `SELECT o.id AS organization_id,
            (SELECT count(*) FROM processes p WHERE p.organization_id = o.id)::int AS projects,
            (SELECT count(*) FROM users u WHERE u.organization_id = o.id)::int AS users,
            -- Applications arrive with the applications issue: count its table here then.
            0::int AS apps
       FROM organizations o
      WHERE $1::uuid[] IS NULL OR o.id = ANY($1::uuid[])`,
    [ids ? [...ids] : null],
  );
  return new Map(rows.map(({ organization_id, projects, users, apps }) => [organization_id, { projects, users, apps }]));
}

/** What an organization admin manages (migration 039): its name, contacts and notification defaults. */
export interface OrganizationSettingsRecord {
  id: string;
  name: string;
  contacts: OrganizationContact[];
  /** Only the events set (as a process's). */
  notification_settings: Record<string, NotificationChannels>;
}

const SETTINGS_COLUMNS = 'id, name, contacts, notification_settings';

/** The organization's settings; `lock` (in a transaction that changes them) holds its row until the commit. */
export async function findOrganizationSettings(db: Queryable, id: string, lock = false): Promise<OrganizationSettingsRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<OrganizationSettingsRecord>(
    `SELECT ${SETTINGS_COLUMNS} FROM organizations WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

/** Writes the parts given; undefined when the name is another organization's (the unique index). */
export async function updateOrganizationSettings(
  db: Queryable,
  id: string,
  changes: Partial<Omit<OrganizationSettingsRecord, 'id'>>,
): Promise<OrganizationSettingsRecord | undefined> {
  const [row] = await db.query<OrganizationSettingsRecord>(
    `UPDATE organizations SET name = COALESCE($2, name), contacts = COALESCE($3::jsonb, contacts),
            notification_settings = COALESCE($4::jsonb, notification_settings)
      WHERE id = $1
        AND NOT EXISTS (SELECT 1 FROM organizations other WHERE other.id <> $1 AND lower(other.name) = lower(COALESCE($2, '')))
      RETURNING ${SETTINGS_COLUMNS}`,
    [
      id,
      changes.name ?? null,
      changes.contacts ? JSON.stringify(changes.contacts) : null,
      changes.notification_settings ? JSON.stringify(changes.notification_settings) : null,
    ],
  );
  return row;
}

/** The active users of the organization (who hear of its changes). */
export async function activeUserIds(db: Queryable, organizationId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE organization_id = $1 AND NOT inactive', [organizationId]);
  return rows.map((row) => row.id);
}
