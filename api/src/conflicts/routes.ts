// Conflicts between requirements (issue 6 item 8; docs/requirements-api.md "Analysis"): two
// distinct requirements of one process that contradict each other; recording the conflict opens
// a RESOLVE_CONFLICT task (assigned to the first requirement's owner unless the body names
// someone). Completing that task resolves the conflict (trigger of migration 009).
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import {
  findRequirement,
  graphQuery,
  iso,
  liveRequirement,
  organizationUser,
  refuse,
  requirementRefSchema,
  scopeOf,
  text,
} from '../analysis/service';
import { ApiProblem } from '../http/problem';
import { openTask } from '../tasks/service';
import { problems } from '../http/answer';

const R = PERMISSIONS.requirements;

export const SELF_CONFLICT = 'A requirement cannot conflict with itself: choose two different requirements.';
export const CONFLICT_RECORDED = 'An open conflict between these requirements is already recorded.';

export interface Conflict {
  id: string;
  a: { id: string; code: string; title: string };
  b: { id: string; code: string; title: string };
  description: string;
  status: 'OPEN' | 'RESOLVED';
  task_id: string | null;
  created_at: string;
}

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

const CONFLICT_SELECT = `SELECT c.id, json_build_object('id', ra.id, 'code', ra.code, 'title', ra.title) AS a,
    json_build_object('id', rb.id, 'code', rb.code, 'title', rb.title) AS b, c.description, c.status, c.task_id, c.created_at
  FROM conflicts c JOIN requirements ra ON ra.id = c.requirement_a_id JOIN requirements rb ON rb.id = c.requirement_b_id`;

type ConflictRow = Omit<Conflict, 'created_at'> & { created_at: Date | string };
const conflictView = (row: ConflictRow): Conflict => ({ ...row, created_at: iso(row.created_at)! });

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
    async (request, reply) => {
      const scope = scopeOf(request);
      const body = request.body as { requirement_a_id: string; requirement_b_id: string; description: string; assignee_id?: string | null };
      const fields: Record<string, string> = {};
      const description = text(fields, 'description', body.description, 10000);
      await findRequirement(db, scope, body.requirement_a_id);
      await findRequirement(db, scope, body.requirement_b_id);
      if (body.requirement_a_id.toLowerCase() === body.requirement_b_id.toLowerCase()) fields.requirement_b_id = SELF_CONFLICT;
      refuse(fields);
      const id = await db.transaction(async (tx) => {
        // Locked in a fixed order, so that two recordings of one pair wait for each other.
        const [first, second] = [body.requirement_a_id, body.requirement_b_id].sort();
        const locked = [await liveRequirement(tx, scope, first), await liveRequirement(tx, scope, second)];
        const a = locked.find((row) => row.id === body.requirement_a_id.toLowerCase())!;
        const b = locked.find((row) => row.id === body.requirement_b_id.toLowerCase())!;
        const [existing] = await tx.query(
          `SELECT 1 FROM conflicts WHERE status = 'OPEN' AND process_id = $1
              AND ((requirement_a_id = $2 AND requirement_b_id = $3) OR (requirement_a_id = $3 AND requirement_b_id = $2))`,
          [scope.processId, a.id, b.id],
        );
        if (existing) throw new ApiProblem(409, CONFLICT_RECORDED);
        const assignedTo =
          body.assignee_id === undefined ? a.owner_id : body.assignee_id === null || body.assignee_id === '' ? null : await organizationUser(tx, scope, body.assignee_id);
        const [conflict] = await tx.query<{ id: string }>(
          `INSERT INTO conflicts (organization_id, process_id, requirement_a_id, requirement_b_id, description, created_by)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [scope.organizationId, scope.processId, a.id, b.id, description, scope.actor.id],
        );
        const taskId = await openTask(tx, {
          organizationId: scope.organizationId,
          processId: scope.processId,
          processCode: scope.processCode,
          requirementId: a.id,
          type: 'RESOLVE_CONFLICT',
          assignedToUser: assignedTo,
          comment: `${a.code} conflicts with ${b.code}: ${description}`.slice(0, 10000),
          relatedId: conflict.id,
          createdBy: scope.actor.id,
          sessionId: scope.sessionId,
        });
        await tx.query('UPDATE conflicts SET task_id = $2 WHERE id = $1', [conflict.id, taskId]);
        return conflict.id;
      });
      const [row] = await db.query<ConflictRow>(`${CONFLICT_SELECT} WHERE c.id = $1`, [id]);
      return reply.code(201).send(conflictView(row));
    },
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
    async (request) => {
      const scope = scopeOf(request);
      const { status } = request.query as { status?: string };
      const rows = await db.query<ConflictRow>(
        `${CONFLICT_SELECT} WHERE c.organization_id = $1 AND c.process_id = $2 AND ($3::text IS NULL OR c.status = $3)
          ORDER BY c.created_at DESC, c.id`,
        [scope.organizationId, scope.processId, status ?? null],
      );
      return rows.map(conflictView);
    },
  );
}
