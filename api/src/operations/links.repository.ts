// A finding's links to requirements (migration 036): the process's live requirements among some
// ids, a finding's set replaced, and the requirements linked to findings.
import type { Queryable } from '../db/database';

export interface RequirementRefRow {
  id: string;
  code: string;
  title: string;
}

/** The live (not deleted) requirements of the process among `ids`. */
export function liveRequirementsOf(db: Queryable, processId: string, ids: readonly string[]): Promise<RequirementRefRow[]> {
  return db.query<RequirementRefRow>('SELECT id, code, title FROM requirements WHERE process_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL', [processId, ids]);
}

/** Replaces the finding's links with `ids`. */
export async function replaceFindingRequirements(tx: Queryable, findingId: string, ids: readonly string[], userId: string, now: Date): Promise<void> {
  await tx.query('DELETE FROM security_finding_requirements WHERE finding_id = $1 AND NOT (requirement_id = ANY($2::uuid[]))', [findingId, ids]);
  await tx.query(
    `INSERT INTO security_finding_requirements (finding_id, requirement_id, created_by, created_at)
     SELECT $1, id, $3, $4 FROM unnest($2::uuid[]) AS id ON CONFLICT DO NOTHING`,
    [findingId, ids, userId, now.toISOString()],
  );
}

/** The requirements linked to a finding, by code. */
export function requirementsOfFinding(db: Queryable, findingId: string): Promise<RequirementRefRow[]> {
  return db.query<RequirementRefRow>(
    `SELECT r.id, r.code, r.title FROM security_finding_requirements l JOIN requirements r ON r.id = l.requirement_id
      WHERE l.finding_id = $1 ORDER BY r.code_key, r.id`,
    [findingId],
  );
}
