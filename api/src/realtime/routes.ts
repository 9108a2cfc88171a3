// Spec 7 real-time calls of the API: POST iam/rabbitmq/token (the broker token, the browser's
// STOMP passcode) and, for RabbitMQ's HTTP auth backend, the questions RabbitMQ asks about a
// Web-STOMP connection (rabbitmq_auth_backend_http: user, vhost, resource, topic). RabbitMQ passes
// the login the browser sent (empty), so the user endpoint answers with a tag naming the token's
// user, and RabbitMQ sends that tag back with every later question.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../authorization/guard';
import { FANOUT_EXCHANGES, readableQueues } from './broker';

/** The user tag RabbitMQ keeps for a connection authenticated with a broker token. */
const USER_TAG_PREFIX = 'portal-user-';

function userOfTags(tags: unknown): string | undefined {
  if (typeof tags !== 'string') return undefined;
  const tag = tags.split(/[\s,]+/).find((candidate) => candidate.startsWith(USER_TAG_PREFIX));
  return tag?.slice(USER_TAG_PREFIX.length) || undefined;
}

/** Where a STOMP subscription to `/exchange/X` puts its per-subscriber queue (RabbitMQ STOMP plugin). */
const SUBSCRIPTION_QUEUE = /^stomp-subscription-[A-Za-z0-9_-]+$/;

/**
 * May the token's user do `permission` (configure, write, read) on the resource? Their own queues
 * (read, and configure: `/queue/…` declares); the shell's fanout exchanges (read: binding); the
 * per-subscriber queue of an exchange subscription (configure, read, and write: binding it). No
 * exchange is ever writable: a token user publishes nothing. Browsers reach RabbitMQ only through
 * the API's gateway (gateway.ts), whose policy allows no more; this is the second wall. Instant
 * messages are published by the API itself, with its own AMQP account.
 */
export function rabbitMqMayAccess(userId: string, resource: string, name: string, permission: string): boolean {
  if (resource === 'queue') {
    if (readableQueues(userId).includes(name)) return permission === 'read' || permission === 'configure';
    return SUBSCRIPTION_QUEUE.test(name);
  }
  if (resource === 'exchange') return FANOUT_EXCHANGES.includes(name) && permission === 'read';
  return false;
}

const textAnswer = { 200: { type: 'string' } } as const;
const backendQuery = { type: 'object', additionalProperties: { type: 'string' } } as const;

export async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/iam/rabbitmq/token',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['realtime'],
        summary: "A short-lived broker token for the caller's session: the STOMP passcode of the broker connection (spec 7)",
        response: {
          200: { type: 'object', required: ['token'], properties: { token: { type: 'string', nullable: true } } },
        },
      },
    },
    async (request) => {
      const { user, session } = callerOf(request);
      try {
        await app.broker.prepareUser(user.id);
      } catch (error) {
        // The broker is down: the browser's connection fails and it asks again (spec 4.4 reconnect).
        request.log.warn({ err: error }, 'broker queues of the user could not be declared');
      }
      return { token: app.brokerTokens.issue({ userId: user.id, sessionId: session.record.id }, app.identity.now()) };
    },
  );

  const backend = (path: string, summary: string, answer: (query: Record<string, string | undefined>) => string) =>
    app.get(
      `/iam/rabbitmq/auth/${path}`,
      {
        // RabbitMQ asks, with the token in the query of the user question: keep it out of the log.
        logLevel: 'warn',
        config: { permission: 'public' },
        schema: { tags: ['realtime'], summary, querystring: backendQuery, response: textAnswer },
      },
      async (request, reply) => {
        reply.type('text/plain; charset=utf-8');
        return answer(request.query as Record<string, string | undefined>);
      },
    );

  backend('user', 'RabbitMQ HTTP auth backend: may this login connect (the password is a broker token)?', (query) => {
    const holder = app.brokerTokens.verify(query.password ?? '', app.identity.now());
    return holder ? `allow ${USER_TAG_PREFIX}${holder.userId}` : 'deny';
  });
  backend('vhost', 'RabbitMQ HTTP auth backend: may a token user use this virtual host?', (query) =>
    userOfTags(query.tags) && query.vhost === '/' ? 'allow' : 'deny',
  );
  backend('resource', "RabbitMQ HTTP auth backend: may a token user use this queue or exchange (own queues only)?", (query) => {
    const userId = userOfTags(query.tags);
    if (!userId || query.vhost !== '/') return 'deny';
    return rabbitMqMayAccess(userId, query.resource ?? '', query.name ?? '', query.permission ?? '') ? 'allow' : 'deny';
  });
  backend('topic', 'RabbitMQ HTTP auth backend: topic routing keys (none are used: always deny)', () => 'deny');
}
