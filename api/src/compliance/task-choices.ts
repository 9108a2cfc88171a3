// GET compliance/recurring-tasks (docs/compliance.md, "Routes"): the recurring task series of the
// process, what the check dialog offers for a `recurring-task` check instead of a raw task id.
// A series is named by its first occurrence (the check's task_id: the evaluator walks the series
// from any of its occurrences, and the first one stays while later ones open); its title and rule
// are its latest occurrence's, and its next due date that of its open occurrence (the SQL:
// task-choices.repository.ts).
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { graphQuery, scopeOf } from '../analysis/service';
import type { Queryable } from '../db/database';
import { problems } from '../http/answer';
import { RECURRING_TASKS_LISTED, recurringTasksOfProcess } from './task-choices.repository';

const recurringTaskSchema = {
  type: 'object',
  required: ['id', 'title', 'recurrence', 'next_due'],
  properties: { id: { type: 'string' }, title: { type: 'string' }, recurrence: { type: ['string', 'null'] }, next_due: { type: ['string', 'null'] } },
} as const;

/** Registered by complianceRoutes (routes.ts), under the API's prefix. */
export async function recurringTaskRoutes(app: FastifyInstance, options: { context: { db: Queryable } }): Promise<void> {
  const { db } = options.context;
  app.get(
    '/compliance/recurring-tasks',
    {
      config: { permission: PERMISSIONS.requirements.TASK.LIST },
      schema: {
        tags: ['compliance'],
        summary: `The recurring task series of the process (at most ${RECURRING_TASKS_LISTED}, by title): what a recurring-task check may name`,
        querystring: graphQuery,
        response: { 200: { type: 'array', items: recurringTaskSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      return recurringTasksOfProcess(db, scope.organizationId, scope.processId);
    },
  );
}
