// The embedded broker (ARCHITECTURE "Real-time"): STOMP 1.2 over WebSocket in the API process at
// /events/ws/amqp, for the one-command default without RabbitMQ. It follows what the browser
// relies on in RabbitMQ's Web-STOMP: CONNECT with the broker token as passcode and vhost '/',
// heart-beats only when the client asks (10 s), frames up to 131072 bytes, `/queue/N` and
// `/amq/queue/N` for the durable '#' queues (a user reads only their own), `/exchange/X` for a
// fanout exchange (an exclusive queue per subscriber), MESSAGE with ack ids, ACK/NACK
// (client-individual, client, auto), RECEIPT, ERROR then close on any refusal.
//
// Queues live in memory (embedded-queues.ts): a '#' queue keeps its messages while nobody consumes
// it, for as long as the API process runs (durable across browser reconnects, not an API restart).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { maySend, maySubscribe, parseStompDestination, type Broker } from './broker';
import { EmbeddedQueues, type StoredMessage, type Subscription as QueueSubscription } from './embedded-queues';
import { serializeFrame, StompProtocolError, StompReader, type StompFrame } from './stomp-frame';

/** The browser's broker endpoint (spec 7 default events path). */
export const BROKER_PATH = '/events/ws/amqp';
/** Spec 7: frame max 131072. */
export const MAX_FRAME_BYTES = 131_072;
/** Spec 7: heartbeat 10 s. */
export const HEARTBEAT_MS = 10_000;
/** A WebSocket that has not sent CONNECT by then is closed. */
const CONNECT_TIMEOUT_MS = 10_000;

type Subscription = QueueSubscription<Connection>;

export interface EmbeddedBrokerOptions {
  /** The user id of a valid broker token, else null. */
  verifyToken(token: string): string | null;
  log?: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

interface Connection {
  id: string;
  socket: WebSocket;
  reader: StompReader;
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
  private readonly server = new WebSocketServer({
    noServer: true,
    // Larger than a frame may be: an oversized frame is answered with a STOMP ERROR, not a bare close.
    maxPayload: 4 * MAX_FRAME_BYTES,
    handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
  });
  private upgradeListener?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  private httpServer?: Server;
  /** Until then (epoch ms) the broker plays an outage: no connection, no publish (e2e only). */
  private unavailableUntil = 0;

  constructor(private readonly options: EmbeddedBrokerOptions) {}

  /** Serves the broker on `path` of an HTTP server (the API's own: no extra port). */
  attach(httpServer: Server, path = BROKER_PATH): void {
    this.httpServer = httpServer;
    this.upgradeListener = (request, socket, head) => {
      const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (pathname !== path) {
        // Nobody else serves WebSockets here: refuse instead of leaving the socket hanging.
        if (httpServer.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      if (!this.available()) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        return;
      }
      this.server.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    };
    httpServer.on('upgrade', this.upgradeListener);
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
    for (const connection of [...this.connections]) this.drop(connection, 1012);
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
    for (const connection of [...this.connections]) this.drop(connection, 1001);
    if (this.httpServer && this.upgradeListener) this.httpServer.off('upgrade', this.upgradeListener);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
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

  private accept(socket: WebSocket): void {
    const now = Date.now();
    const connection: Connection = {
      id: randomUUID(),
      socket,
      reader: new StompReader(MAX_FRAME_BYTES),
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
    socket.on('message', (data: RawData) => this.receive(connection, data));
    socket.on('close', () => this.release(connection));
    socket.on('error', () => this.release(connection));
  }

  private receive(connection: Connection, data: RawData): void {
    if (connection.closed) return;
    connection.lastReceived = Date.now();
    const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
    let frames: Array<StompFrame | null>;
    try {
      frames = connection.reader.push(text);
    } catch (error) {
      const reason = error instanceof StompProtocolError ? error.message : 'Malformed frame.';
      this.refuse(connection, reason);
      return;
    }
    for (const frame of frames) {
      if (connection.closed) return;
      if (frame) this.handle(connection, frame);
    }
  }

  private handle(connection: Connection, frame: StompFrame): void {
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
      case 'SEND':
        if (!this.sendFromClient(connection, frame)) return;
        break;
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
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((version) => version.trim());
    if (!versions.includes('1.2')) return this.refuse(connection, 'Supported protocol version is 1.2.');
    const host = frame.headers.host;
    if (host !== undefined && host !== '/') return this.refuse(connection, `Virtual host '${host}' access denied.`);
    const userId = this.options.verifyToken(frame.headers.passcode ?? '');
    if (!userId) {
      this.options.log?.warn({ connection: connection.id }, 'broker connection refused: invalid or expired token');
      return this.refuse(connection, 'Access refused: the broker token is invalid or expired (403).');
    }
    connection.userId = userId;
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
    const destination = parseStompDestination(target);
    if (!destination || !maySubscribe(connection.userId as string, destination)) {
      this.options.log?.warn({ connection: connection.id, destination: target }, 'broker subscription refused');
      return this.refuse(connection, `Access refused to '${target}' (403).`, frame), false;
    }
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

  private sendFromClient(connection: Connection, frame: StompFrame): boolean {
    const target = frame.headers.destination ?? '';
    const destination = parseStompDestination(target);
    if (!destination || !maySend(destination)) {
      this.refuse(connection, `Access refused to '${target}' (403).`, frame);
      return false;
    }
    this.queues.send(destination.name, {
      id: randomUUID(),
      body: frame.body,
      contentType: frame.headers['content-type'] ?? 'application/json',
      redelivered: false,
    });
    return true;
  }

  private receipt(connection: Connection, frame: StompFrame): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) this.send(connection, { command: 'RECEIPT', headers: { 'receipt-id': receipt }, body: '' });
  }

  /** ERROR, then close (STOMP: the server closes the connection after an ERROR frame). */
  private refuse(connection: Connection, message: string, frame?: StompFrame): void {
    const headers: Record<string, string> = { message, 'content-type': 'text/plain' };
    if (frame?.headers.receipt !== undefined) headers['receipt-id'] = frame.headers.receipt;
    this.send(connection, { command: 'ERROR', headers, body: message });
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
    for (const subscription of [...connection.subscriptions.values()]) this.unsubscribe(subscription);
  }
}
