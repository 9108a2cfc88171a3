// Gap analysis and risk assessment (issue 6 items 7 and 8; docs/requirements-api.md "Analysis"):
// a gap identified on a requirement opens a HAS_GAP ('close gap') task and raises Identify Gap;
// closing the gap completes that task. A risk (likelihood × impact, 1–5 each) opens a
// RESOLVE_RISK task and raises Identify Risk. Completing the task elsewhere (task routes) closes
// the gap or resolves the risk too (trigger of migration 009).
import { MESSAGES, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findRequirement,
  graphQuery,
  idParams,
  iso,
  isUuid,
  liveRequirement,
  organizationUser,
  raiseInScope,
  refuse,
  requirementRefSchema,
  scopeOf,
  text,
  userRef,
  userRefSchema,
  type Scope,
} from '../analysis/common';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { completeTask, openTask } from '../tasks/service';
import { problems } from '../http/answer';

const R = PERMISSIONS.requirements;

export const GAP_ALREADY_CLOSED = 'The gap is already closed.';
export const INVALID_DATE = 'Enter a date as YYYY-MM-DD.';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface Gap {
  id: string;
  requirement: { id: string; code: string; title: string };
  description: string;
  remediation_plan: string;
  target_date: string;
  status: 'OPEN' | 'CLOSED';
  task_id: string | null;
  created_by: { id: string; login_id: string; name: string } | null;
  created_at: string;
  closed_at: string | null;
}

export interface Risk {
  id: string;
  requirement: { id: string; code: string; title: string };
  likelihood: number;
  impact: number;
  score: number;
  description: string;
  status: 'OPEN' | 'RESOLVED';
  task_id: string | null;
  created_at: string;
}

