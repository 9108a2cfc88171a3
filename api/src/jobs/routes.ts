// The job queue for the Global Admin (issue 27 item 5, docs/jobs.md): every kind with its queued,
// running and failed jobs, the last hour's durations and its latest dead letters with their error;
// a dead letter retried or discarded. The installation's, not an organization's: the Global
// Admin's organization permissions guard it (no permission of its own: one would need the stored
// Global Admin role migrated), list=>Organization@global to read, configureModules to act.
import { JOB_DEAD_LETTERS_SHOWN, JOB_MESSAGES, PERMISSIONS, type JobKindView, type JobsOverview } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { problems } from '../http/answer';
import { ApiProblem } from '../http/problem';

const ORGANIZATION = PERMISSIONS.processes.GLOBAL_ORGANIZATION;

const string = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const number = { type: 'number' } as const;

const deadLetterSchema = {
  type: 'object',
  properties: { id: string, error: string, attempts: integer, failed_at: { type: 'string', format: 'date-time' }, payload: { type: 'object', additionalProperties: true } },
} as const;

const kindSchema = {
  type: 'object',
  properties: {
    kind: string,
    queued: integer,
    running: integer,
    failed: integer,
    completed_last_hour: integer,
    average_seconds: number,
    max_seconds: number,
    dead_letters: { type: 'array', items: deadLetterSchema },
  },
} as const;

const deadLetterParams = { type: 'object', required: ['kind', 'id'], properties: { kind: string, id: string } } as const;

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['jobs'];
  const { jobs } = app;

  async function overview(): Promise<JobsOverview> {
    const [counts, durations] = await Promise.all([jobs.counts(), jobs.durations()]);
    const durationOf = new Map(durations.map((duration) => [duration.name, duration]));
    const kinds = await Promise.all(
      counts.map(async (count): Promise<JobKindView> => {
        const duration = durationOf.get(count.name);
        const letters = (await jobs.failed(count.name)).slice(0, JOB_DEAD_LETTERS_SHOWN);
        return {
          kind: count.name,
          queued: count.queued,
          running: count.running,
          failed: count.failed,
          completed_last_hour: duration?.completed ?? 0,
          average_seconds: duration?.averageSeconds ?? 0,
          max_seconds: duration?.maxSeconds ?? 0,
          dead_letters: letters.map((letter) => ({ id: letter.id, error: letter.error, attempts: letter.attempts, failed_at: letter.failedAt, payload: letter.payload as Record<string, unknown> })),
        };
      }),
    );
    return { kinds: kinds.sort((a, b) => a.kind.localeCompare(b.kind)) };
  }

  /** The dead letter's kind and id, the kind known (404 otherwise). */
  async function deadLetterOf(request: FastifyRequest): Promise<{ kind: string; id: string }> {
    const { kind, id } = request.params as { kind: string; id: string };
    if (!(await jobs.counts()).some((count) => count.name === kind)) throw new ApiProblem(404, JOB_MESSAGES.noKind);
    return { kind, id };
  }

  app.get(
    '/jobs',
    {
      config: { permission: ORGANIZATION.LIST },
      schema: {
        tags,
        summary: "Every kind of background job: queued, running and failed jobs, the last hour's completed jobs and durations, the latest dead letters with their error (Global Admin)",
        response: { 200: { type: 'object', properties: { kinds: { type: 'array', items: kindSchema } } }, ...problems(401, 403) },
      },
    },
    async () => overview(),
  );

  app.post(
    '/jobs/:kind/failed/:id/retry',
    {
      config: { permission: ORGANIZATION.CONFIGURE_MODULES },
      schema: { tags, summary: 'Queues a dead letter again as one more attempt (Global Admin)', params: deadLetterParams, response: { 204: { type: 'null' }, ...problems(401, 403, 404) } },
    },
    async (request, reply) => {
      const { kind, id } = await deadLetterOf(request);
      if (!(await jobs.retry(kind, id))) throw new ApiProblem(404, JOB_MESSAGES.noDeadLetter);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/jobs/:kind/failed/:id',
    {
      config: { permission: ORGANIZATION.CONFIGURE_MODULES },
      schema: { tags, summary: 'Discards a dead letter: it is removed, never run again (Global Admin)', params: deadLetterParams, response: { 204: { type: 'null' }, ...problems(401, 403, 404) } },
    },
    async (request, reply) => {
      const { kind, id } = await deadLetterOf(request);
      if (!(await jobs.discard(kind, id))) throw new ApiProblem(404, JOB_MESSAGES.noDeadLetter);
      return reply.code(204).send();
    },
  );
}
