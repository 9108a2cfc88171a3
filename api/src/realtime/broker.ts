// The Broker port of the API (ARCHITECTURE "Real-time"): what the API publishes to browsers, with
// two adapters — the embedded STOMP-over-WebSocket broker (default) and RabbitMQ (RABBITMQ_URL).
// Destination rules of spec 7: a name containing '#' is a durable named queue; any other name a
// fanout exchange, where every subscriber gets an exclusive queue bound to it. Bodies are JSON.
import { isDurableQueue, notificationsQueue, SYNC_ADMIN_EXCHANGE, SYNC_USER_EXCHANGE, userEventsQueue } from '@portal/shared/server';

export interface Broker {
  readonly kind: 'embedded' | 'rabbitmq';
  /** Publishes `body` as JSON: kept in the durable queue of a '#' name, else fanned out to the exchange's subscribers. */
  publish(destination: string, body: unknown): Promise<void>;
  /** Makes sure the user's own queues exist before their browser subscribes (RabbitMQ's `/amq/queue/…`). */
  prepareUser(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The fanout exchanges every signed-in browser may subscribe to (the shell's subscriptions, spec 7). */
export const FANOUT_EXCHANGES: readonly string[] = [SYNC_USER_EXCHANGE, SYNC_ADMIN_EXCHANGE];

/** A destination as a STOMP frame names it. */
export type StompDestination = { kind: 'queue'; name: string } | { kind: 'exchange'; name: string };

/**
 * `/queue/N` and `/amq/queue/N` name the queue N, `/exchange/X` the exchange X (as RabbitMQ's
 * STOMP plugin reads them); anything else is unknown (undefined).
 */
export function parseStompDestination(destination: string): StompDestination | undefined {
  const queue = /^\/(?:amq\/)?queue\/([^/]+)$/.exec(destination);
  if (queue?.[1]) return { kind: 'queue', name: queue[1] };
  const exchange = /^\/exchange\/([^/]+)$/.exec(destination);
  if (exchange?.[1]) return { kind: 'exchange', name: exchange[1] };
  return undefined;
}

/** The queues a user may read: their own notifications and events, nothing else. */
export function readableQueues(userId: string): string[] {
  return [notificationsQueue(userId), userEventsQueue(userId)];
}

/** May `userId` consume from this destination? */
export function maySubscribe(userId: string, destination: StompDestination): boolean {
  if (destination.kind === 'queue') return readableQueues(userId).includes(destination.name);
  return FANOUT_EXCHANGES.includes(destination.name);
}

export { isDurableQueue };
