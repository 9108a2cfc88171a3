// The graph family (issue 7 items 9–10): a build's dependency graph for the graph view, and its
// metrics (spec 7 GET apps/{appKey}/builds/{buildId}/graphMetrics). Both read a processed build of
// an app of the ?graph process in the caller's organization; anything else is 404.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildOfRequest, buildParams } from '../apps/index';
import type { BuildRecord } from '../apps/index';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { dependencyGraphOf, graphMetricsOf } from './service';

const params = buildParams;
const querystring = { type: 'object', required: ['graph'], properties: { graph: { type: 'string' } } } as const;
const buildRef = { type: 'object', required: ['id', 'number'], properties: { id: { type: 'string' }, number: { type: 'integer' } } } as const;
const figure = {
  type: 'object',
  properties: {
    bom_ref: { type: 'string' },
    name: { type: 'string' },
    version: { type: ['string', 'null'] },
    purl: { type: ['string', 'null'] },
    fan_in: { type: 'integer' },
    fan_out: { type: 'integer' },
    transitive_dependents: { type: 'integer' },
  },
} as const;
const pair = { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 } as const;

export const notProcessed = (build: Pick<BuildRecord, 'number' | 'status'>) =>
  build.status === 'FAILED'
    ? `Build ${build.number} failed to process: it has no dependency graph.`
    : `Build ${build.number} is still being processed (${build.status}): its dependency graph is not ready yet.`;

export async function graphRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['apps'];
  const db = app.database;

  /** The app's processed build of the path, or 404 / 409 with what is missing. */
  async function processedBuild(request: FastifyRequest) {
    const { application, build } = await buildOfRequest(db, request);
    if (build.status !== 'DONE') throw new ApiProblem(409, notProcessed(build));
    return { application, build, ref: { id: build.id, number: build.number } };
  }

  app.get(
    '/apps/:appKey/builds/:buildId/graph',
    {
      config: { permission: PERMISSIONS.applications.APPLICATION.VIEW },
      schema: {
        tags,
        summary:
          "A processed build's dependency graph: its components (level, highest severity, advisories) and edges by component index, with the implied edges that hang unreached components under the root",
        params,
        querystring,
        response: {
          200: {
            type: 'object',
            properties: {
              app_key: { type: 'string' },
              build: buildRef,
              root: { type: ['integer', 'null'] },
              nodes: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    bom_ref: { type: 'string' },
                    name: { type: 'string' },
                    group: { type: ['string', 'null'] },
                    version: { type: ['string', 'null'] },
                    purl: { type: ['string', 'null'] },
                    type: { type: ['string', 'null'] },
                    level: { type: 'integer' },
                    severity: { type: ['string', 'null'] },
                    vulnerabilities: { type: 'array', items: { type: 'string' } },
                    active_exploit: { type: 'boolean' },
                  },
                },
              },
              edges: { type: 'array', items: pair },
              implied_edges: { type: 'array', items: pair },
            },
          },
          ...problems(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { application, build, ref } = await processedBuild(request);
      return dependencyGraphOf(db, application.app_key, ref, build.root_ref);
    },
  );

  app.get(
    '/apps/:appKey/builds/:buildId/graphMetrics',
    {
      config: { permission: PERMISSIONS.applications.APPLICATION.VIEW },
      schema: {
        tags,
        summary:
          "A processed build's graph metrics: depth and components per level, fan-in / fan-out, leaves, isolated components, cycles, and the most depended-on components",
        params,
        querystring,
        response: {
          200: {
            type: 'object',
            properties: {
              app_key: { type: 'string' },
              build: buildRef,
              components: { type: 'integer' },
              edges: { type: 'integer' },
              implied_edges: { type: 'integer' },
              depth: { type: 'integer' },
              levels: { type: 'array', items: { type: 'integer' } },
              fan_in: { type: 'object', properties: { max: { type: 'integer' }, average: { type: 'number' } } },
              fan_out: { type: 'object', properties: { max: { type: 'integer' }, average: { type: 'number' } } },
              leaves: { type: 'integer' },
              isolated: { type: 'integer' },
              cycles: { type: 'object', properties: { count: { type: 'integer' }, components: { type: 'integer' } } },
              most_depended_on: { type: 'array', items: figure },
              largest_fan_out: { type: 'array', items: figure },
            },
          },
          ...problems(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const { application, ref } = await processedBuild(request);
      return graphMetricsOf(db, application.app_key, ref);
    },
  );
}
