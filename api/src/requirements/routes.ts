// The requirements family of the API (docs/requirements-api.md "Requirements"): the requirement
// tree of a process (`?graph=`), its history, progress, review submission and comments, and the
// process's recent events. Each route declares its spec 6 permission; the guard resolves the
// process in the caller's organization (404 otherwise).
import { any, PERMISSIONS, REQUIREMENT_PRIORITIES, REQUIREMENT_STATUSES, type CommentQuery, type RequirementEventQuery } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { createReadCache } from '../http/read-cache';
import { problems } from '../http/answer';
import { isUuid } from './input';
import {
  commentSchema,
  commentsQuery,
  eventRecordSchema,
  eventsQuery,
  graphQuery,
  idParams,
  listQuery,
  progressBody,
  requirementDetailSchema,
  requirementInputBody,
  requirementPageSchema,
  requirementSchema,
  requirementUpdateBody,
  taskSchema,
  userRefSchema,
} from './schemas';
import { possibleOwners } from './people';
import {
  addComment,
  changeContext,
  createRequirement,
  deleteRequirement,
  processCommentPage,
  recentRequirementEvents,
  requirementComments,
  requirementDetail,
  requirementHistory,
  requirementPage,
  updateProgress,
  updateRequirement,
  type RequirementQuery,
  type RequirementSort,
} from './service';
import { submitForReview } from './workflow';

const R = PERMISSIONS.requirements;

/** A comma-separated list of allowed values; 400 naming the field otherwise. */
function choices(field: string, value: string | undefined, allowed: readonly string[]): string[] | undefined {
  if (value === undefined || value === '') return undefined;
  const list = value.split(',').map((item) => item.trim()).filter(Boolean);
  const wrong = list.find((item) => !allowed.includes(item));
  if (wrong !== undefined) {
    const message = `Must be one of ${allowed.join(', ')}.`;
    throw new ApiProblem(400, message, {}, { [field]: message });
  }
  return list;
}

