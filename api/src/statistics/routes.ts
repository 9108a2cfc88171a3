// The dashboard's figures (issue 6 item 14, docs/requirements-api.md "Standards, reports,
// statistics"): GET /statistics/dashboard?graph.
import { PERMISSIONS, REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES, type RequirementEventRecord, type RequirementTask } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { callerOf, processOf } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { recentEvents } from '../requirements/index';
import { eventRecordSchema, taskSchema } from '../requirements/index';
import { listTasks } from '../tasks/index';
import { problems } from '../http/answer';

export interface DashboardStatistics {
  total: number;
  by_status: Record<string, number>;
  by_priority: Record<string, number>;
  /** Mean progress of the live requirements, rounded (0 without any). */
  average_progress: number;
  /** Live requirements past their due date and not completed. */
  overdue: number;
  open_gaps: number;
  open_risks: number;
  /** The caller's open tasks (assigned, delegated or to a workgroup of theirs), due first. */
  my_tasks: RequirementTask[];
  /** The process's latest requirement events, newest first. */
  recent_events: RequirementEventRecord[];
}

export const MY_TASKS_LIMIT = 10;
export const RECENT_EVENTS_LIMIT = 10;

const counts = (keys: readonly string[]) => ({
  type: 'object',
  required: [...keys],
  properties: Object.fromEntries(keys.map((key) => [key, { type: 'integer' }])),
});

const dashboardSchema = {
  type: 'object',
  required: ['total', 'by_status', 'by_priority', 'average_progress', 'overdue', 'open_gaps', 'open_risks', 'my_tasks', 'recent_events'],
  properties: {
    total: { type: 'integer' },
    by_status: counts(REQUIREMENT_STATUSES),
    by_priority: counts(REQUIREMENT_PRIORITIES),
    average_progress: { type: 'integer' },
    overdue: { type: 'integer' },
    open_gaps: { type: 'integer' },
    open_risks: { type: 'integer' },
    my_tasks: { type: 'array', items: taskSchema },
    recent_events: { type: 'array', items: eventRecordSchema },
  },
} as const;

/** The counts of the dashboard in one statement. */
async function figures(db: Queryable, processId: string, today: string) {
  const [row] = await db.query<{
    total: number;
    by_status: Record<string, number> | null;
    by_priority: Record<string, number> | null;
    average_progress: number | null;
    overdue: number;
    open_gaps: number;
    open_risks: number;
  }>(
    `WITH live AS (SELECT status, priority, progress, due_date FROM requirements WHERE process_id = $1 AND deleted_at IS NULL)
     SELECT (SELECT count(*)::int FROM live) AS total,
            (SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM live GROUP BY status) s) AS by_status,
            (SELECT json_object_agg(priority, n) FROM (SELECT priority, count(*)::int AS n FROM live GROUP BY priority) p) AS by_priority,
            (SELECT round(avg(progress))::int FROM live) AS average_progress,
            (SELECT count(*)::int FROM live WHERE due_date < $2::date AND status <> 'COMPLETED') AS overdue,
            (SELECT count(*)::int FROM gaps g JOIN requirements r ON r.id = g.requirement_id
              WHERE g.process_id = $1 AND g.status = 'OPEN' AND r.deleted_at IS NULL) AS open_gaps,
            (SELECT count(*)::int FROM risks k JOIN requirements r ON r.id = k.requirement_id
              WHERE k.process_id = $1 AND k.status = 'OPEN' AND r.deleted_at IS NULL) AS open_risks`,
    [processId, today],
  );
  const complete = (keys: readonly string[], found: Record<string, number> | null) =>
    Object.fromEntries(keys.map((key) => [key, Number(found?.[key] ?? 0)]));
  return {
    total: row.total,
    by_status: complete(REQUIREMENT_STATUSES, row.by_status),
    by_priority: complete(REQUIREMENT_PRIORITIES, row.by_priority),
    average_progress: row.average_progress ?? 0,
    overdue: row.overdue,
    open_gaps: row.open_gaps,
    open_risks: row.open_risks,
  };
}

export async function statisticsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;

  app.get(
    '/statistics/dashboard',
    {
      config: { permission: PERMISSIONS.requirements.LIST_REQUIREMENT },
      schema: {
        tags: ['statistics'],
        summary: "The dashboard's figures of the process: counts by status and priority, progress, overdue, open gaps and risks, my tasks, recent events",
        querystring: { type: 'object', properties: { graph: { type: 'string' } } },
        response: { 200: dashboardSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request): Promise<DashboardStatistics> => {
      const caller = callerOf(request);
      const process = processOf(request);
      const today = app.identity.now().toISOString().slice(0, 10);
      return {
        ...(await figures(db, process.id, today)),
        my_tasks: await listTasks(db, caller, process.id, { mine: true, status: 'OPEN', limit: MY_TASKS_LIMIT }),
        recent_events: await recentEvents(db, process.id, RECENT_EVENTS_LIMIT),
      };
    },
  );
}
