// Analysis routes under /api/requirements (issue 6 items 10-12; docs/requirements-api.md
// "Analysis"): the priority plane, duplicate detection and the traceability matrix.
import { PERMISSIONS, type DuplicateLink, type DuplicatePair, type DuplicateQuery, type PlanePlacement, type ReportFormatQuery } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { findRequirement, graphQuery, idParams, liveRequirement, placeOnPlane, planeRequirementsOf, raiseInScope, requirementRefSchema, scopeOf } from './service';
import { DEFAULT_THRESHOLD, dismissPair, linkPair, loadCorpus, lockPair, mergePair, processDuplicates, requirementDuplicates } from './duplicates';
import { traceability, traceabilityCsv } from './traceability';

const R = PERMISSIONS.requirements;

export const BOTH_OR_NEITHER = 'Give both x and y (0 to 1), or neither to remove the placement.';

const planeRequirementSchema = {
  type: 'object',
  required: ['id', 'code', 'title', 'status', 'priority'],
  properties: { id: { type: 'string' }, code: { type: 'string' }, title: { type: 'string' }, status: { type: 'string' }, priority: { type: 'string' } },
} as const;

const planePointSchema = {
  type: 'object',
  required: ['requirement', 'x', 'y'],
  properties: { requirement: planeRequirementSchema, x: { type: ['number', 'null'] }, y: { type: ['number', 'null'] } },
} as const;

const candidateSchema = {
  type: 'object',
  required: ['a', 'b', 'score', 'shared_terms'],
  properties: { a: requirementRefSchema, b: requirementRefSchema, score: { type: 'number' }, shared_terms: { type: 'array', items: { type: 'string' } } },
} as const;

const refList = { type: 'array', items: { type: 'object', required: ['id', 'code', 'title'], properties: requirementRefSchema.properties } } as const;

const traceabilityRowSchema = {
  type: 'object',
  required: ['requirement', 'parent_id', 'depth', 'status', 'children', 'sub_requirements', 'tasks', 'applications', 'source_controls', 'coverage', 'gap'],
  properties: {
    requirement: {
      type: 'object',
      required: ['id', 'code', 'title', 'source'],
      properties: { ...requirementRefSchema.properties, source: { type: ['string', 'null'] } },
    },
    parent_id: { type: ['string', 'null'] },
    depth: { type: 'integer' },
    status: { type: 'string' },
    children: { type: 'integer' },
    sub_requirements: refList,
    tasks: { type: 'object', required: ['open', 'closed'], properties: { open: { type: 'integer' }, closed: { type: 'integer' } } },
    applications: { type: 'array', items: { type: 'string' } },
    source_controls: { type: 'array', items: { type: 'string' } },
    coverage: { type: 'number' },
    gap: { type: 'boolean' },
    evidence: { type: 'array', items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } } },
  },
} as const;

