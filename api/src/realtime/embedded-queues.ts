// The embedded broker's queues (embedded.ts speaks STOMP; this keeps the messages): the durable
// '#' queues by name, an exclusive queue per subscriber of a fanout exchange, round-robin dispatch
// to a queue's open consumers, and what each subscription has been delivered but not acknowledged.
// All in memory, as RabbitMQ keeps it: a '#' queue holds its messages while nobody consumes it,
// what a consumer leaves unacknowledged goes back to the head of its queue, marked redelivered.
import { randomUUID } from 'node:crypto';
import { isDurableQueue, type StompDestination } from './broker';

export type AckMode = 'auto' | 'client' | 'client-individual';

export interface StoredMessage {
  id: string;
  body: string;
  contentType: string;
  redelivered: boolean;
}

/** The side of a connection the queues look at: a closed one is skipped by dispatch. */
export interface Consumer {
  closed: boolean;
}

export interface Queue<C extends Consumer> {
  name: string;
  /** Set for the exclusive queue of one exchange subscription: deleted with it. */
  exchange?: string;
  ready: StoredMessage[];
  consumers: Subscription<C>[];
  next: number;
}

export interface Subscription<C extends Consumer> {
  id: string;
  connection: C;
  destination: string;
  queue: Queue<C>;
  ack: AckMode;
  /** Delivered, not yet acknowledged, in delivery order (ack id → message). */
  unacked: Map<string, StoredMessage>;
}

export class EmbeddedQueues<C extends Consumer> {
  private readonly queues = new Map<string, Queue<C>>();
  private readonly exchanges = new Map<string, Set<Queue<C>>>();

  /** `deliver` hands one message to one subscription (the MESSAGE frame, recording its ack id). */
  constructor(private readonly deliver: (subscription: Subscription<C>, message: StoredMessage) => void) {}

  /** Into the durable queue of a '#' name, else one copy into each queue bound to the exchange. */
  publish(destination: string, message: () => StoredMessage): void {
    if (isDurableQueue(destination)) {
      this.enqueue(this.durableQueue(destination), message());
      return;
    }
    for (const queue of this.exchanges.get(destination) ?? []) this.enqueue(queue, message());
  }

  /** Into the durable queue `name` (a browser's SEND). */
  send(name: string, message: StoredMessage): void {
    this.enqueue(this.durableQueue(name), message);
  }

  /** Messages waiting in a queue (tests). */
  readyCount(queue: string): number {
    return this.queues.get(queue)?.ready.length ?? 0;
  }

  /** The queue a new subscription consumes: the durable one, or a new exclusive one bound to the exchange. */
  queueFor(destination: StompDestination): Queue<C> {
    if (destination.kind === 'queue') return this.durableQueue(destination.name);
    const queue: Queue<C> = { name: `amq.gen-${randomUUID()}`, exchange: destination.name, ready: [], consumers: [], next: 0 };
    const bound = this.exchanges.get(destination.name) ?? new Set<Queue<C>>();
    bound.add(queue);
    this.exchanges.set(destination.name, bound);
    return queue;
  }

  /** The subscription starts consuming its queue (what is waiting is dispatched at once). */
  addConsumer(subscription: Subscription<C>): void {
    subscription.queue.consumers.push(subscription);
    this.dispatch(subscription.queue);
  }

  /** The subscription ends: an exclusive queue goes with it, a durable one gets back what it had not acknowledged. */
  removeConsumer(subscription: Subscription<C>): void {
    const { queue } = subscription;
    queue.consumers = queue.consumers.filter((consumer) => consumer !== subscription);
    queue.next = 0;
    if (queue.exchange !== undefined) {
      this.exchanges.get(queue.exchange)?.delete(queue);
      return;
    }
    // Unacknowledged messages go back to the head of the queue, marked redelivered.
    const returned = [...subscription.unacked.values()].map((message) => ({ ...message, redelivered: true }));
    subscription.unacked.clear();
    queue.ready.unshift(...returned);
    this.dispatch(queue);
  }

  /**
   * ACK (or NACK) of `ackId` among a connection's subscriptions; `requeue` puts what it settles
   * back on the queue, redelivered. False when no subscription knows the ack id.
   */
  acknowledge(subscriptions: Iterable<Subscription<C>>, ackId: string, requeue: boolean): boolean {
    for (const subscription of subscriptions) {
      if (!subscription.unacked.has(ackId)) continue;
      // 'client' acknowledges cumulatively: every message of the subscription up to this one.
      const settled: StoredMessage[] = [];
      for (const [id, message] of subscription.unacked) {
        if (subscription.ack === 'client' || id === ackId) {
          settled.push(message);
          subscription.unacked.delete(id);
        }
        if (id === ackId) break;
      }
      if (requeue) {
        subscription.queue.ready.unshift(...settled.map((message) => ({ ...message, redelivered: true })));
        this.dispatch(subscription.queue);
      }
      return true;
    }
    return false;
  }

  private durableQueue(name: string): Queue<C> {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { name, ready: [], consumers: [], next: 0 };
      this.queues.set(name, queue);
    }
    return queue;
  }

  private enqueue(queue: Queue<C>, message: StoredMessage): void {
    queue.ready.push(message);
    this.dispatch(queue);
  }

  private dispatch(queue: Queue<C>): void {
    for (;;) {
      const consumers = queue.consumers.filter((consumer) => !consumer.connection.closed);
      if (queue.ready.length === 0 || consumers.length === 0) return;
      const subscription = consumers[queue.next % consumers.length] as Subscription<C>;
      queue.next = (queue.next + 1) % consumers.length;
      this.deliver(subscription, queue.ready.shift() as StoredMessage);
    }
  }
}
