// Routes for end-to-end tests only, registered with the mail outbox testing routes (MAIL_OUTBOX_API):
// the embedded broker's connections per user (the e2e tests count one per browser), a played
// broker restart, and an event raised as domain code raises one (through the outbox). A
// production API answers 404 to all.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { notificationsQueue } from '@portal/shared/server';
import { ApiProblem } from '../http/problem';
import { EmbeddedBroker } from './embedded';
import { raiseEvent } from './outbox';

function embeddedBroker(app: FastifyInstance): EmbeddedBroker {
  if (!(app.broker instanceof EmbeddedBroker)) throw new ApiProblem(404, 'Only the embedded broker can be inspected.');
  return app.broker;
}

export interface RealtimeTestingOptions {
  /** The id of the user of that login (the users family answers). */
  userIdOfLogin(login: string): Promise<string | undefined>;
  /** The login ids of those users, by id (the users family answers; an unknown id is left out). */
  loginIdsOf(ids: readonly string[]): Promise<Map<string, string>>;
}

export async function realtimeTestingRoutes(app: FastifyInstance, options: RealtimeTestingOptions): Promise<void> {
  app.get(
    '/testing/realtime/connections',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['testing'],
        summary: "The embedded broker's open connections per user (only with MAIL_OUTBOX_API=true)",
        response: {
          200: {
            type: 'object',
            required: ['total', 'users'],
            properties: {
              total: { type: 'integer' },
              users: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['userId', 'loginId', 'connections'],
                  properties: { userId: { type: 'string' }, loginId: { type: 'string' }, connections: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const counts = embeddedBroker(app).connectionsByUser();
      const ids = [...counts.keys()];
      const loginOf = ids.length ? await options.loginIdsOf(ids) : new Map<string, string>();
      const users = ids.map((userId) => ({ userId, loginId: loginOf.get(userId) ?? '', connections: counts.get(userId) ?? 0 }));
      return { total: users.reduce((sum, user) => sum + user.connections, 0), users };
    },
  );

  app.post(
    '/testing/realtime/outage',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['testing'],
        summary: 'Plays a broker restart: drops every broker connection and refuses new ones and publishes for a while',
        body: {
          type: 'object',
          required: ['seconds'],
          additionalProperties: false,
          properties: { seconds: { type: 'number', minimum: 0, maximum: 60 } },
        },
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      embeddedBroker(app).suspend((request.body as { seconds: number }).seconds * 1000);
      return reply.code(204).send();
    },
  );

  app.post(
    '/testing/realtime/events',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['testing'],
        summary: "Records an event in the outbox, as domain code does: to a user's notifications queue (login) or a destination",
        body: {
          type: 'object',
          required: ['body'],
          additionalProperties: false,
          properties: {
            login: { type: 'string', maxLength: 255 },
            destination: { type: 'string', minLength: 1, maxLength: 255 },
            body: { type: 'object', additionalProperties: true },
          },
        },
        response: { 202: { type: 'object', required: ['eventId'], properties: { eventId: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const { login, destination, body } = request.body as { login?: string; destination?: string; body: Record<string, unknown> };
      let target = destination;
      if (login !== undefined) {
        const userId = await options.userIdOfLogin(login);
        if (!userId) throw new ApiProblem(404, `No user ${login}.`);
        target = notificationsQueue(userId);
      }
      if (!target) throw new ApiProblem(400, 'Name a login or a destination.');
      const eventId = typeof body.eventId === 'string' && body.eventId ? body.eventId : randomUUID();
      await raiseEvent(app.database, { destination: target, body: { ...body, eventId } });
      app.outboxRelay.notify();
      return reply.code(202).send({ eventId });
    },
  );
}
