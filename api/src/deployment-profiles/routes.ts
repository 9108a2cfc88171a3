// Deployment profiles of an application (spec 7: GET and POST apps/{appKey}/deploymentProfiles,
// PUT and DELETE …/{id}): a name unique in the app, an environment (dev, qa, staging, prod), the
// build deployed and the RBOM rule's settings (exclusion patterns, component types kept). Setting
// or changing the build also needs attach=>DeploymentProfile, checked before anything is written.
import { checkPermission, deploymentProfileProblems, messageForStatus, PERMISSIONS, type DeploymentProfileInput } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { announceApplicationChange, APPLICATION_EVENTS, applicationOfRequest } from '../apps/index';
import { findBuild, type ApplicationRecord } from '../apps/index';
import { callerOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { defineConfigurationJobs } from './configuration-jobs';
import { rbomRoutes } from './rbom-routes';
import { profileBody, profileSchema } from './schemas';
import { addProfile, changeProfile, findAppProfile, profilesOf, profileView, profileWithName, removeProfile, type ProfileRow, type ProfileValues } from './service';

const P = PERMISSIONS.applications.DEPLOYMENT_PROFILE;
const PROFILE_EVENT = APPLICATION_EVENTS.DEPLOYMENT_PROFILE;
export const duplicateProfileName = (name: string) => `The application already has a deployment profile named '${name}'.`;
export const UNKNOWN_BUILD = 'The build is not a build of this application.';

const appParams = { type: 'object', required: ['appKey'], properties: { appKey: { type: 'string' } } } as const;
const profileParams = { type: 'object', required: ['appKey', 'id'], properties: { appKey: { type: 'string' }, id: { type: 'string' } } } as const;
const graphQuery = { type: 'object', required: ['graph'], properties: { graph: { type: 'string' } } } as const;

/** The caller may attach builds to profiles here, or 403 before any work. */
function assertMayAttach(request: FastifyRequest): void {
  const caller = callerOf(request);
  if (!checkPermission(caller.access, P.ATTACH, caller.context)) throw new ApiProblem(403, messageForStatus(403));
}

/** The input checked (400 naming each field) and merged over the current values. */
async function valuesOf(request: FastifyRequest, application: ApplicationRecord, current?: ProfileRow): Promise<ProfileValues> {
  const body = (request.body ?? {}) as Partial<DeploymentProfileInput>;
  const fields = deploymentProfileProblems(body, current !== undefined);
  const [first] = Object.values(fields);
  if (first) throw new ApiProblem(400, first, {}, fields);
  let buildId = current?.build_id ?? null;
  if (body.build_id !== undefined && body.build_id !== buildId) {
    assertMayAttach(request);
    if (body.build_id !== null) {
      const build = await findBuild(request.server.database, application.id, body.build_id);
      if (!build) throw new ApiProblem(400, UNKNOWN_BUILD, {}, { build_id: UNKNOWN_BUILD });
      buildId = build.id;
    } else buildId = null;
  }
  const trimmed = (text: string | null | undefined) => (text === undefined || text === null || text.trim() === '' ? null : text.trim());
  return {
    name: body.name !== undefined ? body.name.trim() : current!.name,
    environment: body.environment ?? current!.environment,
    description: body.description !== undefined ? trimmed(body.description) : (current?.description ?? null),
    build_id: buildId,
    exclude: body.exclude !== undefined ? [...new Set(body.exclude.map((pattern) => pattern.trim()))] : (current?.exclude ?? []),
    include_types: body.include_types !== undefined ? [...new Set(body.include_types)] : (current?.include_types ?? []),
  };
}

export async function deploymentProfileRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['deployment profiles'];
  const db = app.database;
  // RBOM computations run as jobs; the job queue's close waits for the one running.
  const configurations = defineConfigurationJobs(app.jobs, app.database, app.log);

  async function profileOf(request: FastifyRequest) {
    const application = await applicationOfRequest(db, request);
    const profile = await findAppProfile(db, application.id, (request.params as { id: string }).id);
    if (!profile) throw new ApiProblem(404);
    return { application, profile };
  }

  async function assertNameFree(tx: Queryable, applicationId: string, name: string, except?: string): Promise<void> {
    const taken = await profileWithName(tx, applicationId, name);
    if (taken && taken.id !== except) throw new ApiProblem(409, duplicateProfileName(name), {}, { name: duplicateProfileName(name) });
  }

  app.get(
    '/apps/:appKey/deploymentProfiles',
    {
      config: { permission: P.LIST },
      schema: { tags, summary: "The app's deployment profiles, by name", querystring: graphQuery, params: appParams, response: { 200: { type: 'array', items: profileSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => profilesOf(db, (await applicationOfRequest(db, request)).id),
  );

  app.post(
    '/apps/:appKey/deploymentProfiles',
    {
      config: { permission: P.CREATE },
      schema: {
        tags,
        summary: 'Create a deployment profile: name (unique in the app), environment, description, build_id (needs attach=>DeploymentProfile), exclude, include_types',
        querystring: graphQuery,
        params: appParams,
        body: profileBody,
        response: { 201: profileSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const application = await applicationOfRequest(db, request);
      const values = await valuesOf(request, application);
      const id = await app.database.transaction(async (tx) => {
        await assertNameFree(tx, application.id, values.name);
        const added = await addProfile(tx, { organization_id: application.organization_id, process_id: application.process_id, application_id: application.id }, values, callerOf(request).user.id);
        await announceApplicationChange(tx, application, PROFILE_EVENT, { id: added, kind: 'created' });
        return added;
      });
      return reply.code(201).send(profileView((await findAppProfile(db, application.id, id))!));
    },
  );

  app.put(
    '/apps/:appKey/deploymentProfiles/:id',
    {
      config: { permission: P.UPDATE },
      schema: {
        tags,
        summary: 'Change a deployment profile (fields not sent stay); changing build_id needs attach=>DeploymentProfile; its RBOM is computed again',
        querystring: graphQuery,
        params: profileParams,
        body: profileBody,
        response: { 200: profileSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { application, profile } = await profileOf(request);
      const values = await valuesOf(request, application, profile);
      await app.database.transaction(async (tx) => {
        await assertNameFree(tx, application.id, values.name, profile.id);
        await changeProfile(tx, profile.id, values, callerOf(request).user.id);
        await announceApplicationChange(tx, application, PROFILE_EVENT, { id: profile.id, kind: 'updated' });
      });
      return profileView((await findAppProfile(db, application.id, profile.id))!);
    },
  );

  app.delete(
    '/apps/:appKey/deploymentProfiles/:id',
    {
      config: { permission: P.DELETE },
      schema: { tags, summary: 'Delete a deployment profile with its RBOM and its shared links', querystring: graphQuery, params: profileParams, response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { application, profile } = await profileOf(request);
      await app.database.transaction(async (tx) => {
        await removeProfile(tx, profile.id);
        await announceApplicationChange(tx, application, PROFILE_EVENT, { id: profile.id, kind: 'deleted' });
      });
      return reply.code(204).send();
    },
  );

  await app.register(rbomRoutes, { configurations, profileOf });
}
