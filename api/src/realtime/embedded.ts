// The embedded broker (ARCHITECTURE "Real-time"): STOMP 1.2 over WebSocket in the API process at
// /events/ws/amqp, for the one-command default without RabbitMQ. It follows what the browser
// relies on in RabbitMQ's Web-STOMP: CONNECT with the broker token as passcode and vhost '/',
// heart-beats only when the client asks (10 s), frames up to 131072 bytes, `/queue/N` and
// `/amq/queue/N` for the durable '#' queues, `/exchange/X` for a fanout exchange (an exclusive
// queue per subscriber), MESSAGE with ack ids, ACK/NACK (client-individual, client, auto),
// RECEIPT, ERROR then close on any refusal. Who may connect, subscribe and send is the browser
// policy's (browser-policy.ts), the same as in front of RabbitMQ: a SEND is an instant message the
// policy rebuilds and this broker publishes as the API would.
//
// Queues live in memory (embedded-queues.ts): a '#' queue keeps its messages while nobody consumes
// it, for as long as the API process runs (durable across browser reconnects, not an API restart).
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { WebSocket } from 'ws';
import type { Broker } from './broker';
import {
  BROKER_PATH,
  CONNECT_TIMEOUT_MS,
  errorFrame,
  HEARTBEAT_MS,
  readBrowserFrames,
  serveBrowserEndpoint,
  type BrowserEndpoint,
} from './browser-endpoint';
import type { BrowserPolicy, BrowserSession } from './browser-policy';
import { EmbeddedQueues, type StoredMessage, type Subscription as QueueSubscription } from './embedded-queues';
import { serializeFrame, type StompFrame } from './stomp-frame';

export { BROKER_PATH, HEARTBEAT_MS, MAX_FRAME_BYTES } from './browser-endpoint';

type Subscription = QueueSubscription<Connection>;

export interface EmbeddedBrokerOptions {
  /** Who may connect, subscribe and send (the same policy as in front of RabbitMQ). */
  policy: BrowserPolicy;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

interface Connection {
  id: string;
  socket: WebSocket;
  /** The signed-in session of the upgrade's cookie (null: CONNECT is refused). */
  session: BrowserSession | null;
  /** Set by an accepted CONNECT. */
  userId: string | null;
  subscriptions: Map<string, Subscription>;
  lastReceived: number;
  lastSent: number;
  timers: NodeJS.Timeout[];
  closed: boolean;
  sequence: number;
}

export class EmbeddedBroker implements Broker {
  readonly kind = 'embedded' as const;
  private readonly queues = new EmbeddedQueues<Connection>((subscription, message) => this.deliver(subscription, message));
  private readonly connections = new Set<Connection>();
  private endpoint?: BrowserEndpoint;
  /** Until then (epoch ms) the broker plays an outage: no connection, no publish (e2e only). */
  private unavailableUntil = 0;

  constructor(private readonly options: EmbeddedBrokerOptions) {}

  /** Serves the broker on `path` of an HTTP server (the API's own: no extra port). */
  attach(httpServer: Server, path = BROKER_PATH): void {
    this.endpoint = serveBrowserEndpoint(httpServer, path, {
      policy: this.options.policy,
      unavailable: () => (this.available() ? undefined : '503 Service Unavailable'),
      accept: (socket, session) => this.accept(socket, session),
      log: this.options.log,
    });
  }

  /** Open broker connections (the e2e tests count one per browser). */
  connectionCount(): number {
    return this.connections.size;
  }

