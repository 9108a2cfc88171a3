// GET /apps/{appKey}/builds/{buildId}/repositoryAnalysis (spec 7, issue 7 item 9).
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { buildOfRequest, buildParams } from '../apps/index';
import { graphQuery } from '../processes/index';
import { problems } from '../http/answer';
import { repositoryAnalysis } from './service';

const anything = { type: 'object', additionalProperties: true } as const;

export async function repositoryRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  app.get(
    '/apps/:appKey/builds/:buildId/repositoryAnalysis',
    {
      config: { permission: { all: [PERMISSIONS.applications.APPLICATION.VIEW, PERMISSIONS.modules.USE_REPOSITORY_ANALYSIS] } },
      schema: {
        tags: ['repositories'],
        summary: "The source repositories of a build's components (vcs, website, distribution references), per repository and host, with counts",
        querystring: graphQuery,
        params: buildParams,
        response: {
          200: {
            type: 'object',
            properties: {
              app_key: { type: 'string' },
              build: anything,
              components: { type: 'integer' },
              with_vcs: { type: 'integer' },
              without_reference: { type: 'integer' },
              by_type: { type: 'object', additionalProperties: { type: 'integer' } },
              hosts: { type: 'array', items: anything },
              repositories: { type: 'array', items: anything },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { application, build } = await buildOfRequest(db, request);
      return repositoryAnalysis(db, application, build);
    },
  );
}
