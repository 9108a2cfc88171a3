// The host's implementation of the realtime facade (spec 4.4): the tabs elect a leader; the
// leader holds the broker connection, hands every message to this tab's subscribers and relays it
// to the other tabs; the others receive relayed messages, mirror the leader's connection state and
// ask the leader to publish for them. Messages are de-duplicated by eventId in every tab.
import type { RealtimeFacade, RealtimeHandler, RealtimeState, RealtimeStateListener, Unsubscribe } from '@portal/shared';
import type { BrokerConnection } from './connection';
import { createDeduplicator } from './dedupe';
import { createTabElection, type TabElection, type TabRole } from './election';
import type { TabChannel, TabMessage, Timers } from './protocol';

/** A follower's publish fails when the leader does not answer in time. */
export const RELAY_PUBLISH_TIMEOUT_MS = 5_000;

export interface RealtimeHubOptions {
  id: number;
  channel: TabChannel;
  timers: Timers;
  /** Makes the broker connection when this tab becomes the leader. */
  createConnection(callbacks: { onMessage(destination: string, body: unknown): void; onState(state: RealtimeState): void }): BrokerConnection;
  waitMs?: number;
  heartbeatMs?: number;
  leaderTimeoutMs?: number;
  log?: Pick<Console, 'warn'>;
}

export interface RealtimeHub extends RealtimeFacade {
  readonly role: TabRole;
  start(): void;
  stop(): Promise<void>;
}

export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const { channel, timers, id } = options;
  const log = options.log ?? console;
  const handlers = new Map<string, Set<RealtimeHandler<unknown>>>();
  const stateListeners = new Set<RealtimeStateListener>();
  const dedupe = createDeduplicator();
  const pending = new Map<string, { resolve(): void; reject(error: Error): void; timer: unknown }>();
  let state: RealtimeState = 'Disconnected';
  let connection: BrokerConnection | null = null;
  let requests = 0;
  let election: TabElection | null = null;

  function setState(next: RealtimeState): void {
    if (next === state) return;
    state = next;
    // A copy: a listener called here may subscribe or unsubscribe; this round calls those present now.
    for (const listener of Array.from(stateListeners)) listener(next);
  }

  function dispatch(destination: string, body: unknown): void {
    if (!dedupe.firstTime(body)) return;
    // A copy: a listener called here may subscribe or unsubscribe; this round calls those present now.
    for (const handler of Array.from(handlers.get(destination) ?? [])) {
      try {
        handler(body, destination);
      } catch (error) {
        log.warn(`A realtime handler of ${destination} failed.`, error);
      }
    }
  }

  function fromBroker(destination: string, body: unknown): void {
    channel.post({ kind: 'message', destination, body });
    dispatch(destination, body);
  }

  function publishForFollower(message: Extract<TabMessage, { kind: 'publish' }>): void {
    const answer = (ok: boolean) => channel.post({ kind: 'published', to: message.from, request: message.request, ok });
    if (!connection) return answer(false);
    connection.publish(message.destination, message.body).then(
      () => answer(true),
      (error: unknown) => {
        log.warn('A relayed publish failed.', error);
        answer(false);
      },
    );
  }

  function onMessage(message: TabMessage): void {
    switch (message.kind) {
      case 'message':
        if (election?.role !== 'leader') dispatch(message.destination, message.body);
        return;
      case 'publish':
        if (election?.role === 'leader') publishForFollower(message);
        return;
      case 'published': {
        if (message.to !== id) return;
        const request = pending.get(message.request);
        if (!request) return;
        pending.delete(message.request);
        timers.clearTimeout(request.timer);
        if (message.ok) request.resolve();
        else request.reject(new Error('The leading tab could not publish the message.'));
        return;
      }
      default:
    }
  }

  function onRoleChange(role: TabRole): void {
    if (role === 'leader') {
      const created: BrokerConnection = options.createConnection({
        onMessage: (destination, body) => {
          if (connection === created) fromBroker(destination, body);
        },
        onState(next) {
          if (connection !== created) return;
          setState(next);
          election?.announce();
        },
      });
      connection = created;
      created.start();
      return;
    }
    const previous = connection;
    connection = null;
    if (previous) void previous.stop();
    if (role === 'electing') setState('Connecting');
  }

  const hub: RealtimeHub = {
    get state() {
      return state;
    },
    get role() {
      return election?.role ?? 'electing';
    },
    subscribe<T>(destination: string, handler: RealtimeHandler<T>): Unsubscribe {
      const set = handlers.get(destination) ?? new Set<RealtimeHandler<unknown>>();
      set.add(handler as RealtimeHandler<unknown>);
      handlers.set(destination, set);
      return () => {
        set.delete(handler as RealtimeHandler<unknown>);
      };
    },
    publish(destination: string, body: unknown): Promise<void> {
      if (election?.role === 'leader' && connection) return connection.publish(destination, body);
      if (!election || election.leaderId === null) return Promise.reject(new Error('No tab holds the broker connection.'));
      requests += 1;
      const request = `${id}:${requests}`;
      return new Promise<void>((resolve, reject) => {
        const timer = timers.setTimeout(() => {
          pending.delete(request);
          reject(new Error('The leading tab did not answer.'));
        }, RELAY_PUBLISH_TIMEOUT_MS);
        pending.set(request, { resolve, reject, timer });
        channel.post({ kind: 'publish', from: id, request, destination, body });
      });
    },
    onStateChange(listener: RealtimeStateListener): Unsubscribe {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
    start() {
      if (election) return;
      setState('Connecting');
      election = createTabElection({
        id,
        channel,
        timers,
        leaderState: () => state,
        onRoleChange,
        onLeaderState: (leaderState) => setState(leaderState),
        onMessage,
        waitMs: options.waitMs,
        heartbeatMs: options.heartbeatMs,
        leaderTimeoutMs: options.leaderTimeoutMs,
      });
      election.start();
    },
    async stop() {
      const current = election;
      election = null;
      current?.stop();
      const previous = connection;
      connection = null;
      if (previous) await previous.stop();
      for (const [, request] of pending) {
        timers.clearTimeout(request.timer);
        request.reject(new Error('The realtime connection was closed.'));
      }
      pending.clear();
      setState('Disconnected');
    },
  };
  return hub;
}
