// The reports of a process (issue 6 item 13): each kind is one SQL statement over the live (not
// deleted) requirements and the analysis tables, answered as { kind, title, columns, rows }; the
// routes render the same report as CSV or PDF.
import { REPORT_KINDS, REQUIREMENT_STATUSES, type Report, type ReportColumn, type ReportKind, type ReportValue } from '@portal/shared/server';
import type { Queryable } from '../db/database';

// The report shapes are the contract's (GET reports/{kind}).
export { REPORT_KINDS, type Report, type ReportColumn, type ReportKind, type ReportValue };

interface Scope {
  processId: string;
  /** Today (YYYY-MM-DD, UTC): what is due before it is overdue. */
  today: string;
}

type Row = Record<string, ReportValue>;

const columns = (...pairs: [string, string][]): ReportColumn[] => pairs.map(([key, label]) => ({ key, label }));

/** Live requirements with their top-level ancestor and tree order (a path of positions). */
const TREE = `WITH RECURSIVE tree AS (
    SELECT r.id, r.id AS root_id, ARRAY[r.position, 0] AS path
      FROM requirements r WHERE r.process_id = $1 AND r.parent_id IS NULL AND r.deleted_at IS NULL
    UNION ALL
    SELECT c.id, t.root_id, t.path || ARRAY[c.position, 0]
      FROM requirements c JOIN tree t ON c.parent_id = t.id WHERE c.deleted_at IS NULL
  )`;

const OWNER = `CASE WHEN o.id IS NULL THEN NULL ELSE o.name || ' (' || o.login_id || ')' END`;

