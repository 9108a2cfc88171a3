// The applications that implement a requirement (issue 6 item 11): what the traceability matrix
// shows in its applications column. Both sides are of the caller's process; another process's or
// organization's application answers 404 as the requirement does. A link or unlink is an Update
// of the requirement: its history says so and other screens follow live.
import { PERMISSIONS, type LinkedApplication } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { applicationOfProcess, linkApplication, linkedApplications, touchRequirement, unlinkApplication } from './repository';
import { findRequirement, graphQuery, idParams, isUuid, liveRequirement, raiseInScope, scopeOf, type Scope } from './service';

const R = PERMISSIONS.requirements;

export type { LinkedApplication };

const linkedSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'app_key', 'name'],
    properties: { id: { type: 'string' }, app_key: { type: 'string' }, name: { type: 'string' } },
  },
} as const;

const linkParams = {
  type: 'object',
  required: ['id', 'applicationId'],
  properties: { id: { type: 'string' }, applicationId: { type: 'string' } },
} as const;

/** The process's application of that id, or 404. */
async function processApplication(db: Queryable, scope: Scope, id: string): Promise<LinkedApplication> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const row = await applicationOfProcess(db, scope.organizationId, scope.processId, id);
  if (!row) throw new ApiProblem(404);
  return row;
}

export async function requirementApplicationsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  const tags = ['requirements'];

  app.get(
    '/requirements/:id/applications',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: {
        tags,
        summary: 'The applications that implement a requirement, by app key',
        params: idParams,
        querystring: graphQuery,
        response: { 200: linkedSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const requirement = await findRequirement(db, scopeOf(request), (request.params as { id: string }).id);
      return linkedApplications(db, requirement.id);
    },
  );

  /** Links (`link`) or unlinks an application in one transaction; resolves to the links after it. */
  async function change(scope: Scope, params: { id: string; applicationId: string }, link: boolean): Promise<LinkedApplication[]> {
    await findRequirement(db, scope, params.id);
    const application = await processApplication(db, scope, params.applicationId);
    return db.transaction(async (tx) => {
      const requirement = await liveRequirement(tx, scope, params.id);
      const changed = link
        ? await linkApplication(tx, scope.processId, requirement.id, application.id, scope.actor.id)
        : await unlinkApplication(tx, requirement.id, application.id);
      if (changed) {
        await touchRequirement(tx, requirement.id);
        await raiseInScope(tx, scope, requirement.id, 'Update', { [link ? 'application_linked' : 'application_unlinked']: application.app_key });
      }
      return linkedApplications(tx, requirement.id);
    });
  }

  app.put(
    '/requirements/:id/applications/:applicationId',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: "Record that an application of the process implements the requirement (again: no change); raises Update",
        params: linkParams,
        querystring: graphQuery,
        response: { 200: linkedSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => change(scopeOf(request), request.params as { id: string; applicationId: string }, true),
  );

  app.delete(
    '/requirements/:id/applications/:applicationId',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Remove the link between a requirement and an application (absent: no change); raises Update',
        params: linkParams,
        querystring: graphQuery,
        response: { 200: linkedSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => change(scopeOf(request), request.params as { id: string; applicationId: string }, false),
  );
}
