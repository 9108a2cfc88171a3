// Test helpers of the broker suites: a real STOMP client (@stomp/stompjs over the `ws` package,
// as TOOLCHAIN "Tests" advises for Node) connected the way the browser connects (spec 7: login
// empty, token as passcode, vhost '/', heartbeat 10 s), and an inbox of received messages.
import { randomUUID } from 'node:crypto';
import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import WebSocket from 'ws';

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

export function connectStomp(url: string, passcode: string, heartbeat = 10_000): Promise<StompConnection> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let refuse: (reason: string) => void = () => undefined;
    const refused = new Promise<string>((done) => {
      refuse = done;
    });
    const errors: IFrame[] = [];
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
      connectHeaders: { login: '', passcode, host: '/' },
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
