// What the tabs of one browser say to each other over a BroadcastChannel (spec 4.4): the election
// of the tab that holds the broker connection, its heartbeats and state, the messages it relays,
// and the publications other tabs ask it to make. Timers and the channel are injected so the
// election and the relay are tested without a browser.
import type { RealtimeState } from '@portal/shared';

export type TabMessage =
  /** A tab wants an election (it has no leader): every candidate answers with its id. */
  | { kind: 'candidate'; id: number }
  /** The leader claims the connection; sent on election and as its heartbeat. */
  | { kind: 'leader'; id: number; state: RealtimeState }
  /** The leader is leaving (pagehide): the others elect a new one at once. */
  | { kind: 'resign'; id: number }
  /** A broker message relayed by the leader (logical destination, e.g. 'notifications#42'). */
  | { kind: 'message'; destination: string; body: unknown }
  /** A tab asks the leader to publish. */
  | { kind: 'publish'; from: number; request: string; destination: string; body: unknown }
  /** The leader's answer to a publish request. */
  | { kind: 'published'; to: number; request: string; ok: boolean };

export type Unlisten = () => void;

export interface TabChannel {
  post(message: TabMessage): void;
  listen(listener: (message: TabMessage) => void): Unlisten;
  close(): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

/** A TabChannel over the browser's BroadcastChannel (other tabs of the same origin only). */
export function broadcastTabChannel(name: string): TabChannel {
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen(listener) {
      const onMessage = (event: MessageEvent<TabMessage>) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
