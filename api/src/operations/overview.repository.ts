// The overview's reads and the SLA's storage (migration 032): a process's SLA per severity, and a
// filter's findings per day — found, fixed, and open at each day's end — over a range of days.
import type { FindingSla } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { filterWhere, type FindingFilter } from './findings.repository';

/** The process's stored SLA, undefined when it never set one. */
export async function storedSla(db: Queryable, organizationId: string, processId: string): Promise<FindingSla | undefined> {
  const [row] = await db.query<{ sla: FindingSla }>('SELECT sla FROM security_finding_sla WHERE organization_id = $1 AND process_id = $2', [organizationId, processId]);
  return row?.sla;
}

export async function saveSla(db: Queryable, organizationId: string, processId: string, sla: FindingSla, userId: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO security_finding_sla (process_id, organization_id, sla, updated_by, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5)
     ON CONFLICT (process_id) DO UPDATE SET sla = EXCLUDED.sla, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at`,
    [processId, organizationId, JSON.stringify(sla), userId, now.toISOString()],
  );
}

export interface TrendCounts {
  /** Found before the range, and fixed before it (their difference: open when it starts). */
  before: { found: number; fixed: number };
  /** Per day of the range (YYYY-MM-DD, UTC) with any: found and fixed that day. */
  days: Array<{ day: string; found: number; fixed: number }>;
}

/**
 * The filter's findings that are or were to be remedied (open, confirmed, fixed: not the ones
 * decided false positive, accepted or suppressed), counted by the day they were first seen and
 * the day they were fixed, from `start` (a UTC midnight) on.
 */
export async function trendCounts(db: Queryable, filter: FindingFilter, start: Date): Promise<TrendCounts> {
  const { sql, params } = filterWhere(filter);
  params.push(start.toISOString());
  const at = `$${params.length}::timestamptz`;
  const base = `FROM security_findings s WHERE ${sql} AND s.state IN ('open', 'confirmed', 'fixed')`;
  const [before] = await db.query<{ found: number; fixed: number }>(
    `SELECT count(*) FILTER (WHERE s.first_seen < ${at})::int AS found, count(*) FILTER (WHERE s.fixed_at < ${at})::int AS fixed ${base}`,
    params,
  );
  const days = await db.query<{ day: string; found: number; fixed: number }>(
    `SELECT day, sum(found)::int AS found, sum(fixed)::int AS fixed FROM (
       SELECT to_char(s.first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 1 AS found, 0 AS fixed ${base} AND s.first_seen >= ${at}
       UNION ALL
       SELECT to_char(s.fixed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 0, 1 ${base} AND s.fixed_at >= ${at}
     ) counted GROUP BY day ORDER BY day`,
    params,
  );
  return { before: before ?? { found: 0, fixed: 0 }, days };
}
