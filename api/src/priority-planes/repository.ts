// The applications' priority plane in SQL: the process's apps with the findings of their newest
// processed build (by severity, and those with an active exploit) and their placement, if any.
import type { Queryable } from '../db/database';

export interface PlaneRow {
  id: string;
  app_key: string;
  name: string;
  portfolio: string | null;
  severities: Record<string, number> | null;
  active_exploits: number;
  risk: number | null;
  criticality: number | null;
  placed_by: string | null;
  placed_at: Date | string | null;
}

export async function listPlaneRows(db: Queryable, organizationId: string, processId: string, applicationId?: string): Promise<PlaneRow[]> {
  return db.query<PlaneRow>(
    `WITH latest AS (
       SELECT DISTINCT ON (b.application_id) b.application_id, b.id
         FROM application_builds b JOIN applications a ON a.id = b.application_id
        WHERE a.organization_id = $1 AND a.process_id = $2 AND b.status = 'DONE'
        ORDER BY b.application_id, b.number DESC)
     SELECT a.id, a.app_key, a.name, a.portfolio,
            (SELECT json_object_agg(s.severity, s.n) FROM (
               SELECT f.severity, count(*)::int AS n FROM build_findings f WHERE f.build_id = l.id GROUP BY f.severity) s) AS severities,
            (SELECT count(*)::int FROM build_findings f WHERE f.build_id = l.id AND f.active_exploit) AS active_exploits,
            p.risk, p.criticality, u.login_id AS placed_by, p.placed_at
       FROM applications a
       LEFT JOIN latest l ON l.application_id = a.id
       LEFT JOIN application_plane_placements p ON p.application_id = a.id
       LEFT JOIN users u ON u.id = p.placed_by
      WHERE a.organization_id = $1 AND a.process_id = $2 AND ($3::uuid IS NULL OR a.id = $3::uuid)
      ORDER BY lower(a.app_key)`,
    [organizationId, processId, applicationId ?? null],
  );
}

export async function place(db: Queryable, applicationId: string, risk: number, criticality: number, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO application_plane_placements (application_id, risk, criticality, placed_by, placed_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (application_id) DO UPDATE SET risk = $2, criticality = $3, placed_by = $4, placed_at = now()`,
    [applicationId, risk, criticality, userId],
  );
}

export async function unplace(db: Queryable, applicationId: string): Promise<void> {
  await db.query('DELETE FROM application_plane_placements WHERE application_id = $1', [applicationId]);
}
