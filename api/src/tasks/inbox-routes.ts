// The routes of the tasks inbox and general tasks (issue 23; docs/tasks-api.md): registered by
// tasksRoutes (routes.ts). Every route needs a process (`graph`) and answers another process's or
// organization's task with 404.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { graphQuery, idParams } from '../http/schemas';
import { completeGeneralTask, createGeneralTask, editGeneralTask } from './general';
import { dayOf, inbox, inboxTabCounts, parseInboxQuery } from './inbox';
import { addTaskComment, taskComments, taskHistory } from './records';
import { commentSchema, generalTaskBody, historySchema, inboxCountsSchema, inboxPageSchema, inboxQuery, inboxTaskSchema } from './schemas';
import { changeContext } from './service';

const T = PERMISSIONS.requirements.TASK;

export async function inboxRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['tasks'];
  const db = app.identity.db;
  const today = () => dayOf(app.identity.now());
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;
  const context = (request: FastifyRequest) => {
    processOf(request);
    return changeContext(db, callerOf(request));
  };
  const onTask = (summary: string, response: object, extra: object = {}) => ({
    config: { permission: T.VIEW },
    schema: { tags, summary, querystring: graphQuery, params: idParams, response: { ...response, ...problems(400, 401, 403, 404, 409) }, ...extra },
  });

  app.get(
    '/tasks/inbox',
    {
      config: { permission: T.VIEW },
      schema: {
        tags,
        summary: 'The tasks inbox: a tab (assigned, workgroups, created, all) with filters, search and sort, a page by cursor, and its total',
        querystring: inboxQuery,
        response: { 200: inboxPageSchema, ...problems(400, 401, 403, 404) },
      },
    },
    // The answer is JSON text already (inbox): sent as it is, the schema documents it.
    async (request, reply) => {
      const process = processOf(request);
      return reply.type('application/json; charset=utf-8').send(await inbox(db, callerOf(request), process.id, today(), parseInboxQuery(request.query)));
    },
  );

  app.get(
    '/tasks/inbox/counts',
    {
      config: { permission: T.VIEW },
      schema: {
        tags,
        summary: "Tasks per inbox tab with the same filters ('all' null without list=>Task)",
        querystring: inboxQuery,
        response: { 200: inboxCountsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      return inboxTabCounts(db, callerOf(request), process.id, today(), parseInboxQuery(request.query));
    },
  );

  app.post(
    '/tasks',
    {
      config: { permission: T.ASSIGN },
      schema: {
        tags,
        summary: 'Create a general task (raises New; its assignee is told)',
        querystring: graphQuery,
        body: generalTaskBody,
        response: { 201: inboxTaskSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(await createGeneralTask(context(request), today(), request.body)),
  );

  app.put(
    '/tasks/:id',
    onTask("Edit an open general task (its creator or who may assign tasks); fields left out keep their value", { 200: inboxTaskSchema }, { body: generalTaskBody }),
    async (request) => editGeneralTask(context(request), callerOf(request), today(), id(request), request.body),
  );

  app.post(
    '/tasks/:id/complete',
    onTask('Complete a general task (task authorization of spec 6); a recurring one opens its next occurrence', { 200: inboxTaskSchema }, {
      body: { type: 'object', properties: { comment: { description: 'at most 10,000 characters' } } },
    }),
    async (request) => completeGeneralTask(context(request), callerOf(request), today(), id(request), request.body),
  );

  app.get('/tasks/:id/events', onTask("The task's history (spec 4.5 task events), oldest first", { 200: historySchema }), async (request) =>
    taskHistory(db, processOf(request).id, id(request)),
  );

  app.get('/tasks/:id/comments', onTask("The task's comments, oldest first", { 200: { type: 'array', items: commentSchema } }), async (request) =>
    taskComments(db, processOf(request).id, id(request)),
  );

  app.post(
    '/tasks/:id/comments',
    onTask('Comment on a task (raises the live event Task Comment)', { 201: commentSchema }, {
      body: { type: 'object', properties: { text: { description: 'required, 1–10,000 characters' } } },
    }),
    async (request, reply) => reply.code(201).send(await addTaskComment(context(request), id(request), request.body)),
  );
}
