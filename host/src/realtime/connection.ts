// The broker connection of the leading tab (spec 4.4, 7, 8): fetch the broker token, connect with
// STOMP over WebSocket (login empty, token as passcode, vhost '/', heart-beat 10 s), subscribe the
// shell's destinations with manual acknowledgement, and keep it up: on a lost connection the
// state is Reconnecting and each attempt waits 1 s longer than the last, up to 10 s; a failed
// subscribe is retried after 1 s; an error naming '(403)' drops the token so the next attempt
// fetches a new one. The STOMP client is made by an injected factory (the real one loads
// @stomp/stompjs lazily; tests pass a fake).
import {
  REALTIME_FRAME_MAX,
  REALTIME_HEARTBEAT_MS,
  REALTIME_SUBSCRIBE_RETRY_MS,
  REALTIME_VHOST,
  isDurableQueue,
  realtimeReconnectDelay,
  type RealtimeState,
} from '@portal/shared';
import type { Timers } from './protocol';

export interface StompMessageLike {
  body: string;
  headers: Record<string, string>;
  ack(): void;
}

export interface StompSubscriptionLike {
  unsubscribe(): void;
}

/** The part of @stomp/stompjs's Client the connection uses. */
export interface StompClientLike {
  onConnect: () => void;
  onStompError: (frame: { headers: Record<string, string>; body: string }) => void;
  onWebSocketClose: () => void;
  activate(): void;
  deactivate(): Promise<void>;
  subscribe(destination: string, callback: (message: StompMessageLike) => void, headers?: Record<string, string>): StompSubscriptionLike;
  publish(params: { destination: string; body: string; headers?: Record<string, string> }): void;
}

export interface StompClientConfig {
  brokerURL: string;
  connectHeaders: Record<string, string>;
  heartbeatIncoming: number;
  heartbeatOutgoing: number;
}

export type StompClientFactory = (config: StompClientConfig) => StompClientLike;

export interface BrokerConnectionOptions {
  url: string;
  /** Logical destinations to consume, e.g. 'sync-user', 'notifications#42'. */
  destinations: readonly string[];
  createClient: StompClientFactory;
  /** POST iam/rabbitmq/token: the token, or null. */
  fetchToken(): Promise<string | null>;
  /** Called with each message; the message is acknowledged after it returns. */
  onMessage(destination: string, body: unknown): void;
  onState(state: RealtimeState): void;
  timers: Timers;
  log?: Pick<Console, 'warn'>;
}

export interface BrokerConnection {
  readonly state: RealtimeState;
  start(): void;
  stop(): Promise<void>;
  publish(destination: string, body: unknown): Promise<void>;
}

/** A logical destination as a STOMP frame names it (RabbitMQ's STOMP plugin and the embedded broker). */
export function stompDestination(destination: string): string {
  return isDurableQueue(destination) ? `/amq/queue/${destination}` : `/exchange/${destination}`;
}

export class BrokerPublishError extends Error {
  override readonly name = 'BrokerPublishError';
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

export function createBrokerConnection(options: BrokerConnectionOptions): BrokerConnection {
  const { timers } = options;
  const log = options.log ?? console;
  let state: RealtimeState = 'Disconnected';
  let token: string | null = null;
  let client: StompClientLike | null = null;
  let connected = false;
  let wanted = false;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  const retryTimers = new Set<unknown>();

  function setState(next: RealtimeState): void {
    if (next === state) return;
    state = next;
    options.onState(next);
  }

  function subscribe(current: StompClientLike, destination: string): void {
    if (client !== current || !connected) return;
    try {
      current.subscribe(
        stompDestination(destination),
        (message) => {
          try {
            options.onMessage(destination, parse(message.body));
          } catch (error) {
            log.warn(`A message of ${destination} could not be handled.`, error);
          }
          message.ack();
        },
        { ack: 'client-individual' },
      );
    } catch (error) {
      log.warn(`Subscribing to ${destination} failed; retrying in 1 s.`, error);
      const timer = timers.setTimeout(() => {
        retryTimers.delete(timer);
        subscribe(current, destination);
      }, REALTIME_SUBSCRIBE_RETRY_MS);
      retryTimers.add(timer);
    }
  }

  function scheduleReconnect(): void {
    if (!wanted || reconnectTimer !== null) return;
    attempt += 1;
    setState('Reconnecting');
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, realtimeReconnectDelay(attempt));
  }

  async function connect(): Promise<void> {
    if (!wanted) return;
    if (token === null) {
      try {
        token = await options.fetchToken();
      } catch (error) {
        log.warn('The broker token could not be fetched.', error);
        token = null;
      }
      if (!wanted) return;
      if (token === null) return scheduleReconnect();
    }
    const current = options.createClient({
      brokerURL: options.url,
      connectHeaders: { login: '', passcode: token, host: REALTIME_VHOST },
      heartbeatIncoming: REALTIME_HEARTBEAT_MS,
      heartbeatOutgoing: REALTIME_HEARTBEAT_MS,
    });
    client = current;
    current.onConnect = () => {
      if (client !== current) return;
      connected = true;
      attempt = 0;
      setState('Connected');
      for (const destination of options.destinations) subscribe(current, destination);
    };
    current.onStompError = (frame) => {
      const message = `${frame.headers.message ?? ''} ${frame.body ?? ''}`;
      log.warn('Broker error:', message.trim());
      if (message.includes('(403)')) token = null;
    };
    current.onWebSocketClose = () => {
      if (client !== current) return;
      connected = false;
      client = null;
      // One client per attempt: this one must not reconnect on its own.
      void current.deactivate();
      if (wanted) scheduleReconnect();
      else setState('Disconnected');
    };
    current.activate();
  }

  function clearRetries(): void {
    for (const timer of retryTimers) timers.clearTimeout(timer);
    retryTimers.clear();
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (wanted) return;
      wanted = true;
      attempt = 0;
      setState('Connecting');
      void connect();
    },
    async stop() {
      wanted = false;
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      clearRetries();
      const current = client;
      client = null;
      connected = false;
      if (current) {
        setState('Disconnecting');
        try {
          await current.deactivate();
        } catch (error) {
          log.warn('The broker connection did not close cleanly.', error);
        }
      }
      if (!wanted) setState('Disconnected');
    },
    async publish(destination, body) {
      const current = client;
      if (!current || !connected) throw new BrokerPublishError('The broker connection is not open.');
      const text = JSON.stringify(body);
      if (new TextEncoder().encode(text).length > REALTIME_FRAME_MAX) {
        throw new BrokerPublishError(`The message exceeds the frame maximum of ${REALTIME_FRAME_MAX} bytes.`);
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      // Spec 7: messages to a durable queue are persistent (AMQP delivery mode 2).
      if (isDurableQueue(destination)) headers.persistent = 'true';
      current.publish({ destination: stompDestination(destination), body: text, headers });
    },
  };
}
