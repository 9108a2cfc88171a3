// The requirements of an imported catalog (a standard of the process): those under a family (a
// top-level requirement) whose latest import event ('Add' or 'Update' with data.standard_id,
// standards/import.ts) names the standard. For the templates (matched by control id, `source`) and
// the OSCAL export of one standard.
import type { ComplianceStatus } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface StandardRow {
  id: string;
  title: string;
  version: string;
}

export async function standardOfProcess(db: Queryable, processId: string, standardId: string): Promise<StandardRow | undefined> {
  const [row] = await db.query<StandardRow>('SELECT id, title, version FROM standards WHERE id = $1 AND process_id = $2', [standardId, processId]);
  return row;
}

export interface CatalogRequirement {
  id: string;
  code: string;
  title: string;
  description: string;
  /** The OSCAL id of an imported control ('ra-5'); null for a requirement written by hand. */
  source: string | null;
  parent_id: string | null;
  /** The standard its family was imported from (null: none). */
  standard_id: string | null;
}

/** Ancestors walked at most (a guard against a cycle: catalogs are three levels deep). */
const MAX_DEPTH = 64;

/**
 * Live requirements of the process under the families imported from `standardId` (null: every
 * live requirement of the process), with the standard of each one's family.
 */
export function catalogRequirements(db: Queryable, processId: string, standardId: string | null): Promise<CatalogRequirement[]> {
  return db.query<CatalogRequirement>(
    `WITH RECURSIVE families AS (
       SELECT f.id,
              (SELECT e.data->>'standard_id' FROM requirement_events e
                WHERE e.requirement_id = f.id AND e.type IN ('Add', 'Update') AND e.data->>'standard_id' IS NOT NULL
                ORDER BY e.time DESC LIMIT 1) AS standard_id
         FROM requirements f WHERE f.process_id = $1 AND f.parent_id IS NULL
     ), tree AS (
       SELECT f.id, f.standard_id, 0 AS depth FROM families f WHERE $2::text IS NULL OR f.standard_id = $2::text
       UNION ALL
       SELECT r.id, tree.standard_id, tree.depth + 1 FROM tree JOIN requirements r ON r.parent_id = tree.id WHERE tree.depth < ${MAX_DEPTH}
     )
     SELECT r.id, r.code, r.title, r.description, r.source, r.parent_id, tree.standard_id
       FROM tree JOIN requirements r ON r.id = tree.id
      WHERE r.deleted_at IS NULL
      ORDER BY r.code`,
    [processId, standardId],
  );
}

/** A requirement's status and when it was last evaluated (those with checks). */
export interface StatusRow {
  requirement_id: string;
  status: ComplianceStatus;
  evaluated_at: Date | string;
}

export function statusesOf(db: Queryable, requirementIds: readonly string[]): Promise<StatusRow[]> {
  return db.query<StatusRow>('SELECT requirement_id, status, evaluated_at FROM compliance_requirements WHERE requirement_id = ANY($1::uuid[])', [requirementIds]);
}
