// The SQL the job queue sends itself beside pg-boss's: where pg-boss's schema is, its queues
// created one process at a time, the failed jobs read back as dead letters, and the counts per kind.
import type { Database, Queryable } from '../db/database';

/** pg-boss's schema beside the API's: `pgboss`, or `<schema>_pgboss` when the API works in another schema than public. */
export async function bossSchema(db: Queryable): Promise<string> {
  const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return !row || row.schema === 'public' ? 'pgboss' : `${row.schema}_pgboss`;
}

/** Whether pg-boss's schema is installed (its version table exists). */
export async function bossInstalled(db: Queryable, schema: string): Promise<boolean> {
  const [row] = await db.query<{ installed: boolean }>('SELECT to_regclass($1) IS NOT NULL AS installed', [`${schema}.version`]);
  return row?.installed ?? false;
}

/** pg-boss's create_queue (a partition of its job table), under a lock: two processes starting at once deadlock on it otherwise. */
export async function createBossQueue(database: Database, schema: string, name: string, options: object): Promise<void> {
  await database.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${schema}.create_queue`]);
    await tx.query(`SELECT ${schema}.create_queue($1, $2)`, [name, options]);
  });
}

export interface FailedJobRow {
  id: string;
  data: object;
  /** The error pg-boss stored: the handler's ({ message, stack }), or its expiry's ({ value: { message } }). */
  output: { message?: string; value?: { message?: string } } | null;
  retry_count: number;
  completed_on: Date | string;
}

/** The kind's failed jobs, the latest first; pg-boss moves them to its archive after a week. */
export function failedJobs(db: Queryable, schema: string, name: string): Promise<FailedJobRow[]> {
  return db.query<FailedJobRow>(
    `SELECT id, data, output, retry_count, completed_on FROM ${schema}.job WHERE name = $1 AND state = 'failed'
      UNION ALL SELECT id, data, output, retry_count, completed_on FROM ${schema}.archive WHERE name = $1 AND state = 'failed'
      ORDER BY completed_on DESC`,
    [name],
  );
}

/**
 * Queued (created or pausing before a retry), running and failed jobs per kind, from the job table
 * (pg-boss's states are an enum ordered created < retry < active < … < failed). Failed jobs move to
 * the archive after a week; the archive, a week of completed jobs with no index on the name, is
 * not scanned at every scrape.
 */
export function jobCounts(db: Queryable, schema: string): Promise<Array<{ name: string; queued: number; running: number; failed: number }>> {
  return db.query(
    `SELECT name,
            count(*) FILTER (WHERE state < 'active')::int AS queued,
            count(*) FILTER (WHERE state = 'active')::int AS running,
            count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM ${schema}.job GROUP BY name`,
  );
}

/** A dead letter removed, from the job table or the archive; false when the kind has none with that id. */
export async function deleteFailedJob(db: Queryable, schema: string, name: string, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `WITH live AS (DELETE FROM ${schema}.job WHERE name = $1 AND id = $2::uuid AND state = 'failed' RETURNING id),
          archived AS (DELETE FROM ${schema}.archive WHERE name = $1 AND id = $2::uuid AND state = 'failed' RETURNING id)
     SELECT id FROM live UNION ALL SELECT id FROM archived`,
    [name, id],
  );
  return rows.length > 0;
}

/**
 * Per kind, the jobs completed over the last hour and how long they ran (started_on to
 * completed_on), from the job table: completed jobs stay there a day before they are archived.
 */
export function jobDurations(db: Queryable, schema: string): Promise<Array<{ name: string; completed: number; average_seconds: number; max_seconds: number }>> {
  return db.query(
    `SELECT name, count(*)::int AS completed,
            coalesce(avg(extract(epoch FROM completed_on - started_on)), 0)::float8 AS average_seconds,
            coalesce(max(extract(epoch FROM completed_on - started_on)), 0)::float8 AS max_seconds
       FROM ${schema}.job
      WHERE state = 'completed' AND completed_on > now() - interval '1 hour'
      GROUP BY name`,
  );
}
