// Wires the real-time side of the API: the broker token issuer, the browser policy and the Broker —
// RabbitMQ when RABBITMQ_URL is set (with RABBITMQ_STOMP_URL, /events/ws/amqp is the gateway to
// its Web-STOMP), otherwise the embedded STOMP broker served on the API's own HTTP server at
// /events/ws/amqp (no extra port). Both apply the same browser policy (browser-policy.ts). Routes
// use `app.broker` to publish and `app.brokerTokens` for tokens.
import type { FastifyInstance } from 'fastify';
import type { Broker } from './broker';
import { createBrowserPolicy, type BrowserDirectory } from './browser-policy';
import { EmbeddedBroker } from './embedded';
import { StompGateway } from './gateway';
import { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
import { RabbitMqBroker } from './rabbitmq';
import { createBrokerTokens, type BrokerTokens } from './token';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to browsers (spec 7 destinations): `app.broker.publish('notifications#<userId>', body)`. */
    broker: Broker;
    brokerTokens: BrokerTokens;
    /** Publishes the outbox (./outbox.ts): `app.outboxRelay.notify()` after a commit that recorded events. */
    outboxRelay: OutboxRelay;
  }
}

/**
 * Call before the /api routes. `secretKey` signs broker tokens; `directory` answers the browser
 * policy's look-ups (sessions, users, organizations, processes).
 */
export async function registerRealtime(
  app: FastifyInstance,
  secretKey: Buffer,
  directory: BrowserDirectory,
  relayOptions: Partial<Omit<OutboxRelayOptions, 'db' | 'broker'>> = {},
): Promise<void> {
  const tokens = createBrokerTokens(secretKey);
  const policy = createBrowserPolicy({
    identity: directory,
    tokens,
    trustProxy: app.config.trustProxy ?? false,
    // @fastify/cookie's parser (registered after this: it is only called once requests come).
    parseCookie: (header) => app.parseCookie(header),
  });
  let broker: Broker;
  let gateway: StompGateway | undefined;
  if (app.config.rabbitmqUrl) {
    broker = new RabbitMqBroker(app.config.rabbitmqUrl);
    // Browsers keep connecting to /events/ws/amqp: the gateway speaks to Web-STOMP for them. It is
    // the only way in that checks the browser's session and frames: Web-STOMP itself must stay
    // out of browsers' reach (scripts/rabbitmq-setup.sh binds it to loopback).
    if (!app.config.rabbitmqStompUrl) {
      app.log.warn('RABBITMQ_URL without RABBITMQ_STOMP_URL: browsers get no broker connection at /events/ws/amqp');
    } else {
      gateway = new StompGateway({
        target: app.config.rabbitmqStompUrl,
        policy,
        publish: (destination, body) => app.broker.publish(destination, body),
        log: app.log,
      });
      gateway.attach(app.server);
    }
  } else {
    const embedded = new EmbeddedBroker({ policy, log: app.log });
    embedded.attach(app.server);
    broker = embedded;
  }
  app.decorate('broker', broker);
  app.decorate('brokerTokens', tokens);
  // The relay reads `app.broker` at each publish (tests replace its publish to play a broker outage).
  const outboxRelay = startOutboxRelay({
    ...relayOptions,
    db: app.database,
    broker: { publish: (destination, body) => app.broker.publish(destination, body) },
    log: app.log,
  });
  app.decorate('outboxRelay', outboxRelay);
  // Before the HTTP server closes: open WebSockets would keep it waiting. The relay stops first
  // (what it has not published stays in the outbox for the next start).
  app.addHook('preClose', async () => {
    await outboxRelay.stop();
    await gateway?.close();
    await broker.close();
  });
}
