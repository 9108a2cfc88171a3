import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../db/ping';

const healthSchema = {
  type: 'object',
  required: ['status', 'database'],
  properties: {
    status: { type: 'string', enum: ['ok', 'unavailable'] },
    database: {
      type: 'object',
      required: ['status', 'kind'],
      properties: {
        status: { type: 'string', enum: ['up', 'down'] },
        kind: { type: 'string', enum: ['pglite', 'postgres'] },
      },
    },
  },
} as const;

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['misc'],
        summary: 'Whether the API and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const kind = app.database.kind;
      try {
        await pingDatabase(app.database);
        return { status: 'ok', database: { status: 'up', kind } };
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply.code(503).send({ status: 'unavailable', database: { status: 'down', kind } });
      }
    },
  );
}
