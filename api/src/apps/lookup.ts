// The app and build a request's path names, looked up in the caller's organization and ?graph
// process: an app key that is not one of that process's apps is 404 'Invalid app key' (spec 8);
// a build not of that app is a plain 404.
import type { FastifyRequest } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { findApplication, findBuild, type ApplicationRecord, type BuildRecord } from './repository';

/** Spec 8's answer for an app key that is none of the process's apps. */
export const INVALID_APP_KEY = 'Invalid app key';

const pathParameters = (request: FastifyRequest) => request.params as Record<string, string>;

/** The path parameters of a build's routes: /apps/:appKey/builds/:buildId/… */
export const buildParams = {
  type: 'object',
  required: ['appKey', 'buildId'],
  properties: { appKey: { type: 'string' }, buildId: { type: 'string', description: 'the build id or number' } },
} as const;

export async function applicationOfRequest(db: Queryable, request: FastifyRequest, key = pathParameters(request).appKey): Promise<ApplicationRecord> {
  const application = await findApplication(db, organizationOf(request), key, processOf(request).id);
  if (!application) throw new ApiProblem(404, INVALID_APP_KEY);
  return application;
}

/** The `:appKey` app and its `:buildId` build (by id or number). */
export async function buildOfRequest(db: Queryable, request: FastifyRequest): Promise<{ application: ApplicationRecord; build: BuildRecord }> {
  const application = await applicationOfRequest(db, request);
  const build = await findBuild(db, application.id, pathParameters(request).buildId);
  if (!build) throw new ApiProblem(404);
  return { application, build };
}