const duplicatesQuery = {
  type: 'object',
  required: ['graph'],
  properties: {
    graph: { type: 'string', minLength: 1 },
    threshold: { type: 'number', minimum: 0.1, maximum: 1, default: DEFAULT_THRESHOLD },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
} as const;

const pairBody = {
  type: 'object',
  required: ['a_id', 'b_id'],
  properties: { a_id: { type: 'string' }, b_id: { type: 'string' } },
} as const;

const round = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

export async function analysisRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  const tags = ['requirements'];

  app.get(
    '/requirements/planes',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: 'The priority plane: placed requirements (x importance, y urgency, 0..1) and the unplaced ones',
        querystring: graphQuery,
        response: {
          200: { type: 'object', required: ['placed', 'unplaced'], properties: { placed: { type: 'array', items: planePointSchema }, unplaced: refList } },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const rows = await planeRequirementsOf(db, scope);
      const placed = [];
      const unplaced = [];
      for (const { x, y, ...requirement } of rows) {
        if (x === null || y === null) unplaced.push({ id: requirement.id, code: requirement.code, title: requirement.title });
        else placed.push({ requirement, x: round(x), y: round(y) });
      }
      return { placed, unplaced };
    },
  );

  app.put(
    '/requirements/:id/plane',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Place a requirement on the priority plane (x, y in 0..1), or remove it (nulls)',
        params: idParams,
        querystring: graphQuery,
        body: {
          type: 'object',
          required: ['x', 'y'],
          properties: { x: { type: ['number', 'null'], minimum: 0, maximum: 1 }, y: { type: ['number', 'null'], minimum: 0, maximum: 1 } },
        },
        response: { 200: planePointSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      const { x, y } = request.body as PlanePlacement;
      await findRequirement(db, scope, id);
      if ((x === null) !== (y === null)) throw new ApiProblem(400, BOTH_OR_NEITHER, {}, { [x === null ? 'x' : 'y']: BOTH_OR_NEITHER });
      return db.transaction(async (tx) => {
        const requirement = await liveRequirement(tx, scope, id);
        const row = await placeOnPlane(tx, requirement.id, x, y);
        await raiseInScope(tx, scope, requirement.id, 'Update', { plane: x === null ? null : { x, y } });
        const { x: px, y: py, ...ref } = row;
        return { requirement: ref, x: round(px), y: round(py) };
      });
    },
  );

  app.get(
    '/requirements/duplicates',
    {
      config: { permission: R.ANALYZE_REQUIREMENT },
      schema: {
        tags,
        summary: "Candidate duplicate pairs of the process's requirements, most similar first (dismissed and linked pairs never)",
        querystring: duplicatesQuery,
        response: { 200: { type: 'array', items: candidateSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { threshold, limit } = request.query as DuplicateQuery;
      return processDuplicates(await loadCorpus(db, scope), threshold, limit);
    },
  );

  app.get(
    '/requirements/:id/duplicates',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: {
        tags,
        summary: 'Requirements that may duplicate this one (it is `a` of each candidate), most similar first',
        params: idParams,
        querystring: duplicatesQuery,
        response: { 200: { type: 'array', items: candidateSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const requirement = await findRequirement(db, scope, (request.params as { id: string }).id);
      const { threshold, limit } = request.query as DuplicateQuery;
      return requirementDuplicates(await loadCorpus(db, scope), requirement.id, threshold, limit);
    },
  );

  app.post(
    '/requirements/duplicates/dismiss',
    {
      config: { permission: R.ANALYZE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Dismiss a candidate pair: it is never proposed again',
        querystring: graphQuery,
        body: pairBody,
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { a_id, b_id } = request.body as DuplicatePair;
      await db.transaction(async (tx) => {
        const [a, b] = await lockPair(tx, scope, a_id, b_id);
        await dismissPair(tx, scope, a, b);
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/requirements/duplicates/link',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: "Link a pair as duplicates, or merge b into a (b's sub-requirements, comments and tasks move to a; b is deleted)",
        querystring: graphQuery,
        body: { ...pairBody, required: ['a_id', 'b_id', 'action'], properties: { ...pairBody.properties, action: { type: 'string', enum: ['link', 'merge'] } } },
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { a_id, b_id, action } = request.body as DuplicateLink;
      await db.transaction(async (tx) => {
        const [a, b] = await lockPair(tx, scope, a_id, b_id);
        if (action === 'merge') await mergePair(tx, scope, a, b);
        else await linkPair(tx, scope, a, b);
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/requirements/traceability',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: 'The traceability matrix: per requirement its sub-requirements, tasks, applications, source controls, coverage and gap (JSON or CSV)',
        querystring: {
          type: 'object',
          required: ['graph'],
          properties: { graph: { type: 'string', minLength: 1 }, format: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
        },
        response: { 200: { type: 'array', items: traceabilityRowSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const rows = await traceability(db, scope);
      if ((request.query as ReportFormatQuery).format !== 'csv') return rows;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="traceability-${scope.processCode.replace(/[^a-z0-9_.-]/gi, '_')}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .send(traceabilityCsv(rows));
    },
  );
}