  /** Open broker connections per user id (signed-in ones; the e2e tests expect one per browser). */
  connectionsByUser(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const connection of this.connections) {
      if (connection.userId) counts.set(connection.userId, (counts.get(connection.userId) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Plays a broker restart (e2e only): drops every connection (what they had not acknowledged is
   * requeued, queues keep their messages as RabbitMQ's durable ones do) and refuses connections and
   * publishes for `ms`.
   */
  suspend(ms: number): void {
    this.unavailableUntil = Date.now() + ms;
    for (const connection of Array.from(this.connections)) this.drop(connection, 1012);
  }

  private available(): boolean {
    return Date.now() >= this.unavailableUntil;
  }

  async publish(destination: string, body: unknown): Promise<void> {
    if (!this.available()) throw new Error('The embedded broker is unavailable (a played restart).');
    const message = (): StoredMessage => ({
      id: randomUUID(),
      body: JSON.stringify(body ?? null),
      contentType: 'application/json',
      redelivered: false,
    });
    this.queues.publish(destination, message);
  }

  async prepareUser(): Promise<void> {
    // Queues are made on first use here.
  }

  async close(): Promise<void> {
    for (const connection of Array.from(this.connections)) this.drop(connection, 1001);
    await this.endpoint?.close();
  }

  /** Messages waiting in a queue (tests). */
  readyCount(queue: string): number {
    return this.queues.readyCount(queue);
  }

  private deliver(subscription: Subscription, message: StoredMessage): void {
    const connection = subscription.connection;
    const headers: Record<string, string> = {
      subscription: subscription.id,
      destination: subscription.destination,
      'message-id': message.id,
      'content-type': message.contentType,
      redelivered: String(message.redelivered),
    };
    if (subscription.ack !== 'auto') {
      connection.sequence += 1;
      const ackId = `${connection.id}:${connection.sequence}`;
      subscription.unacked.set(ackId, message);
      headers.ack = ackId;
    }
    this.send(connection, { command: 'MESSAGE', headers, body: message.body });
  }

  private accept(socket: WebSocket, session: BrowserSession | null): void {
    const now = Date.now();
    const connection: Connection = {
      id: randomUUID(),
      socket,
      session,
      userId: null,
      subscriptions: new Map(),
      lastReceived: now,
      lastSent: now,
      timers: [],
      closed: false,
      sequence: 0,
    };
    this.connections.add(connection);
    connection.timers.push(
      setTimeout(() => {
        if (!connection.userId) this.refuse(connection, 'No CONNECT frame was received in time.');
      }, CONNECT_TIMEOUT_MS),
    );
    socket.on('message', () => {
      connection.lastReceived = Date.now();
    });
    readBrowserFrames(socket, {
      frame: (frame) => (frame ? this.handle(connection, frame) : undefined),
      refuse: (message, frame) => this.refuse(connection, message, frame),
      closed: () => connection.closed,
      log: this.options.log,
    });
    socket.on('close', () => this.release(connection));
    socket.on('error', () => this.release(connection));
  }

  private async handle(connection: Connection, frame: StompFrame): Promise<void> {
    if (!connection.userId) {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') this.connect(connection, frame);
      else this.refuse(connection, `Expected CONNECT, received ${frame.command}.`);
      return;
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        if (!this.subscribe(connection, frame)) return;
        break;
      case 'UNSUBSCRIBE': {
        const subscription = connection.subscriptions.get(frame.headers.id ?? '');
        if (!subscription) return this.refuse(connection, `No subscription '${frame.headers.id ?? ''}'.`, frame);
        this.unsubscribe(subscription);
        break;
      }
      case 'ACK':
      case 'NACK':
        if (!this.acknowledge(connection, frame)) return;
        break;
      case 'SEND': {
        // An instant message: rebuilt by the policy and published as the API publishes.
        const { destination, body } = await this.options.policy.instantMessage(connection.session as BrowserSession, frame);
        await this.publish(destination, body);
        break;
      }
      case 'DISCONNECT':
        this.receipt(connection, frame);
        this.drop(connection, 1000);
        return;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return this.refuse(connection, 'Transactions are not supported.', frame);
      default:
        return this.refuse(connection, `Unknown command ${frame.command}.`, frame);
    }
    this.receipt(connection, frame);
  }

  private connect(connection: Connection, frame: StompFrame): void {
    connection.userId = this.options.policy.connect(connection.session, frame);
    const [clientSends, clientWants] = (frame.headers['heart-beat'] ?? '0,0').split(',').map((part) => Number(part) || 0);
    // Heart-beats only when the client asks for them (as RabbitMQ does); then every 10 s or slower.
    const outgoing = clientWants && clientWants > 0 ? Math.max(HEARTBEAT_MS, clientWants) : 0;
    const incoming = clientSends && clientSends > 0 ? Math.max(HEARTBEAT_MS, clientSends) : 0;
    this.send(connection, {
      command: 'CONNECTED',
      headers: { version: '1.2', 'heart-beat': `${outgoing},${incoming}`, server: 'portal-embedded-broker/1', session: connection.id },
      body: '',
    });
    if (outgoing > 0) {
      connection.timers.push(
        setInterval(() => {
          if (Date.now() - connection.lastSent >= outgoing / 2) this.write(connection, '\n');
        }, outgoing / 2),
      );
    }
    if (incoming > 0) {
      connection.timers.push(
        setInterval(() => {
          // The usual tolerance: a peer is dead after twice its interval without a byte.
          if (Date.now() - connection.lastReceived > 2 * incoming) this.drop(connection, 1001);
        }, incoming),
      );
    }
  }

  private subscribe(connection: Connection, frame: StompFrame): boolean {
    const id = frame.headers.id;
    const target = frame.headers.destination ?? '';
    if (!id) return this.refuse(connection, 'SUBSCRIBE needs an id header.', frame), false;
    if (connection.subscriptions.has(id)) return this.refuse(connection, `Subscription '${id}' exists already.`, frame), false;
    const destination = this.options.policy.subscription(connection.userId as string, frame);
    const ack = frame.headers.ack ?? 'auto';
    if (ack !== 'auto' && ack !== 'client' && ack !== 'client-individual') {
      return this.refuse(connection, `Unknown ack mode '${ack}'.`, frame), false;
    }
    const queue = this.queues.queueFor(destination);
    const subscription: Subscription = { id, connection, destination: target, queue, ack, unacked: new Map() };
    connection.subscriptions.set(id, subscription);
    this.queues.addConsumer(subscription);
    return true;
  }

  private unsubscribe(subscription: Subscription): void {
    subscription.connection.subscriptions.delete(subscription.id);
    this.queues.removeConsumer(subscription);
  }

  private acknowledge(connection: Connection, frame: StompFrame): boolean {
    const ackId = frame.headers.id ?? '';
    // As RabbitMQ: a NACK requeues the message (redelivered) unless requeue:false.
    const requeue = frame.command === 'NACK' && frame.headers.requeue !== 'false';
    if (this.queues.acknowledge(connection.subscriptions.values(), ackId, requeue)) return true;
    this.refuse(connection, `Unknown ack id '${ackId}'.`, frame);
    return false;
  }

  private receipt(connection: Connection, frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send(connection, { command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  /** ERROR, then close (STOMP: the server closes the connection after an ERROR frame). */
  private refuse(connection: Connection, message: string, frame?: StompFrame): void {
    if (connection.closed) return;
    this.send(connection, errorFrame(message, frame));
    this.drop(connection, 1000);
  }

  private send(connection: Connection, frame: StompFrame): void {
    this.write(connection, serializeFrame(frame));
  }

  private write(connection: Connection, text: string): void {
    if (connection.closed || connection.socket.readyState !== connection.socket.OPEN) return;
    connection.lastSent = Date.now();
    connection.socket.send(text);
  }

  private drop(connection: Connection, code: number): void {
    if (connection.closed) return;
    this.release(connection);
    connection.socket.close(code);
  }

  /** The connection is gone: its subscriptions end and what it had not acknowledged is requeued. */
  private release(connection: Connection): void {
    if (connection.closed) return;
    connection.closed = true;
    this.connections.delete(connection);
    for (const timer of connection.timers) clearTimeout(timer);
    for (const subscription of Array.from(connection.subscriptions.values())) this.unsubscribe(subscription);
  }
}
