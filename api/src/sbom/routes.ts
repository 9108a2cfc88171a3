// GET /api/sbom (spec 7 "SBOM", spec 3 "SBOM component"): a build's components as the flat list
// the client builds its tree from — bom_ref, project (the app key), parent (the parent's bom_ref) —
// with the derived level, total (components below it) and vulnerabilityCount (its own findings
// and those below it), its sub_components (children's bom_refs) and its vulnerabilities.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import { findApplication, findBuild, latestBuild } from '../apps/index';
import { buildSchema, buildView } from '../apps/index';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { INVALID_APP_KEY } from './ingest';
import { componentTreeOf } from './service';

export async function sbomRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  app.get(
    '/sbom',
    {
      config: { permission: PERMISSIONS.applications.APPLICATION.VIEW },
      schema: {
        tags: ['sbom'],
        summary: "A build's SBOM components with bom_ref, project, parent, level, total, vulnerabilityCount and sub_components (default: the app's latest build)",
        querystring: {
          type: 'object',
          required: ['graph', 'app'],
          properties: { graph: { type: 'string' }, app: { type: 'string' }, build: { type: 'string' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              app_key: { type: 'string' },
              build: { ...buildSchema, type: ['object', 'null'] },
              components: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { app: appKey, build: buildId } = request.query as { app: string; build?: string };
      const application = await findApplication(db, organizationOf(request), appKey, processOf(request).id);
      if (!application) throw new ApiProblem(404, INVALID_APP_KEY);
      const build = buildId ? await findBuild(db, application.id, buildId) : await latestBuild(db, application.id);
      if (!build) {
        if (buildId) throw new ApiProblem(404);
        return { app_key: application.app_key, build: null, components: [] };
      }
      return {
        app_key: application.app_key,
        build: buildView(build),
        components: await componentTreeOf(db, application.app_key, build.id),
      };
    },
  );
}
