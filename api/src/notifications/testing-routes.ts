// For the bench only (registered with the other testing routes, MAIL_OUTBOX_API): a notification
// fanned out to many recipients, timed. A production API answers 404.
import type { FastifyInstance } from 'fastify';
import { fanOut } from './fanout';

export async function notificationsTestingRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/testing/notifications/fanout',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['testing'],
        summary: "One notification to `count` recipients of the login's organization, timed (only with MAIL_OUTBOX_API=true)",
        body: {
          type: 'object',
          required: ['login', 'count'],
          additionalProperties: false,
          properties: { login: { type: 'string', minLength: 1, maxLength: 255 }, count: { type: 'integer', minimum: 1, maximum: 5000 } },
        },
      },
    },
    async (request) => {
      const { login, count } = request.body as { login: string; count: number };
      return fanOut(app.database, { outbox: app.outboxRelay, mail: app.mailRelay }, login, count);
    },
  );
}
