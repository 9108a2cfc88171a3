// License analysis routes (issue 7 item 9): one build's licenses, the process's apps summarized,
// and the process's license-risk alerts. Every route takes ?graph=.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import { buildOfRequest, buildParams } from '../apps/index';
import { graphQuery } from '../processes/index';
import { problems } from '../http/answer';
import { listLicenseAlerts } from './alerts';
import { applicationLicenseSummaries, licenseAnalysis } from './service';

const AP = PERMISSIONS.applications;
const anything = { type: 'object', additionalProperties: true } as const;
const counts = { type: 'object', additionalProperties: { type: 'integer' } } as const;

export async function licenseRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['licenses'];
  const db = app.identity.db;

  app.get(
    '/apps/licenses',
    {
      config: { permission: { all: [AP.APPLICATION.LIST, PERMISSIONS.modules.USE_LICENSE_CHECK] } },
      schema: {
        tags,
        summary: "Each app of the process with the license categories of its latest processed build's components",
        querystring: graphQuery,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { app_key: { type: 'string' }, name: { type: 'string' }, build: { ...anything, type: ['object', 'null'] }, summary: counts, risks: { type: 'integer' } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => applicationLicenseSummaries(db, organizationOf(request), processOf(request).id),
  );

  app.get(
    '/apps/licenses/alerts',
    {
      config: { permission: { all: [AP.APPLICATION.LIST, AP.ALERT.LICENSE_RISK] } },
      schema: {
        tags,
        summary: 'License-risk alerts of the process (strong copyleft: HIGH, unknown: MEDIUM), newest first',
        querystring: graphQuery,
        response: { 200: { type: 'array', items: anything }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => listLicenseAlerts(db, organizationOf(request), processOf(request).id),
  );

  app.get(
    '/apps/:appKey/builds/:buildId/licenses',
    {
      config: { permission: { all: [AP.APPLICATION.VIEW, PERMISSIONS.modules.USE_LICENSE_CHECK] } },
      schema: {
        tags,
        summary: "A build's components with their SPDX expressions and license categories, summarized by category and by license",
        querystring: graphQuery,
        params: buildParams,
        response: {
          200: {
            type: 'object',
            properties: {
              app_key: { type: 'string' },
              build: anything,
              summary: counts,
              licenses: { type: 'array', items: anything },
              components: { type: 'array', items: anything },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { application, build } = await buildOfRequest(db, request);
      return licenseAnalysis(db, application, build);
    },
  );
}
