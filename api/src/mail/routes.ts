import type { FastifyInstance } from 'fastify';
import { listOutbox } from './mailer';

const outboxSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['to', 'subject', 'text', 'created_at'],
    properties: {
      to: { type: 'string' },
      subject: { type: 'string' },
      text: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
} as const;

/**
 * GET /testing/outbox?to=: the stored mail, newest first, for end-to-end tests that read one-time
 * codes and invitation links. Registered only when MAIL_OUTBOX_API is true: the messages hold
 * secrets, so a production API must answer 404.
 */
export async function testingRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/testing/outbox',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['testing'],
        summary: 'Mail stored in the outbox, newest first (only with MAIL_OUTBOX_API=true)',
        querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 255 } } },
        response: { 200: outboxSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { to } = request.query as { to?: string };
      return listOutbox(app.database, to);
    },
  );
}