const gapSchema = {
  type: 'object',
  required: ['id', 'requirement', 'description', 'remediation_plan', 'target_date', 'status', 'task_id', 'created_by', 'created_at', 'closed_at'],
  properties: {
    id: { type: 'string' },
    requirement: requirementRefSchema,
    description: { type: 'string' },
    remediation_plan: { type: 'string' },
    target_date: { type: 'string' },
    status: { type: 'string', enum: ['OPEN', 'CLOSED'] },
    task_id: { type: ['string', 'null'] },
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

const GAP_SELECT = `SELECT g.id, json_build_object('id', r.id, 'code', r.code, 'title', r.title) AS requirement,
    g.description, g.remediation_plan, to_char(g.target_date, 'YYYY-MM-DD') AS target_date, g.status, g.task_id,
    ${userRef('cu')} AS created_by, g.created_at, g.closed_at
  FROM gaps g JOIN requirements r ON r.id = g.requirement_id LEFT JOIN users cu ON cu.id = g.created_by`;

const RISK_SELECT = `SELECT k.id, json_build_object('id', r.id, 'code', r.code, 'title', r.title) AS requirement,
    k.likelihood, k.impact, k.score, k.description, k.status, k.task_id, k.created_at
  FROM risks k JOIN requirements r ON r.id = k.requirement_id`;

type Timed<T, K extends keyof T> = Omit<T, K> & { [P in K]: Date | string | null };

const gapView = (row: Timed<Gap, 'created_at' | 'closed_at'>): Gap => ({
  ...row,
  created_at: iso(row.created_at)!,
  closed_at: iso(row.closed_at),
});

const riskView = (row: Timed<Risk, 'created_at'>): Risk => ({ ...row, created_at: iso(row.created_at)! });

export async function gapById(db: Queryable, scope: Scope, id: string): Promise<Gap | undefined> {
  const [row] = await db.query<Timed<Gap, 'created_at' | 'closed_at'>>(
    `${GAP_SELECT} WHERE g.id = $1 AND g.organization_id = $2 AND g.process_id = $3`,
    [id, scope.organizationId, scope.processId],
  );
  return row ? gapView(row) : undefined;
}

async function riskById(db: Queryable, id: string): Promise<Risk> {
  const [row] = await db.query<Timed<Risk, 'created_at'>>(`${RISK_SELECT} WHERE k.id = $1`, [id]);
  return riskView(row);
}

function likeText(search: unknown): string | null {
  if (typeof search !== 'string' || search.trim() === '') return null;
  return `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function validDate(fields: Record<string, string>, name: string, value: unknown): string {
  const valid = typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
  if (!valid || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    fields[name] = value === undefined || value === null || value === '' ? MESSAGES.required : INVALID_DATE;
    return '';
  }
  return value;
}

/** The assignee named by the body (null: nobody; absent: the requirement's owner). */
async function assignee(db: Queryable, scope: Scope, body: Record<string, unknown>, owner: string | null): Promise<string | null> {
  if (!('assignee_id' in body) || body.assignee_id === undefined) return owner;
  if (body.assignee_id === null || body.assignee_id === '') return null;
  return organizationUser(db, scope, body.assignee_id);
}

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
    async (request, reply) => {
      const scope = scopeOf(request);
      const body = bodyOf(request);
      const fields: Record<string, string> = {};
      const description = text(fields, 'description', body.description, 10000);
      const plan = text(fields, 'remediation_plan', body.remediation_plan, 10000);
      const targetDate = validDate(fields, 'target_date', body.target_date);
      await findRequirement(db, scope, (request.params as { id: string }).id);
      refuse(fields);
      const gapId = await db.transaction(async (tx) => {
        const requirement = await liveRequirement(tx, scope, (request.params as { id: string }).id);
        const assignedTo = await assignee(tx, scope, body, requirement.owner_id);
        const [gap] = await tx.query<{ id: string }>(
          `INSERT INTO gaps (organization_id, process_id, requirement_id, description, remediation_plan, target_date, created_by)
           VALUES ($1, $2, $3, $4, $5, $6::date, $7) RETURNING id`,
          [scope.organizationId, scope.processId, requirement.id, description, plan, targetDate, scope.actor.id],
        );
        const taskId = await openTask(tx, {
          organizationId: scope.organizationId,
          processId: scope.processId,
          processCode: scope.processCode,
          requirementId: requirement.id,
          type: 'HAS_GAP',
          assignedToUser: assignedTo,
          dueDate: targetDate,
          comment: plan,
          relatedId: gap.id,
          createdBy: scope.actor.id,
          sessionId: scope.sessionId,
        });
        await tx.query('UPDATE gaps SET task_id = $2 WHERE id = $1', [gap.id, taskId]);
        await raiseInScope(tx, scope, requirement.id, 'Identify Gap', { gap_id: gap.id, task_id: taskId, description, target_date: targetDate });
        return gap.id;
      });
      return reply.code(201).send(await gapById(db, scope, gapId));
    },
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
    async (request) => {
      const scope = scopeOf(request);
      const query = request.query as { status?: string; search?: string; requirement?: string };
      if (query.requirement !== undefined && !isUuid(query.requirement)) return [];
      const rows = await db.query<Timed<Gap, 'created_at' | 'closed_at'>>(
        `${GAP_SELECT}
          WHERE g.organization_id = $1 AND g.process_id = $2
            AND ($3::text IS NULL OR g.status = $3)
            AND ($4::text IS NULL OR lower(g.description) LIKE $4 OR lower(g.remediation_plan) LIKE $4
                 OR lower(r.code) LIKE $4 OR lower(r.title) LIKE $4)
            AND ($5::uuid IS NULL OR g.requirement_id = $5)
          ORDER BY g.created_at DESC, g.id`,
        [scope.organizationId, scope.processId, query.status ?? null, likeText(query.search), query.requirement ?? null],
      );
      return rows.map(gapView);
    },
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
    async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      const fields: Record<string, string> = {};
      const comment = text(fields, 'comment', bodyOf(request).comment, 10000, true);
      refuse(fields);
      if (!isUuid(id)) throw new ApiProblem(404);
      await db.transaction(async (tx) => {
        const [gap] = await tx.query<{ id: string; status: string; task_id: string | null }>(
          'SELECT id, status, task_id FROM gaps WHERE id = $1 AND organization_id = $2 AND process_id = $3 FOR UPDATE',
          [id, scope.organizationId, scope.processId],
        );
        if (!gap) throw new ApiProblem(404);
        if (gap.status !== 'OPEN') throw new ApiProblem(409, GAP_ALREADY_CLOSED);
        await tx.query(`UPDATE gaps SET status = 'CLOSED', closed_at = now(), closed_by = $2 WHERE id = $1`, [id, scope.actor.id]);
        if (gap.task_id) {
          const [task] = await tx.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [gap.task_id]);
          if (task?.status === 'OPEN') await completeTask(tx, gap.task_id, scope.actor, comment || undefined, scope.sessionId);
        }
      });
      return gapById(db, scope, id);
    },
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
    async (request, reply) => {
      const scope = scopeOf(request);
      const body = bodyOf(request);
      const fields: Record<string, string> = {};
      const description = text(fields, 'description', body.description, 10000);
      const likelihood = body.likelihood as number;
      const impact = body.impact as number;
      await findRequirement(db, scope, (request.params as { id: string }).id);
      refuse(fields);
      const riskId = await db.transaction(async (tx) => {
        const requirement = await liveRequirement(tx, scope, (request.params as { id: string }).id);
        const assignedTo = await assignee(tx, scope, body, requirement.owner_id);
        const [risk] = await tx.query<{ id: string; score: number }>(
          `INSERT INTO risks (organization_id, process_id, requirement_id, likelihood, impact, description, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, score`,
          [scope.organizationId, scope.processId, requirement.id, likelihood, impact, description, scope.actor.id],
        );
        const taskId = await openTask(tx, {
          organizationId: scope.organizationId,
          processId: scope.processId,
          processCode: scope.processCode,
          requirementId: requirement.id,
          type: 'RESOLVE_RISK',
          assignedToUser: assignedTo,
          comment: description,
          relatedId: risk.id,
          createdBy: scope.actor.id,
          sessionId: scope.sessionId,
        });
        await tx.query('UPDATE risks SET task_id = $2 WHERE id = $1', [risk.id, taskId]);
        await raiseInScope(tx, scope, requirement.id, 'Identify Risk', { risk_id: risk.id, task_id: taskId, likelihood, impact, score: risk.score, description });
        return risk.id;
      });
      return reply.code(201).send(await riskById(db, riskId));
    },
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
    async (request) => {
      const scope = scopeOf(request);
      const query = request.query as { status?: string; requirement?: string };
      if (query.requirement !== undefined && !isUuid(query.requirement)) return [];
      const rows = await db.query<Timed<Risk, 'created_at'>>(
        `${RISK_SELECT}
          WHERE k.organization_id = $1 AND k.process_id = $2 AND ($3::text IS NULL OR k.status = $3)
            AND ($4::uuid IS NULL OR k.requirement_id = $4)
          ORDER BY k.score DESC, k.created_at DESC, k.id`,
        [scope.organizationId, scope.processId, query.status ?? null, query.requirement ?? null],
      );
      return rows.map(riskView);
    },
  );
}