const DEFINITIONS: Record<ReportKind, { title: string; columns: ReportColumn[]; rows(db: Queryable, scope: Scope): Promise<Row[]> }> = {
  status: {
    title: 'Requirements by status',
    columns: columns(['status', 'Status'], ['requirements', 'Requirements'], ['share', 'Share (%)'], ['average_progress', 'Average progress (%)']),
    async rows(db, { processId }) {
      const counted = await db.query<{ status: string; requirements: number; average_progress: number }>(
        `SELECT status, count(*)::int AS requirements, round(avg(progress))::int AS average_progress
           FROM requirements WHERE process_id = $1 AND deleted_at IS NULL GROUP BY status`,
        [processId],
      );
      const total = counted.reduce((sum, row) => sum + row.requirements, 0);
      return REQUIREMENT_STATUSES.map((status) => {
        const row = counted.find((candidate) => candidate.status === status);
        const requirements = row?.requirements ?? 0;
        return {
          status,
          requirements,
          share: total === 0 ? 0 : Math.round((requirements * 100) / total),
          average_progress: row?.average_progress ?? 0,
        };
      });
    },
  },
  progress: {
    title: 'Progress of requirements',
    columns: columns(
      ['code', 'Code'],
      ['title', 'Title'],
      ['status', 'Status'],
      ['priority', 'Priority'],
      ['progress', 'Progress (%)'],
      ['owner', 'Owner'],
      ['due_date', 'Due date'],
    ),
    rows: (db, { processId }) =>
      db.query<Row>(
        `${TREE}
         SELECT r.code, r.title, r.status, r.priority, r.progress, ${OWNER} AS owner, to_char(r.due_date, 'YYYY-MM-DD') AS due_date
           FROM tree t JOIN requirements r ON r.id = t.id LEFT JOIN users o ON o.id = r.owner_id
          ORDER BY t.path, r.code`,
        [processId],
      ),
  },
  coverage: {
    title: 'Coverage by top-level requirement',
    columns: columns(
      ['code', 'Code'],
      ['title', 'Title'],
      ['requirements', 'Requirements'],
      ['completed', 'Completed'],
      ['in_progress', 'In progress'],
      ['coverage', 'Coverage (%)'],
      ['average_progress', 'Average progress (%)'],
    ),
    rows: (db, { processId }) =>
      db.query<Row>(
        `${TREE}
         SELECT root.code, root.title, count(*)::int AS requirements,
                count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS completed,
                count(*) FILTER (WHERE r.status IN ('ACCEPTED', 'IN_PROGRESS'))::int AS in_progress,
                round(100.0 * count(*) FILTER (WHERE r.status = 'COMPLETED') / count(*))::int AS coverage,
                round(avg(r.progress))::int AS average_progress
           FROM tree t JOIN requirements r ON r.id = t.id JOIN requirements root ON root.id = t.root_id
          GROUP BY root.id, root.code, root.title, root.position
          ORDER BY root.position, root.code`,
        [processId],
      ),
  },
  overdue: {
    title: 'Overdue requirements',
    columns: columns(
      ['code', 'Code'],
      ['title', 'Title'],
      ['status', 'Status'],
      ['progress', 'Progress (%)'],
      ['owner', 'Owner'],
      ['due_date', 'Due date'],
      ['days_overdue', 'Days overdue'],
    ),
    rows: (db, { processId, today }) =>
      db.query<Row>(
        `SELECT r.code, r.title, r.status, r.progress, ${OWNER} AS owner, to_char(r.due_date, 'YYYY-MM-DD') AS due_date,
                ($2::date - r.due_date)::int AS days_overdue
           FROM requirements r LEFT JOIN users o ON o.id = r.owner_id
          WHERE r.process_id = $1 AND r.deleted_at IS NULL AND r.due_date < $2::date AND r.status <> 'COMPLETED'
          ORDER BY r.due_date, r.code`,
        [processId, today],
      ),
  },
  gaps: {
    title: 'Gaps',
    columns: columns(
      ['code', 'Requirement'],
      ['title', 'Title'],
      ['description', 'Gap'],
      ['remediation_plan', 'Remediation plan'],
      ['target_date', 'Target date'],
      ['status', 'Status'],
      ['assignee', 'Assignee'],
    ),
    rows: (db, { processId }) =>
      db.query<Row>(
        `SELECT r.code, r.title, g.description, g.remediation_plan, to_char(g.target_date, 'YYYY-MM-DD') AS target_date, g.status,
                CASE WHEN u.id IS NULL THEN NULL ELSE u.name || ' (' || u.login_id || ')' END AS assignee
           FROM gaps g JOIN requirements r ON r.id = g.requirement_id
           LEFT JOIN tasks t ON t.id = g.task_id LEFT JOIN users u ON u.id = coalesce(t.delegated_to, t.assigned_to_user)
          WHERE g.process_id = $1 AND r.deleted_at IS NULL
          ORDER BY (g.status = 'OPEN') DESC, g.target_date, r.code, g.created_at`,
        [processId],
      ),
  },
  risks: {
    title: 'Risks',
    columns: columns(
      ['code', 'Requirement'],
      ['title', 'Title'],
      ['likelihood', 'Likelihood'],
      ['impact', 'Impact'],
      ['score', 'Score'],
      ['description', 'Risk'],
      ['status', 'Status'],
    ),
    rows: (db, { processId }) =>
      db.query<Row>(
        `SELECT r.code, r.title, k.likelihood, k.impact, k.score, k.description, k.status
           FROM risks k JOIN requirements r ON r.id = k.requirement_id
          WHERE k.process_id = $1 AND r.deleted_at IS NULL
          ORDER BY (k.status = 'OPEN') DESC, k.score DESC, r.code, k.created_at`,
        [processId],
      ),
  },
  owner: {
    title: 'Requirements by owner',
    columns: columns(
      ['owner', 'Owner'],
      ['requirements', 'Requirements'],
      ['completed', 'Completed'],
      ['in_progress', 'In progress'],
      ['overdue', 'Overdue'],
      ['average_progress', 'Average progress (%)'],
    ),
    rows: (db, { processId, today }) =>
      db.query<Row>(
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
      ),
  },
  tag: {
    title: 'Requirements by tag',
    columns: columns(
      ['tag', 'Tag'],
      ['requirements', 'Requirements'],
      ['completed', 'Completed'],
      ['average_progress', 'Average progress (%)'],
    ),
    rows: (db, { processId }) =>
      db.query<Row>(
        `SELECT t.tag, count(*)::int AS requirements,
                count(*) FILTER (WHERE r.status = 'COMPLETED')::int AS completed,
                round(avg(r.progress))::int AS average_progress
           FROM requirements r CROSS JOIN LATERAL unnest(r.tags) AS t(tag)
          WHERE r.process_id = $1 AND r.deleted_at IS NULL
          GROUP BY t.tag ORDER BY lower(t.tag) COLLATE "C", t.tag COLLATE "C"`,
        [processId],
      ),
  },
};

export function isReportKind(kind: string): kind is ReportKind {
  return (REPORT_KINDS as readonly string[]).includes(kind);
}

/** The report of that kind for the process. */
export async function buildReport(db: Queryable, kind: ReportKind, scope: Scope): Promise<Report> {
  const definition = DEFINITIONS[kind];
  const rows = await definition.rows(db, scope);
  // Only the declared columns, in their order (numbers stay numbers).
  return {
    kind,
    title: definition.title,
    columns: definition.columns,
    rows: rows.map((row) => Object.fromEntries(definition.columns.map(({ key }) => [key, row[key] ?? null]))),
  };
}
