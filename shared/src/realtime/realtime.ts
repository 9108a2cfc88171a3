// The realtime facade (spec 4.4, 7): what remotes use to receive and send broker messages. The
// host owns the one broker connection per browser and registers its implementation here; until
// it does, subscriptions wait and are handed over when it arrives, and publishing rejects
// (a message sent into nowhere must not look delivered).

export const REALTIME_STATES = ['Disconnected', 'Connecting', 'Disconnecting', 'Connected', 'Reconnecting'] as const;
export type RealtimeState = (typeof REALTIME_STATES)[number];

export type Unsubscribe = () => void;
/** Receives a message body (parsed JSON) delivered on a destination. */
export type RealtimeHandler<T = unknown> = (body: T, destination: string) => void;
export type RealtimeStateListener = (state: RealtimeState) => void;

export interface RealtimeFacade {
  readonly state: RealtimeState;
  /**
   * Receives messages of a destination until the returned function is called. A name with `#`
   * is a durable queue; any other name a fanout exchange (spec 7).
   */
  subscribe<T = unknown>(destination: string, handler: RealtimeHandler<T>): Unsubscribe;
  publish(destination: string, body: unknown): Promise<void>;
  onStateChange(listener: RealtimeStateListener): Unsubscribe;
}

export class RealtimeUnavailableError extends Error {
  override readonly name = 'RealtimeUnavailableError';
  constructor() {
    super('The realtime connection is not available.');
  }
}

interface Subscription {
  destination: string;
  handler: RealtimeHandler<unknown>;
  /** Unsubscribe from the current implementation, when attached. */
  detach: Unsubscribe | null;
}

/** A facade that forwards to whichever implementation is registered, and waits while none is. */
export function createRealtimeProxy() {
  let impl: RealtimeFacade | null = null;
  let stopStateForwarding: Unsubscribe | null = null;
  let lastState: RealtimeState = 'Disconnected';
  const subscriptions = new Set<Subscription>();
  const stateListeners = new Set<RealtimeStateListener>();

  function emitState(state: RealtimeState): void {
    if (state === lastState) return;
    lastState = state;
    for (const listener of [...stateListeners]) listener(state);
  }

  function attach(subscription: Subscription): void {
    if (impl) subscription.detach = impl.subscribe(subscription.destination, subscription.handler);
  }

  const facade: RealtimeFacade = {
    get state(): RealtimeState {
      return impl ? impl.state : 'Disconnected';
    },
    subscribe<T>(destination: string, handler: RealtimeHandler<T>): Unsubscribe {
      const subscription: Subscription = {
        destination,
        handler: handler as RealtimeHandler<unknown>,
        detach: null,
      };
      subscriptions.add(subscription);
      attach(subscription);
      return () => {
        if (!subscriptions.delete(subscription)) return;
        subscription.detach?.();
        subscription.detach = null;
      };
    },
    publish(destination: string, body: unknown): Promise<void> {
      if (!impl) return Promise.reject(new RealtimeUnavailableError());
      return impl.publish(destination, body);
    },
    onStateChange(listener: RealtimeStateListener): Unsubscribe {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
  };

  /** Registers (or replaces, or with null removes) the implementation; subscriptions move over. */
  function setImplementation(next: RealtimeFacade | null): void {
    if (next === impl) return;
    for (const subscription of subscriptions) {
      subscription.detach?.();
      subscription.detach = null;
    }
    stopStateForwarding?.();
    stopStateForwarding = null;
    impl = next;
    if (impl) {
      stopStateForwarding = impl.onStateChange(emitState);
      for (const subscription of subscriptions) attach(subscription);
    }
    emitState(facade.state);
  }

  return { facade, setImplementation };
}

const proxy = createRealtimeProxy();

/** The portal's realtime facade. */
export const realtime: RealtimeFacade = proxy.facade;

/** Called by the host once its broker connection exists (null on teardown). */
export const setRealtimeImplementation: (impl: RealtimeFacade | null) => void = proxy.setImplementation;
