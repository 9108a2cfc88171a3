// The tasks family of the API (docs/requirements-api.md "Tasks"): a process's tasks and acting on
// them. Accept, reject, progress and fail are open to whom spec 6's task authorization lets act
// (checked in the service with the caller's access and workgroups); the route itself needs the
// requirement module (view=>Task).
import { PERMISSIONS, type TaskQuery } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { graphQuery, idParams } from '../http/schemas';
import { inboxRoutes } from './inbox-routes';
import { inboxTaskSchema, progressBody, taskSchema, tasksQuery } from './schemas';
import { changeContext } from './service';
import { dayOf, inboxTaskOf } from './inbox';
import { acceptReview, assignTask, failTaskOf, listTasks, rejectReview, updateTaskProgress, type TaskOutcomes } from './workflow';

const T = PERMISSIONS.requirements.TASK;

export interface TasksRoutesOptions {
  /** What acting on a task does to its requirement (the requirements family's, wired in app.ts). */
  outcomes: TaskOutcomes;
}

export async function tasksRoutes(app: FastifyInstance, { outcomes }: TasksRoutesOptions): Promise<void> {
  const tags = ['tasks'];
  const db = app.identity.db;
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;
  const context = (request: FastifyRequest) => {
    processOf(request);
    return changeContext(db, callerOf(request));
  };
  const acting = (summary: string, body: object, status = 200) => ({
    config: { permission: T.VIEW },
    schema: {
      tags,
      summary,
      querystring: graphQuery,
      params: idParams,
      body,
      response: { [status]: taskSchema, ...problems(400, 401, 403, 404, 409) },
    },
  });

  app.get(
    '/tasks',
    {
      config: { permission: T.LIST },
      schema: {
        tags,
        summary: "The process's tasks, open first (mine: assigned or delegated to me, or to a workgroup of mine)",
        querystring: tasksQuery,
        response: { 200: { type: 'array', items: taskSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      // tasksQuery validated type and status against the contract's enums.
      const q = request.query as TaskQuery & { limit?: number };
      if (q.requirement !== undefined && !/^[0-9a-f-]{36}$/i.test(q.requirement)) return [];
      return listTasks(db, callerOf(request), process.id, { ...q, limit: q.limit ?? 200 });
    },
  );

  app.get(
    '/tasks/:id',
    {
      config: { permission: T.VIEW },
      schema: {
        tags,
        summary: 'A task as the inbox shows it (InboxTask: with its title, link, recurrence and overdue flag)',
        querystring: graphQuery,
        params: idParams,
        response: { 200: inboxTaskSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => inboxTaskOf(db, processOf(request).id, id(request), dayOf(app.identity.now())),
  );

  app.post(
    '/tasks/:id/accept',
    acting(
      'Accept a review and delegate the requirement to an implementer: the new DELEGATE task (raises Accept Review)',
      {
        type: 'object',
        properties: {
          delegate_to_id: { description: 'the implementer, a user of the organization' },
          due_date: { description: "YYYY-MM-DD; absent: the requirement's" },
          comment: { description: 'at most 10,000 characters' },
        },
      },
      201,
    ),
    async (request, reply) => reply.code(201).send(await acceptReview(outcomes, context(request), callerOf(request), id(request), request.body)),
  );

  app.post(
    '/tasks/:id/reject',
    acting(
      "Reject a review with a comment: the author's new RESOLVE_REJECTED task (raises Reject Review)",
      { type: 'object', properties: { comment: { description: 'required, at most 10,000 characters' } } },
      201,
    ),
    async (request, reply) => reply.code(201).send(await rejectReview(outcomes, context(request), callerOf(request), id(request), request.body)),
  );

  app.patch(
    '/tasks/:id/progress',
    acting("Report a task's progress; a DELEGATE task's requirement follows, and at 100 both complete", progressBody),
    async (request) => updateTaskProgress(outcomes, context(request), callerOf(request), id(request), request.body),
  );

  app.post(
    '/tasks/:id/fail',
    acting('Fail a task (a DELEGATE task fails its requirement)', {
      type: 'object',
      properties: { comment: { description: 'required, at most 10,000 characters' } },
    }),
    async (request) => failTaskOf(outcomes, context(request), callerOf(request), id(request), request.body),
  );

  app.post(
    '/tasks/:id/assign',
    {
      config: { permission: T.ASSIGN },
      schema: {
        tags,
        summary: 'Assign a task to a user (the delegate of a DELEGATE task) and/or a workgroup; null clears',
        querystring: graphQuery,
        params: idParams,
        body: { type: 'object', properties: { user_id: { description: 'a user id or null' }, workgroup_id: { description: 'a workgroup id or null' } } },
        response: { 200: taskSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => assignTask(outcomes, context(request), id(request), request.body),
  );

  await inboxRoutes(app);
}
