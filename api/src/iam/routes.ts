// The IAM family of the API (docs/authorization.md "IAM"): roles of the caller's organization, or
// with `?scope=global` the global rows for a Global Admin. Each route lets either permission
// through the guard and checks the exact one of the scope asked for here.
import { PERMISSIONS, any, checkPermission, messageForStatus, type PermissionString, type RoleAssignmentPayload, type RoleScopeQuery } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { parseNewRole, parseRoleChanges, type RoleScope } from './policies';
import { assignmentBody, nameParams, newRoleBody, roleChangesBody, roleSchema, scopeQuery } from './schemas';
import { assignRole, createRole, deleteRole, listRoles, updateRole } from './service';

const ROLE = PERMISSIONS.administration.ROLE;
const GLOBAL_ROLE = PERMISSIONS.administration.GLOBAL_ROLE;

interface ScopedPermission {
  organization: PermissionString;
  global: PermissionString;
}

const LIST: ScopedPermission = { organization: ROLE.LIST, global: GLOBAL_ROLE.LIST };
const CREATE: ScopedPermission = { organization: ROLE.CREATE, global: GLOBAL_ROLE.CREATE };
const UPDATE: ScopedPermission = { organization: ROLE.UPDATE, global: GLOBAL_ROLE.UPDATE };
const DELETE: ScopedPermission = { organization: ROLE.DELETE, global: GLOBAL_ROLE.DELETE };
const ASSIGN: ScopedPermission = { organization: ROLE.ASSIGN, global: GLOBAL_ROLE.ASSIGN };

const either = (permission: ScopedPermission) => any(permission.organization, permission.global);

/**
 * The scope of the request, once the caller holds its exact permission. The global scope is the
 * installation's: only a caller outside every organization works in it (an organization's
 * `Role` policies say nothing about other organizations, whatever their scope).
 */
function scopeOf(request: FastifyRequest, permission: ScopedPermission, global: boolean): RoleScope {
  const caller = callerOf(request);
  const forbidden = () => new ApiProblem(403, messageForStatus(403));
  if (global) {
    if (caller.organization !== null || !checkPermission(caller.access, permission.global, caller.context)) throw forbidden();
    return { kind: 'global' };
  }
  if (!checkPermission(caller.access, permission.organization, caller.context)) throw forbidden();
  return { kind: 'organization', organizationId: organizationOf(request) };
}

const globalAsked = (request: FastifyRequest) => (request.query as RoleScopeQuery | undefined)?.scope === 'global';
const nameOf = (request: FastifyRequest) => (request.params as { name: string }).name;

function refuse(errors: Record<string, string>): never {
  throw new ApiProblem(400, Object.values(errors)[0], {}, errors);
}

export async function iamRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['iam'];
  const { identity } = app;
  const db = identity.db;

  app.get(
    '/iam/roles',
    {
      config: { permission: either(LIST) },
      schema: {
        tags,
        summary: "The roles of the caller's organization (built-in as effective there, and custom); ?scope=global: the global rows",
        querystring: scopeQuery,
        response: { 200: { type: 'array', items: roleSchema }, ...problems(401, 403, 404) },
      },
    },
    async (request) => listRoles(db, scopeOf(request, LIST, globalAsked(request))),
  );

  app.post(
    '/iam/roles',
    {
      config: { permission: either(CREATE) },
      schema: {
        tags,
        summary: 'Create a custom role of the organization, or a global role (?scope=global)',
        querystring: scopeQuery,
        body: newRoleBody,
        response: { 201: roleSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request, CREATE, globalAsked(request));
      const { role, errors } = parseNewRole(request.body, scope);
      if (!role) refuse(errors);
      return reply.code(201).send(await createRole(db, scope, role, identity.now()));
    },
  );

  app.put(
    '/iam/roles/:name',
    {
      config: { permission: either(UPDATE) },
      schema: {
        tags,
        summary: "Change a role's description and policies (a built-in role in an organization: its own version)",
        querystring: scopeQuery,
        params: nameParams,
        body: roleChangesBody,
        response: { 200: roleSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request, UPDATE, globalAsked(request));
      const { changes, errors } = parseRoleChanges(request.body);
      if (!changes) refuse(errors);
      return updateRole(db, scope, nameOf(request), changes, identity.now());
    },
  );

  app.delete(
    '/iam/roles/:name',
    {
      config: { permission: either(DELETE) },
      schema: {
        tags,
        summary: 'Remove a custom role from everyone and delete it, or restore a built-in role to its default',
        querystring: scopeQuery,
        params: nameParams,
        response: { 204: { type: 'null' }, ...problems(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteRole(db, scopeOf(request, DELETE, globalAsked(request)), nameOf(request));
      return reply.code(204).send();
    },
  );

  app.patch(
    '/iam/roles/:name/assignments',
    {
      config: { permission: either(ASSIGN) },
      schema: {
        tags,
        summary: 'Give a user an organization role, or a global role (names beginning with _), or take it away',
        querystring: scopeQuery,
        params: nameParams,
        body: assignmentBody,
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const name = nameOf(request);
      // A global role's name says its scope, so the assignment needs no ?scope=global.
      const scope = scopeOf(request, ASSIGN, globalAsked(request) || name.startsWith('_'));
      await assignRole(db, scope, name, request.body as RoleAssignmentPayload, identity.now());
      return reply.code(204).send();
    },
  );
}
