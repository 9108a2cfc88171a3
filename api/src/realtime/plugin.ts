// Wires the real-time side of the API: the broker token issuer and the Broker — RabbitMQ when
// RABBITMQ_URL is set (with RABBITMQ_STOMP_URL, /events/ws/amqp is relayed to its Web-STOMP),
// otherwise the embedded STOMP broker served on the API's own HTTP server at /events/ws/amqp (no
// extra port). Routes use `app.broker` to publish and `app.brokerTokens` for tokens.
import type { FastifyInstance } from 'fastify';
import { loadSecretKey } from '../identity/secret-box';
import type { Broker } from './broker';
import { EmbeddedBroker } from './embedded';
import { RabbitMqBroker } from './rabbitmq';
import { attachStompRelay, type StompRelay } from './relay';
import { createBrokerTokens, type BrokerTokens } from './token';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes to browsers (spec 7 destinations): `app.broker.publish('notifications#<userId>', body)`. */
    broker: Broker;
    brokerTokens: BrokerTokens;
  }
}

/** Call after `app.identity` is decorated and before the /api routes. */
export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const tokens = createBrokerTokens(await loadSecretKey(app.identity.settings.secretKey, app.config.dataDir));
  let broker: Broker;
  let relay: StompRelay | undefined;
  if (app.config.rabbitmqUrl) {
    broker = new RabbitMqBroker(app.config.rabbitmqUrl);
    // Browsers keep connecting to /events/ws/amqp here; without the relay a proxy in front must map it.
    if (app.config.rabbitmqStompUrl) relay = attachStompRelay(app.server, app.config.rabbitmqStompUrl);
  } else {
    const embedded = new EmbeddedBroker({
      verifyToken: (token) => tokens.verify(token, app.identity.now()),
      log: app.log,
    });
    embedded.attach(app.server);
    broker = embedded;
  }
  app.decorate('broker', broker);
  app.decorate('brokerTokens', tokens);
  // Before the HTTP server closes: open WebSockets would keep it waiting.
  app.addHook('preClose', async () => {
    relay?.close();
    await broker.close();
  });
}
