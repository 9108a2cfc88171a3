// The Workgroups API (spec 7, docs/authorization.md "Workgroups"): list, the caller's own, create,
// replace and delete.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { changeWorkgroup, createWorkgroup, myMembership, removeWorkgroup, workgroupsOf, type WorkgroupInput } from './service';

const WORKGROUP = PERMISSIONS.administration.WORKGROUP;
const tags = ['workgroups'];

const member = {
  type: 'object',
  required: ['id', 'login_id', 'name'],
  properties: { id: { type: 'string' }, login_id: { type: 'string' }, name: { type: 'string' } },
} as const;

const workgroupSchema = {
  type: 'object',
  required: ['id', 'name', 'description', 'members'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    members: { type: 'array', items: member },
  },
} as const;

// Lengths bounded here; required fields and their messages are the service's (spec 5).
const workgroupBody = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 1024 },
    description: { type: 'string', maxLength: 4096 },
    member_ids: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 64 } },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const payload = (request: FastifyRequest) => (request.body ?? {}) as WorkgroupInput;

export async function workgroupsRoutes(app: FastifyInstance): Promise<void> {
  const { identity } = app;

  app.get(
    '/workgroups',
    {
      config: { permission: WORKGROUP.LIST },
      schema: {
        tags,
        summary: "The organization's workgroups with their members",
        response: { 200: { type: 'array', items: workgroupSchema }, ...problems(401, 403, 404) },
      },
    },
    async (request) => workgroupsOf(identity, callerOf(request)),
  );

  app.get(
    '/workgroups/myMembership',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The workgroups the caller belongs to',
        response: {
          200: {
            type: 'array',
            items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
          },
          ...problems(401, 403),
        },
      },
    },
    async (request) => myMembership(identity, callerOf(request)),
  );

  app.post(
    '/workgroups',
    {
      config: { permission: WORKGROUP.CREATE },
      schema: {
        tags,
        summary: 'Create a workgroup of users of the organization',
        body: workgroupBody,
        response: { 201: workgroupSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createWorkgroup(identity, callerOf(request), payload(request))),
  );

  app.put(
    '/workgroups/:id',
    {
      config: { permission: WORKGROUP.UPDATE },
      schema: {
        tags,
        summary: "Replace a workgroup's name, description and members",
        params: idParams,
        body: workgroupBody,
        response: { 200: workgroupSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeWorkgroup(identity, callerOf(request), idOf(request), payload(request)),
  );

  app.delete(
    '/workgroups/:id',
    {
      config: { permission: WORKGROUP.DELETE },
      schema: {
        tags,
        summary: 'Delete a workgroup (its members stay users)',
        params: idParams,
        response: { 204: { type: 'null' }, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeWorkgroup(identity, callerOf(request), idOf(request));
      return reply.code(204).send();
    },
  );
}
