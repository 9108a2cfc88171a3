// The broker conformance suite (issue 4 item 13): what the browser relies on, checked with a real
// STOMP client against the embedded broker always, and against RabbitMQ's Web-STOMP when
// RABBITMQ_URL is set (run scripts/rabbitmq-setup.sh first: Web-STOMP at RABBITMQ_STOMP_URL,
// default ws://127.0.0.1:15674/ws, asking the API at PORTAL_API_URL, default http://127.0.0.1:8080,
// where this suite then listens). The client connects as the browser does, to the API's
// /events/ws/amqp (relayed to Web-STOMP with RabbitMQ). Tokens come from POST iam/rabbitmq/token.
import { randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../identity/testing';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../users/commands';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../users/testing';
import { readableQueues, type Broker } from './broker';
import { BROKER_PATH, MAX_FRAME_BYTES } from './embedded';
import { recordEvents } from './outbox';
import { BrokerRefusal, connectStomp, pause, subscribe, type StompConnection } from './testing';

interface Target {
  name: string;
  rabbitmqUrl?: string;
}

const targets: Target[] = [{ name: 'embedded broker' }];
if (process.env.RABBITMQ_URL) targets.push({ name: 'RabbitMQ Web-STOMP', rabbitmqUrl: process.env.RABBITMQ_URL });

describe.each(targets)('broker conformance: $name', ({ rabbitmqUrl }) => {
  const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
  let environment: TestEnvironment;
  let app: FastifyInstance;
  let url: string;
  const cookies: Record<string, SessionCookie> = {};
  const ids: Record<string, string> = {};
  const open: StompConnection[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment();
    const rabbitmqStompUrl = rabbitmqUrl ? (process.env.RABBITMQ_STOMP_URL ?? 'ws://127.0.0.1:15674/ws') : undefined;
    app = likeTheApiClient(await buildApp({ config: { ...environment.config, rabbitmqUrl, rabbitmqStompUrl }, now: clock.now }));
    // RabbitMQ asks the API at PORTAL_API_URL about tokens: listen there.
    const api = new URL(rabbitmqUrl ? (process.env.PORTAL_API_URL ?? 'http://127.0.0.1:8080') : 'http://127.0.0.1:0');
    const address = await app.listen({ host: api.hostname, port: Number(api.port || 0) });
    // As the browser connects: the API's /events/ws/amqp (relayed to Web-STOMP with RabbitMQ).
    url = `${address.replace(/^http/, 'ws')}${BROKER_PATH}`;
    await createOrganizationCommand(app.database, ['--name', 'Acme']);
    for (const login of ['alice', 'bob', 'carol', 'dave']) {
      await createTestUser(app, login, clock.now, '--org', 'Acme');
      ids[login] = (await findUserByLogin(app.database, login))!.id;
      cookies[login] = await authenticate(app, login, clock.now);
    }
  }, 60_000);

  afterEach(async () => {
    for (const connection of open.splice(0)) await connection.disconnect();
  });

  afterAll(async () => {
    await app.close();
    if (rabbitmqUrl) {
      // The users' durable queues would outlive the run.
      const connection = await amqp.connect(rabbitmqUrl);
      const channel = await connection.createChannel();
      for (const id of Object.values(ids)) for (const queue of readableQueues(id)) await channel.deleteQueue(queue);
      await connection.close();
    }
    await environment.cleanup();
  });

  async function tokenOf(login: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/iam/rabbitmq/token', headers: withCookie(cookies[login]!) });
    expect(response.statusCode).toBe(200);
    return (response.json() as { token: string }).token;
  }

  async function connectAs(login: string): Promise<StompConnection> {
    const connection = await connectStomp(url, await tokenOf(login));
    open.push(connection);
    return connection;
  }

  const queueOf = (kind: 'notifications' | 'events', login: string) => `${kind}#${ids[login]}`;

  it('connects with a broker token: login empty, vhost /, STOMP 1.2, heart-beats of 10 s when asked', async () => {
    const connection = await connectAs('alice');
    expect(connection.connected.headers.version).toBe('1.2');
    const [sends, wants] = (connection.connected.headers['heart-beat'] ?? '0,0').split(',').map(Number);
    expect(sends).toBeGreaterThan(0);
    expect(wants).toBeGreaterThan(0);
    expect(sends).toBeLessThanOrEqual(10_000);
  });

  it('refuses a token that is not one, and an expired one', async () => {
    await expect(connectStomp(url, 'not-a-token')).rejects.toBeInstanceOf(BrokerRefusal);
    const token = await tokenOf('alice');
    clock.advance(6 * 60_000);
    await expect(connectStomp(url, token)).rejects.toBeInstanceOf(BrokerRefusal);
    // A fresh token works again.
    await connectAs('alice');
  });

  it("delivers a published message on the user's own notifications queue as JSON", async () => {
    const connection = await connectAs('alice');
    const inbox = await subscribe(connection, `/amq/queue/${queueOf('notifications', 'alice')}`);
    await app.broker.publish(queueOf('notifications', 'alice'), { title: 'Hello', message: 'ü ##link##' });
    const [message] = await inbox.atLeast(1);
    expect(JSON.parse(message!.body)).toEqual({ title: 'Hello', message: 'ü ##link##' });
    message!.ack();
  });

  it("refuses another user's queue with an ERROR and delivers nothing of it", async () => {
    const intruder = await connectAs('alice');
    await expect(subscribe(intruder, `/amq/queue/${queueOf('notifications', 'bob')}`)).rejects.toBeInstanceOf(BrokerRefusal);
    await app.broker.publish(queueOf('notifications', 'bob'), { for: 'bob' });
    const owner = await connectAs('bob');
    const inbox = await subscribe(owner, `/amq/queue/${queueOf('notifications', 'bob')}`);
    const [message] = await inbox.atLeast(1);
    expect(JSON.parse(message!.body)).toEqual({ for: 'bob' });
    message!.ack();
  });

  it('fans an exchange message out to every subscriber', async () => {
    const first = await connectAs('alice');
    const second = await connectAs('bob');
    const inboxes = [await subscribe(first, '/exchange/sync-user'), await subscribe(second, '/exchange/sync-user')];
    await app.broker.publish('sync-user', { type: 'refresh', n: 1 });
    for (const inbox of inboxes) {
      const [message] = await inbox.atLeast(1);
      expect(JSON.parse(message!.body)).toEqual({ type: 'refresh', n: 1 });
      message!.ack();
    }
  });

  it("keeps a '#' queue's messages while nobody is subscribed, in order", async () => {
    await tokenOf('carol'); // as the browser does first: the queues exist from then on
    await app.broker.publish(queueOf('events', 'carol'), { n: 1 });
    await app.broker.publish(queueOf('events', 'carol'), { n: 2 });
    await pause(200);
    const connection = await connectAs('carol');
    const inbox = await subscribe(connection, `/amq/queue/${queueOf('events', 'carol')}`);
    const messages = await inbox.atLeast(2);
    expect(messages.map((message) => JSON.parse(message.body))).toEqual([{ n: 1 }, { n: 2 }]);
    for (const message of messages) message.ack();
  });

  it('redelivers what was not acknowledged (after a reconnect, or a NACK) and never what was', async () => {
    const destination = `/amq/queue/${queueOf('events', 'dave')}`;
    const first = await connectAs('dave');
    const inbox = await subscribe(first, destination);
    await app.broker.publish(queueOf('events', 'dave'), { n: 1 });
    await app.broker.publish(queueOf('events', 'dave'), { n: 2 });
    const [one] = await inbox.atLeast(2);
    one!.ack();
    await pause(200);
    await first.disconnect();

    const second = await connectAs('dave');
    const again = await subscribe(second, destination);
    const [redelivered] = await again.atLeast(1);
    expect(JSON.parse(redelivered!.body)).toEqual({ n: 2 });
    expect(redelivered!.headers.redelivered).toBe('true');
    redelivered!.nack();
    const [, afterNack] = await again.atLeast(2);
    expect(JSON.parse(afterNack!.body)).toEqual({ n: 2 });
    afterNack!.ack();
    await pause(300);
    expect(again.messages).toHaveLength(2);
  });

  it('relays an outbox event with broker confirmation, also one recorded while publishing failed (item 12)', async () => {
    // The broker refuses: the event stays in the outbox, the relay retries.
    const broker = app.broker as Broker & { publish: Broker['publish'] };
    let refused = 0;
    broker.publish = async () => {
      refused += 1;
      throw new Error('broker down');
    };
    try {
      await app.database.transaction((tx) =>
        recordEvents(tx, [{ destination: queueOf('events', 'alice'), body: { eventId: `outbox-${Date.now()}`, n: 7 } }]),
      );
      app.outboxRelay.notify();
      await pause(400);
      expect(refused).toBeGreaterThanOrEqual(1);
    } finally {
      // Back to the prototype's publish: the broker is up again.
      delete (broker as Partial<Broker>).publish;
    }
    const connection = await connectAs('alice');
    const inbox = await subscribe(connection, `/amq/queue/${queueOf('events', 'alice')}`);
    const [message] = await inbox.atLeast(1, 8_000);
    expect(JSON.parse(message!.body)).toMatchObject({ n: 7 });
    message!.ack();
    // The relay marks the row once the broker has confirmed, which may be just after delivery.
    const pending = async () => (await app.database.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL'))[0]!.n;
    for (let attempt = 0; attempt < 100 && (await pending()) > 0; attempt += 1) await pause(50);
    expect(await pending()).toBe(0);
  }, 15_000);

  it(`refuses a frame larger than ${MAX_FRAME_BYTES} bytes and closes the connection`, async () => {
    const connection = await connectAs('alice');
    connection.client.publish({
      destination: `/amq/queue/${queueOf('notifications', 'alice')}`,
      // Incompressible: RabbitMQ's limit (cowboy's max_frame_size) applies after permessage-deflate.
      body: JSON.stringify({ message: randomBytes(MAX_FRAME_BYTES).toString('base64') }),
    });
    await expect(connection.refused).resolves.toEqual(expect.any(String));
  });
});
