// Clearing SBOMs (issue 7 item 14, spec 7 "SBOM"): every build of one app, or of every app of the
// process, goes — components, findings, analyses and alerts with them (ON DELETE CASCADE) — in one
// transaction. The apps stay. A development item of the demo permission (spec 6 'clear=>SBOM');
// the UI asks first: 'Clear SBOMs of application {app}.' / 'Clear all SBOMs of the process.'
import { PERMISSIONS, type ClearSbomsResult } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import { applicationOfRequest } from '../apps/index';
import { graphQuery } from '../processes/index';
import { problems } from '../http/answer';
import { applicationIdsOfProcess, deleteBuildsOf } from './clear.repository';

const resultSchema = { type: 'object', properties: { applications: { type: 'integer' }, builds: { type: 'integer' } } } as const;

export async function clearRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;

  async function clear(applicationIds: string[]): Promise<ClearSbomsResult> {
    return { applications: applicationIds.length, builds: await deleteBuildsOf(app.database, applicationIds) };
  }

  app.delete(
    '/sbom/_clearAll',
    {
      config: { permission: PERMISSIONS.development.CLEAR_SBOM },
      schema: {
        tags: ['sbom'],
        summary: 'Clear all SBOMs of the process: every build of every app (demo permission)',
        querystring: graphQuery,
        response: { 200: resultSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return clear(await applicationIdsOfProcess(db, organizationOf(request), processOf(request).id));
    },
  );

  app.delete(
    '/sbom/:appKey',
    {
      config: { permission: PERMISSIONS.development.CLEAR_SBOM },
      schema: {
        tags: ['sbom'],
        summary: "Clear the SBOMs of one application: every build of it (demo permission; 404 'Invalid app key')",
        querystring: graphQuery,
        params: { type: 'object', required: ['appKey'], properties: { appKey: { type: 'string' } } },
        response: { 200: resultSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => clear([(await applicationOfRequest(db, request)).id]),
  );
}
