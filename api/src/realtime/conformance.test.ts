// The broker conformance suite (issue 4 item 13, issue 20): what the browser relies on, and what an
// attacker tries, checked with a real STOMP client against the embedded broker always, and against
// RabbitMQ's Web-STOMP when RABBITMQ_URL is set (run scripts/rabbitmq-setup.sh first: Web-STOMP at
// RABBITMQ_STOMP_URL, default ws://127.0.0.1:15674/ws, asking the API at PORTAL_API_URL, default
// http://127.0.0.1:8080, where this suite then listens). The client connects as the browser does,
// to the API's /events/ws/amqp (the gateway to Web-STOMP with RabbitMQ), with its session cookie
// and a token of that session from POST iam/rabbitmq/token.
import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import amqp from 'amqplib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { openSession } from '../sessions/service';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { readableQueues, type Broker } from './broker';
import { BROKER_PATH, MAX_FRAME_BYTES } from './embedded';
import { recordEvents } from './outbox.repository';
import { BrokerRefusal, brokerToken, connectAsBrowser, connectStomp, pause, subscribe, type StompConnection } from '../testing/realtime';

/** Whether a TCP connection to host:port is accepted. */
function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 2_000 });
    const settle = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}

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
    await createOrganizationCommand(app.database, ['--name', 'Globex']);
    // alice administers Acme (she may open the User List, so send instant messages); bob, carol,
    // dave and erin are Acme's other people; mallory administers Globex.
    const people: Array<[string, string[]]> = [
      ['alice', ['--org', 'Acme', '--role', 'ORG_ADMIN']],
      ['bob', ['--org', 'Acme', '--role', 'READER']],
      ['carol', ['--org', 'Acme']],
      ['dave', ['--org', 'Acme']],
      ['erin', ['--org', 'Acme']],
      ['mallory', ['--org', 'Globex', '--role', 'ORG_ADMIN']],
    ];
    for (const [login, extra] of people) {
      await createTestUser(app, login, clock.now, ...extra);
      ids[login] = (await findUserByLogin(app.database, login))!.id;
      cookies[login] = await authenticate(app, login, clock.now);
    }
    // Their sign-ons' System Sign On events go out before any test listens on sync-user.
    await app.outboxRelay.idle();
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

  const tokenOf = (login: string) => brokerToken(app, cookies[login]!);

  async function connectAs(login: string): Promise<StompConnection> {
    const connection = await connectAsBrowser(app, url, cookies[login]!);
    open.push(connection);
    return connection;
  }

  /** The message of the ERROR frame a connection gets for a frame it sent (it closes afterwards). */
  async function errorAfter(connection: StompConnection): Promise<string> {
    const accepted = pause(5_000).then(() => 'no ERROR within 5 s: the broker accepted the frame');
    const reason = await Promise.race([connection.refused, accepted]);
    expect(connection.errors).toHaveLength(1);
    return reason;
  }

  /** Only what the server publishes reaches the queue: the first message there is the marker published now. */
  async function expectNothingBefore(login: string, kind: 'notifications' | 'events'): Promise<void> {
    const connection = await connectAs(login);
    const inbox = await subscribe(connection, `/amq/queue/${queueOf(kind, login)}`);
    await app.broker.publish(queueOf(kind, login), { marker: true });
    const [first] = await inbox.atLeast(1);
    expect(JSON.parse(first!.body)).toEqual({ marker: true });
    first!.ack();
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

  it('refuses a token that is not one, and an expired one, with 403 (the browser then fetches another)', async () => {
    await expect(connectStomp(url, 'not-a-token', { cookie: cookies.alice })).rejects.toThrow('(403)');
    const token = await tokenOf('alice');
    clock.advance(6 * 60_000);
    await expect(connectStomp(url, token, { cookie: cookies.alice })).rejects.toThrow('(403)');
    // A fresh token works again.
    await connectAs('alice');
  });

  it('refuses a connection without a signed-in session, even with a valid token', async () => {
    await expect(connectStomp(url, await tokenOf('alice'))).rejects.toThrow('(403)');
    await expect(connectStomp(url, await tokenOf('alice'), { cookie: { name: 'portal_session', value: 'made-up' } })).rejects.toThrow('(403)');
  });

  it('refuses every broker account (guest, the compose user, the API\'s own), with or without a session', async () => {
    const own = new URL(rabbitmqUrl ?? process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
    const accounts = [['guest', 'guest'], ['portal', 'portal'], [decodeURIComponent(own.username), decodeURIComponent(own.password)]];
    for (const [login, passcode] of accounts) {
      for (const cookie of [undefined, cookies.alice]) {
        await expect(connectStomp(url, passcode!, { login, cookie })).rejects.toThrow('(403)');
        // The account's password as passcode with the browser's empty login.
        await expect(connectStomp(url, passcode!, { cookie })).rejects.toThrow('(403)');
      }
    }
  });

  it("refuses another user's token with one's own cookie, and a token of another session of the same user", async () => {
    await expect(connectStomp(url, await tokenOf('bob'), { cookie: cookies.alice })).rejects.toThrow('(403)');
    await expect(connectStomp(url, await tokenOf('mallory'), { cookie: cookies.alice })).rejects.toThrow('(403)');
    // Two live sessions of erin: a token of the one is useless with the cookie of the other.
    const erin = (await findUserByLogin(app.database, 'erin'))!;
    const other = await openSession(app.identity, erin, 'Authenticated');
    const otherCookie: SessionCookie = { name: 'portal_session', value: other.token };
    await expect(connectStomp(url, await tokenOf('erin'), { cookie: otherCookie })).rejects.toThrow('(403)');
    await expect(connectStomp(url, await brokerToken(app, otherCookie), { cookie: cookies.erin })).rejects.toThrow('(403)');
    // Each with its own token connects.
    open.push(await connectAsBrowser(app, url, otherCookie), await connectAs('erin'));
  });

  it('keeps an idle connection open while heart-beats pass both ways', async () => {
    // 1 s asked: RabbitMQ drops a client silent for two intervals (the embedded broker negotiates 10 s).
    const connection = await connectStomp(url, await tokenOf('dave'), { cookie: cookies.dave, heartbeat: 1_000 });
    open.push(connection);
    await pause(4_000);
    expect(connection.client.connected).toBe(true);
    const inbox = await subscribe(connection, `/amq/queue/${queueOf('notifications', 'dave')}`);
    await app.broker.publish(queueOf('notifications', 'dave'), { after: 'idle' });
    const [message] = await inbox.atLeast(1);
    expect(JSON.parse(message!.body)).toEqual({ after: 'idle' });
    message!.ack();
  }, 15_000);

  it("delivers a published message on the user's own notifications queue as JSON", async () => {
    const connection = await connectAs('alice');
    const inbox = await subscribe(connection, `/amq/queue/${queueOf('notifications', 'alice')}`);
    await app.broker.publish(queueOf('notifications', 'alice'), { title: 'Hello', message: 'ü ##link##' });
    const [message] = await inbox.atLeast(1);
    expect(JSON.parse(message!.body)).toEqual({ title: 'Hello', message: 'ü ##link##' });
    message!.ack();
  });

  it("refuses to subscribe to another user's queues, of the same organization or another", async () => {
    const attempts: Array<[string, string]> = [];
    for (const kind of ['notifications', 'events'] as const) {
      attempts.push(['alice', `/amq/queue/${queueOf(kind, 'bob')}`], ['alice', `/queue/${queueOf(kind, 'bob')}`]);
      attempts.push(['mallory', `/amq/queue/${queueOf(kind, 'alice')}`], ['alice', `/amq/queue/${queueOf(kind, 'mallory')}`]);
    }
    for (const [login, destination] of attempts) {
      const connection = await connectAs(login);
      await expect(subscribe(connection, destination)).rejects.toThrow(`Access refused to '${destination}' (403).`);
    }
    await expectNothingBefore('bob', 'events');
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

  it('publishes an instant message to a user of the organization, stamped and stripped by the server', async () => {
    const sender = await connectAs('alice');
    const receipt = new Promise<void>((resolve) => sender.client.watchForReceipt('sent-1', () => resolve()));
    sender.client.publish({
      destination: `/amq/queue/${queueOf('notifications', 'carol')}`,
      headers: { persistent: 'true', 'content-type': 'application/json', receipt: 'sent-1' },
      body: JSON.stringify({
        type: 'instant-message',
        project: '',
        sender: 'Security Portal',
        eventId: 'forged-id',
        message: 'Your account is locked: ##https://evil.example/unlock##',
        time: '2000-01-01T00:00:00.000Z',
        title: 'Security alert',
        link: 'https://evil.example/unlock',
        session_id: 'forged',
        data: { id: ids.carol },
      }),
    });
    await receipt;
    const receiver = await connectAs('carol');
    const inbox = await subscribe(receiver, `/amq/queue/${queueOf('notifications', 'carol')}`);
    const [message] = await inbox.atLeast(1);
    expect(JSON.parse(message!.body)).toEqual({
      type: 'instant-message',
      project: '',
      sender: 'User alice (alice)',
      eventId: expect.not.stringMatching(/^forged-id$/),
      message: 'Your account is locked: ##https://evil.example/unlock##',
      time: clock.now().toISOString(),
    });
    message!.ack();
  });

  it('refuses every other SEND: another organization, events queues, other bodies, no permission', async () => {
    const instant = JSON.stringify({ type: 'instant-message', message: 'Hello' });
    const signOn = JSON.stringify({ type: 'System Sign On', session_id: 'forged', timestamp: Date.now() + 60_000, data: { id: ids.carol } });
    const attempts: Array<[string, string, string, string]> = [
      // Cross-organization forgery, both ways.
      ['mallory', `/amq/queue/${queueOf('notifications', 'alice')}`, instant, '(404)'],
      ['alice', `/amq/queue/${queueOf('notifications', 'mallory')}`, instant, '(404)'],
      // Events queues take nothing from browsers, not even one's own.
      ['alice', `/amq/queue/${queueOf('events', 'carol')}`, signOn, '(403)'],
      ['mallory', `/amq/queue/${queueOf('events', 'alice')}`, signOn, '(403)'],
      ['carol', `/amq/queue/${queueOf('events', 'carol')}`, signOn, '(403)'],
      ['alice', '/exchange/sync-user', signOn, '(403)'],
      ['alice', '/exchange/amq.default', instant, '(403)'],
      // Only instant messages go to a notifications queue.
      ['alice', `/amq/queue/${queueOf('notifications', 'carol')}`, signOn, '(400)'],
      ['alice', `/queue/${queueOf('notifications', 'carol')}`, JSON.stringify({ title: 'Security alert', message: 'x', sender: 'Security Portal' }), '(400)'],
      // Without the permission of the screen that sends (the User List).
      ['bob', `/amq/queue/${queueOf('notifications', 'carol')}`, instant, '(403)'],
      ['carol', `/amq/queue/${queueOf('notifications', 'alice')}`, instant, '(403)'],
    ];
    for (const [login, destination, body, status] of attempts) {
      const connection = await connectAs(login);
      connection.client.publish({ destination, body, headers: { 'content-type': 'application/json' } });
      expect([login, destination, await errorAfter(connection)]).toEqual([login, destination, expect.stringContaining(status)]);
    }
    await expectNothingBefore('alice', 'notifications');
    await expectNothingBefore('carol', 'notifications');
    await expectNothingBefore('carol', 'events');
    await expectNothingBefore('mallory', 'notifications');
  });

  it(`refuses a frame larger than ${MAX_FRAME_BYTES} bytes and closes the connection`, async () => {
    const connection = await connectAs('alice');
    connection.client.publish({
      destination: `/amq/queue/${queueOf('notifications', 'alice')}`,
      // Incompressible: RabbitMQ's limit (cowboy's max_frame_size) applies after permessage-deflate.
      body: JSON.stringify({ message: randomBytes(MAX_FRAME_BYTES).toString('base64') }),
    });
    await expect(connection.refused).resolves.toEqual(expect.any(String));
  });

  if (rabbitmqUrl) {
    // As an attacker on the network sees it. (rabbitmq-diagnostics listeners cannot say: RabbitMQ
    // 3.10 reports Web-STOMP on [::] whatever address it is bound to.)
    it('finds Web-STOMP and STOMP closed on every address but loopback after scripts/rabbitmq-setup.sh', async () => {
      const webStomp = Number(new URL(process.env.RABBITMQ_STOMP_URL ?? 'ws://127.0.0.1:15674/ws').port);
      const ports = [webStomp, 61613];
      for (const port of ports) expect([port, await reachable('127.0.0.1', port)]).toEqual([port, true]);
      const external = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address && !address.internal && !address.address.startsWith('fe80:'))
        .map((address) => address!.address);
      // Without a network interface there is nothing to prove: this suite runs where RabbitMQ does, on a networked machine.
      expect(external.length).toBeGreaterThan(0);
      for (const address of external) for (const port of ports) expect([address, port, await reachable(address, port)]).toEqual([address, port, false]);
    });
  }
});
