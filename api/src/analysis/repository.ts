// What the analyses read of requirements and users (SQL of the analysis family).
import type { LinkedApplication } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface RequirementRow {
  id: string;
  code: string;
  title: string;
  owner_id: string | null;
  parent_id: string | null;
  deleted_at: Date | string | null;
}

/** The process's requirement of that id (deleted ones too), locked for a change when asked. */
export async function requirementOfProcess(db: Queryable, organizationId: string, processId: string, id: string, lock = false): Promise<RequirementRow | undefined> {
  const [row] = await db.query<RequirementRow>(
    `SELECT id, code, title, owner_id, parent_id, deleted_at FROM requirements
      WHERE id = $1 AND organization_id = $2 AND process_id = $3${lock ? ' FOR UPDATE' : ''}`,
    [id, organizationId, processId],
  );
  return row;
}

/** The id of the organization's user of that id, if there is one. */
export async function userOfOrganization(db: Queryable, organizationId: string, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE id = $1 AND organization_id = $2', [id, organizationId]);
  return row?.id;
}

export type PlaneRow = { id: string; code: string; title: string; status: string; priority: string; x: number | null; y: number | null };

/** The process's live requirements with their place on the requirement plane (null: unplaced), by code. */
export async function planeRequirementsOf(db: Queryable, organizationId: string, processId: string): Promise<PlaneRow[]> {
  return db.query<{ id: string; code: string; title: string; status: string; priority: string; x: number | null; y: number | null }>(
    `SELECT id, code, title, status, priority, plane_x AS x, plane_y AS y FROM requirements
          WHERE organization_id = $1 AND process_id = $2 AND deleted_at IS NULL ORDER BY code_key, id`,
    [organizationId, processId],
  );
}

/** Places the requirement on the plane (both null: takes it off); resolves to it as placed. */
export async function placeRequirement(tx: Queryable, id: string, x: number | null, y: number | null): Promise<PlaneRow> {
  const [row] = await tx.query<{ id: string; code: string; title: string; status: string; priority: string; x: number | null; y: number | null }>(
    `UPDATE requirements SET plane_x = $2, plane_y = $3, updated_at = now() WHERE id = $1
           RETURNING id, code, title, status, priority, plane_x AS x, plane_y AS y`,
    [id, x, y],
  );
  return row;
}

export interface TraceabilityRequirement {
  id: string;
  code: string;
  title: string;
  source: string | null;
  parent_id: string | null;
  status: string;
  progress: number;
}

/** The process's live requirements in tree order, as the traceability matrix lists them. */
export async function traceabilityRequirementsOf(db: Queryable, organizationId: string, processId: string): Promise<TraceabilityRequirement[]> {
  return db.query<TraceabilityRequirement>(
    `SELECT id, code, title, source, parent_id, status, progress FROM requirements
        WHERE organization_id = $1 AND process_id = $2 AND deleted_at IS NULL ORDER BY position, code_key, id`,
    [organizationId, processId],
  );
}

/** Per requirement of the process, its open and its other tasks. */
export async function taskCountsOf(db: Queryable, processId: string): Promise<Array<{ requirement_id: string; open: number | string; closed: number | string }>> {
  return db.query<{ requirement_id: string; open: number | string; closed: number | string }>(
    `SELECT requirement_id, count(*) FILTER (WHERE status = 'OPEN') AS open, count(*) FILTER (WHERE status <> 'OPEN') AS closed
         FROM tasks WHERE process_id = $1 AND requirement_id IS NOT NULL GROUP BY requirement_id`,
    [processId],
  );
}

/** The requirements of the process with an open gap. */
export async function openGapsOf(db: Queryable, processId: string): Promise<Array<{ requirement_id: string }>> {
  return db.query<{ requirement_id: string }>(`SELECT DISTINCT requirement_id FROM gaps WHERE process_id = $1 AND status = 'OPEN'`, [processId]);
}

/** The applications linked to the process's requirements, by app key. */
export async function applicationLinksOf(db: Queryable, processId: string): Promise<Array<{ requirement_id: string; app_key: string }>> {
  return db.query<{ requirement_id: string; app_key: string }>(
    `SELECT l.requirement_id, a.app_key FROM requirement_applications l JOIN applications a ON a.id = l.application_id
        WHERE l.process_id = $1 ORDER BY lower(a.app_key)`,
    [processId],
  );
}

/** The evidence library's documents linked to requirements of the process, by name (traceability). */
export async function evidenceLinksOf(db: Queryable, processId: string): Promise<Array<{ requirement_id: string; id: string; name: string }>> {
  return db.query<{ requirement_id: string; id: string; name: string }>(
    `SELECT l.requirement_id, d.id, d.name FROM document_requirements l JOIN documents d ON d.id = l.document_id
        WHERE d.process_id = $1 ORDER BY lower(d.name), d.id`,
    [processId],
  );
}

/** The applications linked to the requirement, by app key. */
export async function linkedApplications(db: Queryable, requirementId: string): Promise<LinkedApplication[]> {
  return db.query<LinkedApplication>(
    `SELECT a.id, a.app_key, a.name FROM requirement_applications l JOIN applications a ON a.id = l.application_id
      WHERE l.requirement_id = $1 ORDER BY lower(a.app_key), a.id`,
    [requirementId],
  );
}

/** The process's application of that id. */
export async function applicationOfProcess(db: Queryable, organizationId: string, processId: string, id: string): Promise<LinkedApplication | undefined> {
  const [row] = await db.query<LinkedApplication>(
    'SELECT id, app_key, name FROM applications WHERE id = $1 AND organization_id = $2 AND process_id = $3',
    [id, organizationId, processId],
  );
  return row;
}

/** Links the application to the requirement; false when it was linked already. */
export async function linkApplication(tx: Queryable, processId: string, requirementId: string, applicationId: string, userId: string): Promise<boolean> {
  const changed = await tx.query(
    `INSERT INTO requirement_applications (process_id, requirement_id, application_id, linked_by) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING RETURNING application_id`,
    [processId, requirementId, applicationId, userId],
  );
  return changed.length > 0;
}

/** Unlinks the application from the requirement; false when it was not linked. */
export async function unlinkApplication(tx: Queryable, requirementId: string, applicationId: string): Promise<boolean> {
  const changed = await tx.query('DELETE FROM requirement_applications WHERE requirement_id = $1 AND application_id = $2 RETURNING application_id', [
    requirementId,
    applicationId,
  ]);
  return changed.length > 0;
}

/** The requirement was changed now. */
export async function touchRequirement(tx: Queryable, requirementId: string): Promise<void> {
  await tx.query('UPDATE requirements SET updated_at = now() WHERE id = $1', [requirementId]);
}
