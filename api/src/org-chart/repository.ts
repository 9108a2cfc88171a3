// The organization chart's SQL: one chart per organization (org_charts) and its people
// (org_chart_people, by the file's ids). A person's portal user is the organization's active user
// of the same email, looked up when read.
import type { OrgChartPersonTuple, OrgChartUserRef } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { Person } from './mapping';

export type StoredPerson = Omit<Person, 'line'>;

const PERSON_COLUMNS = 'external_id AS id, name, title, manager_id, email, department';

/** The organization's active users, one per email (the first login id): what people link to. */
const USERS_BY_EMAIL = `SELECT DISTINCT ON (lower(email)) id, login_id, name, lower(email) AS email
     FROM users WHERE organization_id = $1 AND NOT inactive ORDER BY lower(email), login_id`;

/**
 * Takes the organization's chart for a replacement (the row stays locked until the transaction
 * ends, so two imports follow each other) and records who uploads which file.
 */
export async function claimChart(tx: Queryable, organizationId: string, fileName: string, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO org_charts (organization_id, file_name, uploaded_by, uploaded_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (organization_id) DO UPDATE SET file_name = EXCLUDED.file_name, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = now()`,
    [organizationId, fileName, userId],
  );
}

export function peopleOf(db: Queryable, organizationId: string): Promise<StoredPerson[]> {
  return db.query<StoredPerson>(`SELECT ${PERSON_COLUMNS} FROM org_chart_people WHERE organization_id = $1 ORDER BY position`, [organizationId]);
}

/** Replaces every person of the organization's chart with `people`, in their order (one statement each way). */
export async function replacePeople(tx: Queryable, organizationId: string, people: readonly StoredPerson[]): Promise<void> {
  await tx.query('DELETE FROM org_chart_people WHERE organization_id = $1', [organizationId]);
  const column = <K extends keyof StoredPerson>(key: K) => people.map((person) => person[key]);
  await tx.query(
    `INSERT INTO org_chart_people (organization_id, external_id, name, title, manager_id, email, department, position)
     SELECT $1, p.id, p.name, p.title, p.manager_id, p.email, p.department, p.position
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY
            AS p (id, name, title, manager_id, email, department, position)`,
    [organizationId, column('id'), column('name'), column('title'), column('manager_id'), column('email'), column('department')],
  );
}

export interface ChartHeader {
  file_name: string;
  uploaded_at: Date | string;
  uploaded_by: OrgChartUserRef | null;
}

export async function chartHeader(db: Queryable, organizationId: string): Promise<ChartHeader | undefined> {
  const [row] = await db.query<ChartHeader>(
    `SELECT c.file_name, c.uploaded_at,
            CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'login_id', u.login_id, 'name', u.name) END AS uploaded_by
       FROM org_charts c LEFT JOIN users u ON u.id = c.uploaded_by
      WHERE c.organization_id = $1`,
    [organizationId],
  );
  return row;
}

/** Every person as a tuple (ORG_CHART_PERSON_COLUMNS) with their portal user, in the file's order. */
export async function chartTuples(db: Queryable, organizationId: string): Promise<OrgChartPersonTuple[]> {
  // Plain columns, made tuples here: building JSON per row in SQL is several times slower for 5,000 rows.
  const rows = await db.query<StoredPerson & { user_id: string | null; login_id: string | null }>(
    `SELECT p.external_id AS id, p.name, p.title, p.manager_id, p.email, p.department, u.id AS user_id, u.login_id
       FROM org_chart_people p LEFT JOIN (${USERS_BY_EMAIL}) u ON u.email = lower(p.email)
      WHERE p.organization_id = $1 ORDER BY p.position`,
    [organizationId],
  );
  return rows.map((row) => [row.id, row.name, row.title, row.manager_id, row.email, row.department, row.user_id, row.login_id]);
}

export async function personById(db: Queryable, organizationId: string, externalId: string): Promise<StoredPerson | undefined> {
  const [row] = await db.query<StoredPerson>(`SELECT ${PERSON_COLUMNS} FROM org_chart_people WHERE organization_id = $1 AND external_id = $2`, [organizationId, externalId]);
  return row;
}

export function reportsOf(db: Queryable, organizationId: string, externalId: string): Promise<Array<{ id: string; name: string }>> {
  return db.query(`SELECT external_id AS id, name FROM org_chart_people WHERE organization_id = $1 AND manager_id = $2 ORDER BY position`, [organizationId, externalId]);
}

/** The organization's active user of that email, or none. */
export async function userOfEmail(db: Queryable, organizationId: string, email: string | null): Promise<OrgChartUserRef | undefined> {
  if (email === null) return undefined;
  const [row] = await db.query<OrgChartUserRef>(`SELECT id, login_id, name FROM (${USERS_BY_EMAIL}) u WHERE u.email = lower($2)`, [organizationId, email]);
  return row;
}

/** The email of the organization's user of that id (any state), or none: another organization's user is none. */
export async function emailOfUser(db: Queryable, organizationId: string, userId: string): Promise<string | undefined> {
  const [row] = await db.query<{ email: string }>('SELECT email FROM users WHERE organization_id = $1 AND id = $2', [organizationId, userId]);
  return row?.email;
}

/** The chart's person of that email (the first in the file's order). */
export async function personOfEmail(db: Queryable, organizationId: string, email: string): Promise<StoredPerson | undefined> {
  const [row] = await db.query<StoredPerson>(
    `SELECT ${PERSON_COLUMNS} FROM org_chart_people WHERE organization_id = $1 AND lower(email) = lower($2) ORDER BY position LIMIT 1`,
    [organizationId, email],
  );
  return row;
}

/** The portal users of a department's people, by name. */
export function departmentUsers(db: Queryable, organizationId: string, department: string): Promise<OrgChartUserRef[]> {
  return db.query<OrgChartUserRef>(
    `SELECT DISTINCT u.id, u.login_id, u.name
       FROM org_chart_people p JOIN (${USERS_BY_EMAIL}) u ON u.email = lower(p.email)
      WHERE p.organization_id = $1 AND p.department = $2 ORDER BY u.name, u.login_id`,
    [organizationId, department],
  );
}

export async function departmentsOf(db: Queryable, organizationId: string): Promise<string[]> {
  const rows = await db.query<{ department: string }>(
    `SELECT DISTINCT department FROM org_chart_people WHERE organization_id = $1 AND department <> '' ORDER BY department`,
    [organizationId],
  );
  return rows.map((row) => row.department);
}

/** The organization's processes: the org chart's live event goes to who may view it in any of them. */
export function processesOf(db: Queryable, organizationId: string): Promise<Array<{ id: string; code_name: string }>> {
  return db.query('SELECT id, code_name FROM processes WHERE organization_id = $1 ORDER BY code_name', [organizationId]);
}
