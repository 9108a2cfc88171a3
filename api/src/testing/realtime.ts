// Test helpers of the broker suites: a real STOMP client (@stomp/stompjs over the `ws` package,
// as TOOLCHAIN "Tests" advises for Node) connected the way the browser connects (spec 7: the
// session cookie on the WebSocket, login empty, token as passcode, vhost '/', heartbeat 10 s), and
// an inbox of received messages.
import { randomUUID } from 'node:crypto';
import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { withCookie, type SessionCookie } from '../testing/identity';

export class BrokerRefusal extends Error {}

export interface StompConnection {
  client: Client;
  connected: IFrame;
  /** ERROR frames received after CONNECTED. */
  errors: IFrame[];
  /** Resolves with the first ERROR frame or the close, whichever comes first. */
  refused: Promise<string>;
  disconnect(): Promise<void>;
}

export interface ConnectOptions {
  /** The session cookie the browser sends with the WebSocket upgrade (none: an anonymous socket). */
  cookie?: SessionCookie;
  /** The CONNECT login (the browser's is empty). */
  login?: string;
  heartbeat?: number;
}

export function connectStomp(url: string, passcode: string, options: ConnectOptions = {}): Promise<StompConnection> {
  const { cookie, login = '', heartbeat = 10_000 } = options;
  return new Promise((resolve, reject) => {
    let settled = false;
    let refuse: (reason: string) => void = () => undefined;
    const refused = new Promise<string>((done) => {
      refuse = done;
    });
    const errors: IFrame[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp'], cookie ? { headers: withCookie(cookie) } : {}) as unknown as IStompSocket,
      connectHeaders: { login, passcode, host: '/' },
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      reconnectDelay: 0,
      debug: () => undefined,
    });
    client.onConnect = (connected) => {
      settled = true;
      resolve({
        client,
        connected,
        errors,
        refused,
        disconnect: () => client.deactivate(),
      });
    };
    client.onStompError = (frame) => {
      errors.push(frame);
      refuse(frame.headers.message ?? frame.body);
      if (!settled) {
        settled = true;
        void client.deactivate();
        reject(new BrokerRefusal(frame.headers.message ?? frame.body));
      }
    };
    client.onWebSocketClose = (event: { code?: number }) => {
      refuse(`closed (${event.code ?? 'no code'})`);
      if (!settled) {
        settled = true;
        void client.deactivate();
        reject(new BrokerRefusal(`closed before CONNECTED (${event.code ?? 'no code'})`));
      }
    };
    client.activate();
  });
}

/** POST iam/rabbitmq/token as the browser of that session asks for it. */
export async function brokerToken(app: FastifyInstance, cookie: SessionCookie): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/iam/rabbitmq/token', headers: withCookie(cookie) });
  if (response.statusCode !== 200) throw new Error(`no broker token: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

/** Connects as the browser of that session does: its cookie on the WebSocket, a fresh token of it as passcode. */
export async function connectAsBrowser(app: FastifyInstance, url: string, cookie: SessionCookie): Promise<StompConnection> {
  return connectStomp(url, await brokerToken(app, cookie), { cookie });
}

/** Messages of one subscription, in arrival order, with a way to wait for the next ones. */
export class Inbox {
  readonly messages: IMessage[] = [];
  private waiters: Array<() => void> = [];

  push(message: IMessage): void {
    this.messages.push(message);
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Waits until `count` messages have arrived in all (fails after `timeoutMs`). */
  async atLeast(count: number, timeoutMs = 5_000): Promise<IMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} messages, received ${this.messages.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages.slice(0, count);
  }
}

/** Subscribes and resolves once the broker has confirmed it (RECEIPT), so publishing after it is seen. */
export async function subscribe(
  connection: StompConnection,
  destination: string,
  ack: 'auto' | 'client' | 'client-individual' = 'client-individual',
): Promise<Inbox> {
  const inbox = new Inbox();
  const receipt = randomUUID();
  const confirmed = new Promise<void>((resolve) => connection.client.watchForReceipt(receipt, () => resolve()));
  connection.client.subscribe(destination, (message) => inbox.push(message), { ack, receipt });
  await Promise.race([confirmed, connection.refused.then((reason) => Promise.reject(new BrokerRefusal(reason)))]);
  return inbox;
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
