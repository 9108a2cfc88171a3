// The reports' queries (SQL of the reports family): each reads the live requirements of a process
// (or its analysis tables) and answers rows keyed by the report's columns.
import type { Queryable } from '../db/database';

type Row = Record<string, string | number | null>;

export interface ReportScope {
  processId: string;
  /** Today (YYYY-MM-DD, UTC): what is due before it is overdue. */
  today: string;
}

/** Live requirements with their top-level ancestor and tree order (a path of positions). */
const TREE = `WITH RECURSIVE tree AS (
    SELECT r.id, r.id AS root_id, ARRAY[r.position, 0] AS path
      FROM requirements r WHERE r.process_id = $1 AND r.parent_id IS NULL AND r.deleted_at IS NULL
    UNION ALL
    SELECT c.id, t.root_id, t.path || ARRAY[c.position, 0]
      FROM requirements c JOIN tree t ON c.parent_id = t.id WHERE c.deleted_at IS NULL
  )`;

const OWNER = `CASE WHEN o.id IS NULL THEN NULL ELSE o.name || ' (' || o.login_id || ')' END`;

export function statusCounts(db: Queryable, processId: string): Promise<{ status: string; requirements: number; average_progress: number }[]> {
  return db.query<{ status: string; requirements: number; average_progress: number }>(
    `SELECT status, count(*)::int AS requirements, round(avg(progress))::int AS average_progress
       FROM requirements WHERE process_id = $1 AND deleted_at IS NULL GROUP BY status`,
    [processId],
  );
}

export function progressReportRows(db: Queryable, { processId }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `${TREE}
     SELECT r.code, r.title, r.status, r.priority, r.progress, ${OWNER} AS owner, to_char(r.due_date, 'YYYY-MM-DD') AS due_date
       FROM tree t JOIN requirements r ON r.id = t.id LEFT JOIN users o ON o.id = r.owner_id
      ORDER BY t.path, r.code_key`,
    [processId],
  );
}

export function coverageReportRows(db: Queryable, { processId }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `${TREE}
     SELECT root.code, root.title, count(*)::int AS requirements,
            count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS completed,
            count(*) FILTER (WHERE r.status IN ('ACCEPTED', 'IN_PROGRESS'))::int AS in_progress,
            round(100.0 * count(*) FILTER (WHERE r.status = 'COMPLETED') / count(*))::int AS coverage,
            round(avg(r.progress))::int AS average_progress
       FROM tree t JOIN requirements r ON r.id = t.id JOIN requirements root ON root.id = t.root_id
      GROUP BY root.id, root.code, root.title, root.position, root.code_key
      ORDER BY root.position, root.code_key`,
    [processId],
  );
}

export function overdueReportRows(db: Queryable, { processId, today }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `SELECT r.code, r.title, r.status, r.progress, ${OWNER} AS owner, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
            ($2::date - r.due_date)::int AS days_overdue
       FROM requirements r LEFT JOIN users o ON o.id = r.owner_id
      WHERE r.process_id = $1 AND r.deleted_at IS NULL AND r.due_date < $2::date AND r.status <> 'COMPLETED'
      ORDER BY r.due_date, r.code_key`,
    [processId, today],
  );
}

export function gapsReportRows(db: Queryable, { processId }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `SELECT r.code, r.title, g.description, g.remediation_plan, to_char(g.target_date, 'YYYY-MM-DD') AS target_date, g.status,
            ${OWNER} AS owner, CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' (' || u.login_id || ')' END AS assignee
       FROM gaps g JOIN requirements r ON r.id = g.requirement_id LEFT JOIN users o ON o.id = r.owner_id
       LEFT JOIN tasks t ON t.id = g.task_id LEFT JOIN users u ON u.id = coalesce(t.delegated_to, t.assigned_to_user)
      WHERE g.process_id = $1 AND r.deleted_at IS NULL
      ORDER BY (g.status = 'OPEN') DESC, g.target_date, r.code_key, g.created_at`,
    [processId],
  );
}

export function risksReportRows(db: Queryable, { processId }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `SELECT r.code, r.title, k.likelihood, k.impact, k.score, k.description, k.status
       FROM risks k JOIN requirements r ON r.id = k.requirement_id
      WHERE k.process_id = $1 AND r.deleted_at IS NULL
      ORDER BY (k.status = 'OPEN') DESC, k.score DESC, r.code_key, k.created_at`,
    [processId],
  );
}

export function ownerReportRows(db: Queryable, { processId, today }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `SELECT coalesce(${OWNER}, 'Unassigned') AS owner, count(*)::int AS requirements,
            count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS completed,
            count(*) FILTER (WHERE r.status IN ('ACCEPTED', 'IN_PROGRESS'))::int AS in_progress,
            count(*) FILTER (WHERE r.due_date < $2::date AND r.status <> 'COMPLETED')::int AS overdue,
            round(avg(r.progress))::int AS average_progress
       FROM requirements r LEFT JOIN users o ON o.id = r.owner_id
      WHERE r.process_id = $1 AND r.deleted_at IS NULL
      GROUP BY o.id, o.name, o.login_id
      ORDER BY (o.id IS NULL), lower(o.name), o.login_id`,
    [processId, today],
  );
}

export function tagReportRows(db: Queryable, { processId }: ReportScope): Promise<Row[]> {
  return db.query<Row>(
    `SELECT t.tag, count(*)::int AS requirements,
            count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS completed,
            round(avg(r.progress))::int AS average_progress
       FROM requirements r CROSS JOIN LATERAL unnest(r.tags) AS t(tag)
      WHERE r.process_id = $1 AND r.deleted_at IS NULL
      GROUP BY t.tag ORDER BY lower(t.tag) COLLATE "C", t.tag COLLATE "C"`,
    [processId],
  );
}
