// Fakes for the realtime unit tests only: a broadcast bus joining TabChannels (asynchronous and
// never to the sender, as BroadcastChannel), the jest timers, and a STOMP client whose broker
// side the test drives.
import type { StompClientConfig, StompClientLike, StompMessageLike } from './connection';
import type { TabChannel, TabMessage, Timers } from './protocol';

export const jestTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export function createBus() {
  const members = new Set<{ listeners: Set<(message: TabMessage) => void> }>();
  const sent: TabMessage[] = [];
  return {
    sent,
    channel(): TabChannel {
      const member = { listeners: new Set<(message: TabMessage) => void>() };
      members.add(member);
      return {
        post(message) {
          // A closed channel (a crashed tab) says nothing more.
          if (!members.has(member)) return;
          sent.push(message);
          const copy = JSON.parse(JSON.stringify(message)) as TabMessage;
          for (const other of members) {
            if (other === member) continue;
            setTimeout(() => other.listeners.forEach((listener) => listener(copy)), 0);
          }
        },
        listen(listener) {
          member.listeners.add(listener);
          return () => member.listeners.delete(listener);
        },
        close() {
          members.delete(member);
        },
      };
    },
  };
}

export class FakeStompClient implements StompClientLike {
  onConnect: () => void = () => undefined;
  onStompError: (frame: { headers: Record<string, string>; body: string }) => void = () => undefined;
  onWebSocketClose: () => void = () => undefined;
  activated = false;
  deactivated = false;
  failSubscribes = 0;
  readonly subscriptions: Array<{ destination: string; headers?: Record<string, string>; callback: (message: StompMessageLike) => void }> = [];
  readonly published: Array<{ destination: string; body: string; headers?: Record<string, string> }> = [];
  readonly acked: string[] = [];

  constructor(readonly config: StompClientConfig) {}

  activate(): void {
    this.activated = true;
  }
  async deactivate(): Promise<void> {
    this.deactivated = true;
  }
  subscribe(destination: string, callback: (message: StompMessageLike) => void, headers?: Record<string, string>) {
    if (this.failSubscribes > 0) {
      this.failSubscribes -= 1;
      throw new TypeError('There is no underlying STOMP connection');
    }
    this.subscriptions.push({ destination, headers, callback });
    return { unsubscribe: () => undefined };
  }
  publish(params: { destination: string; body: string; headers?: Record<string, string> }): void {
    this.published.push(params);
  }

  // The broker's side.
  connect(): void {
    this.onConnect();
  }
  deliver(destination: string, body: unknown, messageId = String(this.acked.length + Math.random())): void {
    const subscription = this.subscriptions.find((candidate) => candidate.destination === destination);
    if (!subscription) throw new Error(`no subscription to ${destination}`);
    subscription.callback({ body: JSON.stringify(body), headers: { 'message-id': messageId }, ack: () => this.acked.push(messageId) });
  }
  error(message: string): void {
    this.onStompError({ headers: { message }, body: message });
  }
  close(): void {
    this.onWebSocketClose();
  }
}
