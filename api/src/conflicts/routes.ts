// Conflicts between requirements (issue 6 item 8; docs/requirements-api.md "Analysis"): two
// distinct requirements of one process that contradict each other; recording the conflict opens
// a RESOLVE_CONFLICT task (assigned to the first requirement's owner unless the body names
// someone). Completing that task resolves the conflict (trigger of migration 009).
import { PERMISSIONS, type ConflictQuery } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { graphQuery, requirementRefSchema, scopeOf } from '../analysis/service';
import { problems } from '../http/answer';
import { conflictsOf, recordConflict, type NewConflictInput } from './service';

export { CONFLICT_RECORDED, SELF_CONFLICT, type Conflict } from './service';

const R = PERMISSIONS.requirements;

const conflictSchema = {
  type: 'object',
  required: ['id', 'a', 'b', 'description', 'status', 'task_id', 'created_at'],
  properties: {
    id: { type: 'string' },
    a: requirementRefSchema,
    b: requirementRefSchema,
    description: { type: 'string' },
    status: { type: 'string', enum: ['OPEN', 'RESOLVED'] },
    task_id: { type: ['string', 'null'] },
    created_at: { type: 'string' },
  },
} as const;

export async function conflictsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  const tags = ['requirements'];

  app.post(
    '/conflicts',
    {
      config: { permission: R.ANALYZE_REQUIREMENT },
      schema: {
        tags,
        summary: 'Record a conflict between two requirements of the process: opens a RESOLVE_CONFLICT task',
        querystring: graphQuery,
        body: {
          type: 'object',
          required: ['requirement_a_id', 'requirement_b_id', 'description'],
          properties: {
            requirement_a_id: { type: 'string' },
            requirement_b_id: { type: 'string' },
            description: { type: 'string' },
            assignee_id: { type: ['string', 'null'] },
          },
        },
        response: { 201: conflictSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await recordConflict(db, scopeOf(request), request.body as NewConflictInput)),
  );

  app.get(
    '/conflicts',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: "The process's conflicts between requirements, newest first (status OPEN|RESOLVED)",
        querystring: {
          type: 'object',
          required: ['graph'],
          properties: { graph: { type: 'string', minLength: 1 }, status: { type: 'string', enum: ['OPEN', 'RESOLVED'] } },
        },
        response: { 200: { type: 'array', items: conflictSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => conflictsOf(db, scopeOf(request), (request.query as ConflictQuery).status),
  );
}
