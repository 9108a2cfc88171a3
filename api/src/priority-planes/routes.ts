// The applications' priority plane (issue 7 item 11; spec 2.1 /applications/priorityPlanes): where
// the process's applications stand on risk (x) and business criticality (y), placed by people who
// may update applications. GET apps/planes lists them; PUT apps/{appKey}/plane places one (x, y in
// 0..1) or takes it off the plane (both null).
import { all, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { applicationOfRequest } from '../apps/index';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { placeApplication, planesOf, unplaceApplication } from './service';

const A = PERMISSIONS.applications.APPLICATION;
const VIEW_PLANE = PERMISSIONS.modules.VIEW_PRIORITY_PLANE;
export const PLACEMENT_RANGE = "'x' (risk) and 'y' (business criticality) are numbers from 0 to 1, or both null to take the application off the plane.";

const severities = { type: 'object', additionalProperties: { type: 'integer' } } as const;
const planeApplication = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    app_key: { type: 'string' },
    name: { type: 'string' },
    portfolio: { type: ['string', 'null'] },
    vulnerabilities: severities,
    active_exploits: { type: 'integer' },
    suggested_risk: { type: 'number' },
  },
} as const;
const point = {
  type: 'object',
  properties: {
    application: planeApplication,
    x: { type: 'number' },
    y: { type: 'number' },
    placed_by: { type: ['string', 'null'] },
    placed_at: { type: 'string' },
  },
} as const;
const graphQuery = { type: 'object', required: ['graph'], properties: { graph: { type: 'string' } } } as const;

/** { x, y } both numbers in 0..1, or both null; anything else is a 400 that says so. */
function placementOf(body: unknown): { x: number; y: number } | null {
  const value = (body ?? {}) as Record<string, unknown>;
  const { x, y } = value;
  if (x === null && y === null) return null;
  const valid = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1;
  if (!valid(x) || !valid(y)) {
    const fields: Record<string, string> = {};
    if (!valid(x)) fields.x = PLACEMENT_RANGE;
    if (!valid(y)) fields.y = PLACEMENT_RANGE;
    throw new ApiProblem(400, PLACEMENT_RANGE, {}, fields);
  }
  return { x: x as number, y: y as number };
}

export async function priorityPlaneRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['apps'];
  const db = app.database;

  app.get(
    '/apps/planes',
    {
      config: { permission: all(A.LIST, VIEW_PLANE) },
      schema: {
        tags,
        summary: "The applications' priority plane: placed apps (x risk, y business criticality, 0..1) and the unplaced ones, each with its findings and a suggested risk",
        querystring: graphQuery,
        response: {
          200: { type: 'object', required: ['placed', 'unplaced'], properties: { placed: { type: 'array', items: point }, unplaced: { type: 'array', items: planeApplication } } },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => planesOf(db, organizationOf(request), processOf(request).id),
  );

  app.put(
    '/apps/:appKey/plane',
    {
      config: { permission: all(A.UPDATE, VIEW_PLANE) },
      schema: {
        tags,
        summary: 'Place an application on the priority plane (x risk, y business criticality, 0..1), or take it off (both null); 204 when taken off',
        querystring: graphQuery,
        params: { type: 'object', required: ['appKey'], properties: { appKey: { type: 'string' } } },
        response: { 200: point, 204: { type: 'null' }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request: FastifyRequest, reply) => {
      const placement = placementOf(request.body);
      const application = await applicationOfRequest(db, request);
      if (placement === null) {
        await unplaceApplication(db, application.id);
        return reply.code(204).send();
      }
      return placeApplication(db, application, placement, callerOf(request).user.id);
    },
  );
}
