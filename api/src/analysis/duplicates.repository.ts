// SQL of the duplicate requirements (duplicates.ts): the process's live requirements and the pairs
// never to propose, a dismissal, a duplicate link, and the statements of a merge.
import type { RequirementRef } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface DocumentRow extends RequirementRef {
  description: string;
}

/** The live requirements of the process, oldest first. */
export async function processDocuments(db: Queryable, organizationId: string, processId: string): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(
    `SELECT id, code, title, description FROM requirements
      WHERE organization_id = $1 AND process_id = $2 AND deleted_at IS NULL ORDER BY created_at, code_key, id`,
    [organizationId, processId],
  );
}

/** The process's pairs dismissed or already linked. */
export async function excludedPairsOf(db: Queryable, processId: string): Promise<Array<{ a_id: string; b_id: string }>> {
  return db.query<{ a_id: string; b_id: string }>(
    `SELECT a_id, b_id FROM duplicate_dismissals WHERE process_id = $1
     UNION ALL SELECT a_id, b_id FROM requirement_links WHERE process_id = $1`,
    [processId],
  );
}

/** Records the pair (low id first) as not duplicates (once). */
export async function insertDismissal(tx: Queryable, processId: string, low: string, high: string, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO duplicate_dismissals (process_id, a_id, b_id, dismissed_by) VALUES ($1, $2, $3, $4) ON CONFLICT (a_id, b_id) DO NOTHING`,
    [processId, low, high, userId],
  );
}

/** Records a and b as duplicates; false when they were linked already. */
export async function insertDuplicateLink(tx: Queryable, processId: string, aId: string, bId: string, userId: string): Promise<boolean> {
  const [created] = await tx.query(
    `INSERT INTO requirement_links (process_id, a_id, b_id, kind, created_by) VALUES ($1, $2, $3, 'DUPLICATE', $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [processId, aId, bId, userId],
  );
  return Boolean(created);
}

/** Whether b is a or one of a's ancestors (merging b into a would then make a cycle). */
export async function isAncestorOrSelf(tx: Queryable, aId: string, bId: string): Promise<boolean> {
  const [cycle] = await tx.query(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id FROM requirements WHERE id = $1
       UNION ALL SELECT r.id, r.parent_id FROM requirements r JOIN up ON r.id = up.parent_id)
     SELECT 1 FROM up WHERE id = $2`,
    [aId, bId],
  );
  return Boolean(cycle);
}

/** Moves b's sub-requirements under a, after a's own; resolves to those moved. */
export async function moveChildren(tx: Queryable, aId: string, bId: string): Promise<Array<{ id: string }>> {
  return tx.query<{ id: string }>(
    `WITH base AS (SELECT coalesce(max(position), -1) AS top FROM requirements WHERE parent_id = $1),
          ordered AS (SELECT id, row_number() OVER (ORDER BY position, code_key) AS n FROM requirements WHERE parent_id = $2)
     UPDATE requirements c SET parent_id = $1, position = base.top + ordered.n, updated_at = now(), version = c.version + 1
       FROM base, ordered WHERE c.id = ordered.id RETURNING c.id, c.deleted_at`,
    [aId, bId],
  );
}

/** Moves b's comments, tasks, gaps, risks, attachments and conflicts (with others than a) to a. */
export async function moveContents(tx: Queryable, aId: string, bId: string): Promise<void> {
  await tx.query('UPDATE requirement_comments SET requirement_id = $1 WHERE requirement_id = $2', [aId, bId]);
  await tx.query('UPDATE tasks SET requirement_id = $1, updated_at = now() WHERE requirement_id = $2', [aId, bId]);
  await tx.query('UPDATE gaps SET requirement_id = $1 WHERE requirement_id = $2', [aId, bId]);
  await tx.query('UPDATE risks SET requirement_id = $1 WHERE requirement_id = $2', [aId, bId]);
  await tx.query('UPDATE attachments SET requirement_id = $1 WHERE requirement_id = $2', [aId, bId]);
  await tx.query('UPDATE conflicts SET requirement_a_id = $1 WHERE requirement_a_id = $2 AND requirement_b_id <> $1', [aId, bId]);
  await tx.query('UPDATE conflicts SET requirement_b_id = $1 WHERE requirement_b_id = $2 AND requirement_a_id <> $1', [aId, bId]);
}

/** Deletes the merged requirement b. */
export async function deleteMerged(tx: Queryable, bId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE requirements SET deleted_at = now(), deleted_by = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
    [bId, userId],
  );
}

/** a was changed now (a new version). */
export async function bumpVersion(tx: Queryable, aId: string): Promise<void> {
  await tx.query(`UPDATE requirements SET updated_at = now(), version = version + 1 WHERE id = $1`, [aId]);
}

/** Records the merge of b into a as a link (replacing a duplicate link of the pair). */
export async function recordMerge(tx: Queryable, processId: string, aId: string, bId: string, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO requirement_links (process_id, a_id, b_id, kind, created_by) VALUES ($1, $2, $3, 'MERGED', $4)
     ON CONFLICT (LEAST(a_id, b_id), GREATEST(a_id, b_id)) DO UPDATE SET kind = 'MERGED', a_id = EXCLUDED.a_id, b_id = EXCLUDED.b_id`,
    [processId, aId, bId, userId],
  );
}
