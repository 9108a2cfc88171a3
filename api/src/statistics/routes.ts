// The dashboard's figures (issue 6 item 14, docs/requirements-api.md "Standards, reports,
// statistics"): GET /statistics/dashboard?graph.
import { PERMISSIONS, REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { callerOf, processOf } from '../authorization/guard';
import { eventRecordSchema, taskSchema } from '../requirements/index';
import { problems } from '../http/answer';
import { dashboardOf, type DashboardStatistics } from './service';

export { MY_TASKS_LIMIT, RECENT_EVENTS_LIMIT, type DashboardStatistics } from './service';

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
      return dashboardOf(db, caller, process.id, today);
    },
  );
}
