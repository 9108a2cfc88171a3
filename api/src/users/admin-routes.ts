// The User List's API (spec 7 Users, docs/authorization.md "Users"): list, invite, edit, delete,
// activate, deactivate, reset a password, process memberships and task assignees. The account
// flows (passwords, invitations) stay in users/routes.ts.
import { PERMISSIONS, any, type AssigneeQuery, type UserListQuery } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { problems } from '../http/answer';
import {
  activate,
  changeMembership,
  deactivate,
  inviteUser,
  listAssignees,
  listUsers,
  removeUser,
  resetPassword,
  updateUser,
  type InviteInput,
  type MembershipChange,
  type UserUpdateInput,
} from './administration';

const USER = PERMISSIONS.administration.USER;
const tags = ['users'];

// Lengths are bounded; which fields are required, and their formats, are checked with the spec 5
// messages by the service.
const text = { type: 'string', maxLength: 1024 } as const;
const roleList = { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 64 } } as const;
const membership = {
  type: 'object',
  required: ['process', 'roles'],
  properties: { process: { type: 'string', maxLength: 255 }, roles: roleList },
} as const;

export const userSummarySchema = {
  type: 'object',
  required: ['id', 'login_id', 'name', 'email', 'roles', 'inactive', 'mfa_enabled', 'memberships', 'workgroups'],
  properties: {
    id: { type: 'string' },
    login_id: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    roles: { type: 'array', items: { type: 'string' } },
    inactive: { type: 'boolean' },
    mfa_enabled: { type: 'boolean' },
    memberships: {
      type: 'array',
      items: {
        type: 'object',
        required: ['process', 'roles'],
        properties: { process: { type: 'string' }, roles: { type: 'array', items: { type: 'string' } } },
      },
    },
    workgroups: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
    },
  },
} as const;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

const newPassword = { type: 'object', properties: { new_password: text } } as const;
const noContent = { 204: { type: 'null' } };

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const payload = <T>(request: FastifyRequest) => (request.body ?? {}) as T;

export async function userAdministrationRoutes(app: FastifyInstance): Promise<void> {
  const { identity, mailer } = app;

  app.get(
    '/users',
    {
      config: { permission: any(USER.LIST, USER.GLOBAL_LIST) },
      schema: {
        tags,
        summary: "The users of the caller's organization; a Global Admin names the organization",
        querystring: { type: 'object', properties: { organization: { type: 'string', maxLength: 64 } } },
        response: { 200: { type: 'array', items: userSummarySchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => listUsers(identity, callerOf(request), (request.query as UserListQuery).organization),
  );

  app.post(
    '/users',
    {
      config: { permission: USER.CREATE },
      schema: {
        tags,
        summary: 'Invite a user: created inactive, the invitation link mailed; organization roles and process memberships',
        body: {
          type: 'object',
          properties: {
            login_id: text,
            name: text,
            email: text,
            roles: roleList,
            memberships: { type: 'array', maxItems: 200, items: membership },
          },
        },
        response: { 201: userSummarySchema, ...problems(400, 401, 402, 403, 404) },
      },
    },
    async (request, reply) => {
      const origin = `${request.protocol}://${request.host}`;
      const created = await inviteUser(identity, mailer, callerOf(request), payload<InviteInput>(request), origin);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/users/:id',
    {
      config: { permission: USER.UPDATE },
      schema: {
        tags,
        summary: "A user's name, email and organization roles",
        params: idParams,
        body: { type: 'object', properties: { name: text, email: text, roles: roleList } },
        response: { 200: userSummarySchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => updateUser(identity, callerOf(request), idOf(request), payload<UserUpdateInput>(request)),
  );

  app.delete(
    '/users/:id',
    {
      config: { permission: USER.DELETE },
      schema: {
        tags,
        summary: 'Delete a user (never oneself)',
        params: idParams,
        response: { ...noContent, ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeUser(identity, callerOf(request), idOf(request));
      return reply.code(204).send();
    },
  );

  app.patch(
    '/users/:id/activate',
    {
      config: { permission: USER.UPDATE },
      schema: {
        tags,
        summary: 'Activate an inactive user with a new password',
        params: idParams,
        body: newPassword,
        response: { 200: userSummarySchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => activate(identity, callerOf(request), idOf(request), payload(request)),
  );

  app.patch(
    '/users/:id/deactivate',
    {
      config: { permission: USER.UPDATE },
      schema: {
        tags,
        summary: "Deactivate a user (never oneself); the user's sessions end",
        params: idParams,
        response: { 200: userSummarySchema, ...problems(401, 403, 404, 409) },
      },
    },
    async (request) => deactivate(identity, callerOf(request), idOf(request)),
  );

  app.patch(
    '/users/:id/password/reset',
    {
      config: { permission: USER.RESET },
      schema: {
        tags,
        summary: "Set a user's password; the user's sessions end",
        params: idParams,
        body: newPassword,
        response: { ...noContent, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await resetPassword(identity, callerOf(request), idOf(request), payload(request));
      return reply.code(204).send();
    },
  );

  app.patch(
    '/users/memberships',
    {
      // Enrolling needs ENROLL, disenrolling (roles []) DISENROLL: the handler checks which.
      config: { permission: any(USER.ENROLL, USER.DISENROLL) },
      schema: {
        tags,
        summary: "A user's process roles in one process; [] disenrolls",
        body: {
          type: 'object',
          required: ['user_id', 'process', 'roles'],
          properties: { user_id: { type: 'string', maxLength: 64 }, process: { type: 'string', maxLength: 255 }, roles: roleList },
        },
        response: { 200: userSummarySchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => changeMembership(identity, callerOf(request), payload<MembershipChange>(request)),
  );

  app.get(
    '/users/assignees',
    {
      config: { permission: any(PERMISSIONS.requirements.TASK.ASSIGN, USER.LIST) },
      schema: {
        tags,
        summary: 'Active users of the organization who hold the permission in the process (graph)',
        querystring: {
          type: 'object',
          properties: { permission: { type: 'string', maxLength: 255 }, graph: { type: 'string', maxLength: 255 } },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'login_id', 'name'],
              properties: { id: { type: 'string' }, login_id: { type: 'string' }, name: { type: 'string' } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => listAssignees(identity, callerOf(request), (request.query as AssigneeQuery).permission),
  );
}