export async function requirementsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['requirements'];
  const db = app.identity.db;
  const id = (request: FastifyRequest) => {
    const value = (request.params as { id: string }).id;
    if (!isUuid(value)) throw new ApiProblem(404);
    return value;
  };
  const context = (request: FastifyRequest) => changeContext(db, callerOf(request));
  // The depository's pages, the same for every caller of the process (config.readCacheMs), kept
  // as the JSON the route's schema writes: a page of 100 takes longer to write than to find.
  const ttlMs = app.config.readCacheMs ?? 0;
  const pages = ttlMs > 0 ? createReadCache<string>(app.changes, { ttlMs, maxEntries: 2_000 }) : undefined;

  app.get(
    '/requirements',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: "A page of the process's requirements: the whole process, the top level (parent=root) or a requirement's children",
        querystring: listQuery,
        response: { 200: requirementPageSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const process = processOf(request);
      const q = request.query as Record<string, string | number | undefined>;
      let parent: string | null | undefined;
      if (q.parent === 'root') parent = null;
      else if (q.parent !== undefined && q.parent !== '') {
        if (!isUuid(q.parent)) throw new ApiProblem(400, "'parent' must be 'root' or a requirement id.", {}, { parent: "Must be 'root' or a requirement id." });
        parent = q.parent as string;
      }
      if (q.owner !== undefined && q.owner !== '' && !isUuid(q.owner)) {
        throw new ApiProblem(400, "'owner' must be a user id.", {}, { owner: 'Must be a user id.' });
      }
      const query: RequirementQuery = {
        parent,
        search: typeof q.search === 'string' && q.search.trim() !== '' ? q.search.trim() : undefined,
        statuses: choices('status', q.status as string | undefined, REQUIREMENT_STATUSES),
        priorities: choices('priority', q.priority as string | undefined, REQUIREMENT_PRIORITIES),
        tag: typeof q.tag === 'string' && q.tag !== '' ? q.tag : undefined,
        owner: typeof q.owner === 'string' && q.owner !== '' ? q.owner : undefined,
        deleted: (q.deleted as RequirementQuery['deleted']) ?? 'exclude',
        sort: (q.sort as RequirementSort | undefined) ?? 'position',
        order: q.order === 'desc' ? 'desc' : 'asc',
        offset: Number(q.offset ?? 0),
        limit: Number(q.limit ?? 100),
      };
      if (!pages) return requirementPage(db, process.id, query);
      const json = await pages.read(`${process.id}\n${JSON.stringify(query)}`, async () => String(reply.serialize(await requirementPage(db, process.id, query))));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/requirements/comments',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: "The process's comments, newest first (search in text, code and title; author by id or login id)",
        querystring: commentsQuery,
        response: {
          200: { type: 'object', required: ['items', 'total'], properties: { items: { type: 'array', items: commentSchema }, total: { type: 'integer' } } },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const process = processOf(request);
      const q = request.query as CommentQuery;
      return processCommentPage(db, process.id, {
        search: q.search?.trim() || undefined,
        author: q.author?.trim() || undefined,
        offset: q.offset ?? 0,
        limit: q.limit ?? 50,
      });
    },
  );

  app.get(
    '/requirements/owners',
    {
      // Whoever adds or modifies a requirement chooses its owner (not only who may list users).
      config: { permission: any(R.CREATE_REQUIREMENT, R.UPDATE_REQUIREMENT) },
      schema: {
        tags,
        summary: "Who may own the process's requirements: its active members who may update their progress, by name",
        querystring: graphQuery,
        response: { 200: { type: 'array', items: userRefSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      processOf(request);
      return possibleOwners(db, callerOf(request).context, organizationOf(request));
    },
  );

  app.get(
    '/requirements/:id',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: {
        tags,
        summary: 'A requirement with its path from the root (a deleted one too)',
        querystring: graphQuery,
        params: idParams,
        response: { 200: requirementDetailSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => requirementDetail(db, processOf(request).id, id(request)),
  );

  app.post(
    '/requirements',
    {
      config: { permission: R.CREATE_REQUIREMENT },
      schema: {
        tags,
        summary: "Add a requirement (code 'REQ-<n>' when absent); raises Add",
        querystring: graphQuery,
        body: requirementInputBody,
        response: { 201: requirementSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      processOf(request);
      return reply.code(201).send(await createRequirement(context(request), request.body));
    },
  );

  app.put(
    '/requirements/:id',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Modify a requirement at the version read (409 when stale); raises Update',
        querystring: graphQuery,
        params: idParams,
        body: requirementUpdateBody,
        response: { 200: requirementSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      processOf(request);
      return updateRequirement(context(request), id(request), request.body);
    },
  );

  app.delete(
    '/requirements/:id',
    {
      config: { permission: R.DELETE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Delete a requirement without live sub-requirements (kept under a deleted label); raises Delete',
        querystring: graphQuery,
        params: idParams,
        response: { 204: { type: 'null' }, ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      processOf(request);
      await deleteRequirement(context(request), id(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/requirements/:id/events',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: {
        tags,
        summary: "A requirement's history of events, oldest first",
        querystring: graphQuery,
        params: idParams,
        response: { 200: { type: 'array', items: eventRecordSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      await requirementDetail(db, process.id, id(request));
      return requirementHistory(db, process.id, id(request));
    },
  );

  app.patch(
    '/requirements/:id/progress',
    {
      config: { permission: R.UPDATE_REQUIREMENT_PROGRESS },
      schema: {
        tags,
        summary: "Set a requirement's progress; raises Update Progress, and Complete at 100",
        querystring: graphQuery,
        params: idParams,
        body: progressBody,
        response: { 200: requirementSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      processOf(request);
      return updateProgress(context(request), id(request), request.body);
    },
  );

  app.post(
    '/requirements/:id/submit',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Submit a draft (Submit for Review) or a rejected requirement (Resume) for review by a reviewer or a workgroup',
        querystring: graphQuery,
        params: idParams,
        body: {
          type: 'object',
          properties: {
            reviewer_id: { description: 'a user of the organization who may review requirements in the process' },
            workgroup_id: { description: 'a workgroup of the organization' },
            due_date: { description: "YYYY-MM-DD; absent: the requirement's" },
            comment: { description: 'at most 10,000 characters' },
          },
        },
        response: { 201: taskSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      processOf(request);
      return reply.code(201).send(await submitForReview(context(request), callerOf(request), id(request), request.body));
    },
  );

  app.get(
    '/requirements/:id/comments',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: {
        tags,
        summary: "A requirement's comments, oldest first",
        querystring: graphQuery,
        params: idParams,
        response: { 200: { type: 'array', items: commentSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      await requirementDetail(db, process.id, id(request));
      return requirementComments(db, process.id, id(request));
    },
  );

  app.post(
    '/requirements/:id/comments',
    {
      config: { permission: R.COMMENT_REQUIREMENT },
      schema: {
        tags,
        summary: 'Comment on a requirement',
        querystring: graphQuery,
        params: idParams,
        body: { type: 'object', properties: { text: { description: '1–10,000 characters' } } },
        response: { 201: commentSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      processOf(request);
      return reply.code(201).send(await addComment(context(request), id(request), request.body));
    },
  );

  app.get(
    '/events',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: "The process's recent requirement events, newest first",
        querystring: eventsQuery,
        response: { 200: { type: 'array', items: eventRecordSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => recentRequirementEvents(db, processOf(request).id, (request.query as RequirementEventQuery).limit ?? 50),
  );
}
