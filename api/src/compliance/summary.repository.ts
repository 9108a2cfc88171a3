// The SQL of GET compliance/summary (summary.ts): each live requirement with checks — or that had
// checks within the trend's days (its history has a row of its own there) — its family (top-level
// ancestor) and the standard that family was imported from; and the requirements' status changes
// over the trend's days.
import type { ComplianceStatus } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export interface StatusRow {
  requirement_id: string;
  /** null: no check today, but some within the trend's days. */
  status: ComplianceStatus | null;
  family_id: string;
  family_code: string;
  family_title: string;
  family_position: number;
  standard_id: string | null;
  standard_title: string | null;
  standard_version: string | null;
}

/** Ancestors walked at most (the tree is far shallower; a guard against a cycle). */
const MAX_DEPTH = 64;

/**
 * Each live requirement of the process with checks, and each whose checks were all deleted since
 * `from` (its status null): its family and the family's standard.
 */
export function statusesWithFamilies(db: Queryable, processId: string, from: Date): Promise<StatusRow[]> {
  return db.query<StatusRow>(
    `WITH RECURSIVE checked AS (
       SELECT s.requirement_id, s.status FROM compliance_requirements s JOIN requirements r ON r.id = s.requirement_id
        WHERE s.process_id = $1 AND r.deleted_at IS NULL
       UNION ALL
       SELECT DISTINCT h.requirement_id, NULL FROM compliance_history h JOIN requirements r ON r.id = h.requirement_id
        WHERE h.process_id = $1 AND h.check_id IS NULL AND h.at >= $2::timestamptz AND r.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM compliance_requirements s WHERE s.requirement_id = h.requirement_id)
     ), up AS (
       SELECT c.requirement_id, r.id AS node, r.parent_id, 0 AS depth FROM checked c JOIN requirements r ON r.id = c.requirement_id
       UNION ALL
       SELECT up.requirement_id, p.id, p.parent_id, up.depth + 1 FROM up JOIN requirements p ON p.id = up.parent_id WHERE up.depth < ${MAX_DEPTH}
     ), roots AS (
       SELECT requirement_id, node AS family_id FROM up WHERE parent_id IS NULL
     ), families AS (
       SELECT f.id, f.code, f.title, f.position, imported.standard_id
         FROM (SELECT DISTINCT family_id FROM roots) d JOIN requirements f ON f.id = d.family_id
         LEFT JOIN LATERAL (
           SELECT e.data->>'standard_id' AS standard_id FROM requirement_events e
            WHERE e.requirement_id = f.id AND e.type IN ('Add', 'Update') AND e.data->>'standard_id' IS NOT NULL
            ORDER BY e.time DESC LIMIT 1
         ) imported ON true
     )
     SELECT c.requirement_id, c.status, f.id AS family_id, f.code AS family_code, f.title AS family_title, f.position AS family_position,
            st.id AS standard_id, st.title AS standard_title, st.version AS standard_version
       FROM checked c JOIN roots ON roots.requirement_id = c.requirement_id JOIN families f ON f.id = roots.family_id
       LEFT JOIN standards st ON st.id::text = f.standard_id AND st.process_id = $1`,
    [processId, from.toISOString()],
  );
}

export interface HistoryPoint {
  requirement_id: string;
  /** null: its last check was deleted then. */
  to_status: ComplianceStatus | null;
  at: Date | string;
}

/** The requirements' status changes from `from` on, and the last one of each before it (in no order). */
export function requirementHistory(db: Queryable, processId: string, from: Date): Promise<HistoryPoint[]> {
  return db.query<HistoryPoint>(
    `SELECT requirement_id, to_status, at FROM (
       SELECT DISTINCT ON (requirement_id) requirement_id, to_status, at, id FROM compliance_history
        WHERE process_id = $1 AND check_id IS NULL AND at < $2::timestamptz ORDER BY requirement_id, at DESC, id DESC
     ) before
     UNION ALL
     SELECT requirement_id, to_status, at FROM compliance_history
      WHERE process_id = $1 AND check_id IS NULL AND at >= $2::timestamptz`,
    [processId, from.toISOString()],
  );
}
