// Gap analysis and risk assessment (issue 6 items 7 and 8; docs/requirements-api.md "Analysis"):
// a gap identified on a requirement opens a HAS_GAP ('close gap') task and raises Identify Gap;
// closing the gap completes that task. A risk (likelihood × impact, 1–5 each) opens a
// RESOLVE_RISK task and raises Identify Risk. Completing the task elsewhere (task routes) closes
// the gap or resolves the risk too (trigger of migration 009).
import { PERMISSIONS, type GapQuery, type RiskQuery } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { graphQuery, idParams, requirementRefSchema, scopeOf, userRefSchema } from '../analysis/service';
import { problems } from '../http/answer';
import { assessRisk, closeGap, gapsOf, identifyGap, risksOf } from './service';

export { GAP_ALREADY_CLOSED, INVALID_DATE, NOT_A_GAP_ASSIGNEE, type Gap, type Risk } from './service';

const R = PERMISSIONS.requirements;

const gapSchema = {
  type: 'object',
  required: ['id', 'requirement', 'description', 'remediation_plan', 'target_date', 'status', 'task_id', 'assignee', 'created_by', 'created_at', 'closed_at'],
  properties: {
    id: { type: 'string' },
    requirement: requirementRefSchema,
    description: { type: 'string' },
    remediation_plan: { type: 'string' },
    target_date: { type: 'string' },
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    task_id: { type: ['string', 'null'] },
    assignee: userRefSchema,
    created_by: userRefSchema,
    created_at: { type: 'string' },
    closed_at: { type: ['string', 'null'] },
  },
} as const;

const riskSchema = {
  type: 'object',
  required: ['id', 'requirement', 'likelihood', 'impact', 'score', 'description', 'status', 'task_id', 'created_at'],
  properties: {
    id: { type: 'string' },
    requirement: requirementRefSchema,
    likelihood: { type: 'integer' },
    impact: { type: 'integer' },
    score: { type: 'integer' },
    description: { type: 'string' },
    status: { type: 'string', enum: ['OPEN', 'RESOLVED'] },
    task_id: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
} as const;

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

export async function assessmentsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  const tags = ['requirements'];

  app.post(
    '/requirements/:id/gaps',
    {
      config: { permission: R.GAP_ANALYSIS.CREATE },
      schema: {
        tags,
        summary: 'Identify a gap on a requirement: opens its close-gap (HAS_GAP) task, raises Identify Gap',
        params: idParams,
        querystring: graphQuery,
        body: {
          type: 'object',
          required: ['description', 'remediation_plan', 'target_date'],
          properties: {
            description: { type: 'string' },
            remediation_plan: { type: 'string' },
            target_date: { type: 'string' },
            assignee_id: { type: ['string', 'null'] },
          },
        },
        response: { 201: gapSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await identifyGap(db, scopeOf(request), (request.params as { id: string }).id, bodyOf(request))),
  );

  app.get(
    '/assessments/gaps',
    {
      config: { permission: R.GAP_ANALYSIS.LIST },
      schema: {
        tags,
        summary: "The process's gaps, newest first (status OPEN|CLOSED, search in texts and the requirement, requirement id)",
        querystring: {
          type: 'object',
          required: ['graph'],
          properties: {
            graph: { type: 'string', minLength: 1 },
            status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
            search: { type: 'string', maxLength: 200 },
            requirement: { type: 'string' },
          },
        },
        response: { 200: { type: 'array', items: gapSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => gapsOf(db, scopeOf(request), request.query as GapQuery),
  );

  app.post(
    '/assessments/gaps/:id/close',
    {
      config: { permission: R.GAP_ANALYSIS.UPDATE },
      schema: {
        tags,
        summary: 'Close a gap: its close-gap task completes',
        params: idParams,
        querystring: graphQuery,
        body: { type: ['object', 'null'], properties: { comment: { type: 'string' } } },
        response: { 200: gapSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => closeGap(db, scopeOf(request), (request.params as { id: string }).id, bodyOf(request)),
  );

  app.post(
    '/requirements/:id/risks',
    {
      config: { permission: R.ASSESS_REQUIREMENT },
      schema: {
        tags,
        summary: 'Assess a risk of a requirement (score = likelihood × impact): opens a RESOLVE_RISK task, raises Identify Risk',
        params: idParams,
        querystring: graphQuery,
        body: {
          type: 'object',
          required: ['likelihood', 'impact', 'description'],
          properties: {
            likelihood: { type: 'integer', minimum: 1, maximum: 5 },
            impact: { type: 'integer', minimum: 1, maximum: 5 },
            description: { type: 'string' },
            assignee_id: { type: ['string', 'null'] },
          },
        },
        response: { 201: riskSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await assessRisk(db, scopeOf(request), (request.params as { id: string }).id, bodyOf(request))),
  );

  app.get(
    '/assessments/risks',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: "The process's risks, highest score first (status OPEN|RESOLVED, requirement id)",
        querystring: {
          type: 'object',
          required: ['graph'],
          properties: {
            graph: { type: 'string', minLength: 1 },
            status: { type: 'string', enum: ['OPEN', 'RESOLVED'] },
            requirement: { type: 'string' },
          },
        },
        response: { 200: { type: 'array', items: riskSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => risksOf(db, scopeOf(request), request.query as RiskQuery),
  );
}
