// The realtime facade (spec 4.4, 7): what remotes use to receive and send broker messages. The
// host owns the one broker connection per browser and registers its implementation here; until
// it does, subscriptions wait and are handed over when it arrives, and publishing rejects
// (a message sent into nowhere must not look delivered).
import type { InstantMessage, UserEvent } from '../entities/notification';
import { graphOf } from '../entities/process';
import type { Session } from '../entities/session';
import { sessionStore } from '../session/sessionStore';
import { notificationsQueue, SYSTEM_SIGN_ON, userEventsQueue } from './destinations';

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
    for (const listener of Array.from(stateListeners)) listener(state);
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

// ---------------------------------------------------------------------------------------------
// Built on the facade: user events by type, instant messages, the single-active-session rule.


/**
 * A System Sign On event: `session_id` of the new session and `timestamp`, when it was created
 * (epoch milliseconds, as `Session.timestamp`); `data.id` / `data.login_id` name the user.
 */
export interface SystemSignOnEvent extends UserEvent {
  type: typeof SYSTEM_SIGN_ON;
  timestamp?: number;
  /** ISO time of the sign-on, accepted when `timestamp` is absent. */
  time?: string;
}

function currentUserId(): string | undefined {
  return sessionStore.getState().session?.user?.id ?? undefined;
}

/**
 * Receives the signed-in user's events (`events#{userId}`) of one type (or any of several) until the returned function
 * is called; follows sign-out and sign-in of another user.
 */
export function subscribeEvents<T extends UserEvent = UserEvent>(type: string | readonly string[], handler: (event: T) => void): Unsubscribe {
  const types = new Set<string>(typeof type === 'string' ? [type] : type);
  let userId: string | undefined;
  let detach: Unsubscribe | null = null;
  const follow = () => {
    const next = currentUserId();
    if (next === userId) return;
    detach?.();
    detach = null;
    userId = next;
    if (next) {
      detach = realtime.subscribe<T>(userEventsQueue(next), (event) => {
        if (event && typeof event === 'object' && types.has(event.type)) handler(event);
      });
    }
  };
  follow();
  const stop = sessionStore.subscribe(follow);
  return () => {
    stop();
    detach?.();
    detach = null;
  };
}

function newEventId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Sends an instant message to a user (spec 3, 7): `{ type: 'instant-message', project, sender,
 * eventId, message, time }` on the durable queue 'notifications#{userId}', persistent (delivery
 * mode 2). A failed send is only logged (spec 8): resolves false then, true once handed over.
 */
export async function sendInstantMessage(userId: string, message: string, facade: RealtimeFacade = realtime): Promise<boolean> {
  const { session, process } = sessionStore.getState();
  const payload: InstantMessage = {
    type: 'instant-message',
    project: process ? graphOf(process) : '',
    sender: session?.user?.name || session?.user?.login_id || '',
    eventId: newEventId(),
    message,
    time: new Date().toISOString(),
  };
  try {
    await facade.publish(notificationsQueue(userId), payload);
    return true;
  } catch (error) {
    console.warn('The instant message could not be sent.', error);
    return false;
  }
}

function signOnTime(event: SystemSignOnEvent): number | undefined {
  if (typeof event.timestamp === 'number') return event.timestamp;
  if (typeof event.time === 'string') {
    const parsed = Date.parse(event.time);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return undefined;
}

/**
 * Spec 4.1 single active session: a System Sign On of the same user from a different session that
 * is newer than `session` (its time after `session.timestamp`) ends this one. Events of another
 * user (on a fanout exchange) or without a time do not.
 */
export function isNewerSignOn(event: unknown, session: Session | null): boolean {
  if (!session?.user || !event || typeof event !== 'object') return false;
  const signOn = event as SystemSignOnEvent;
  if (signOn.type !== SYSTEM_SIGN_ON || !signOn.session_id || signOn.session_id === session.session_id) return false;
  const data = signOn.data ?? {};
  if (data.id !== undefined && data.id !== session.user.id) return false;
  if (data.login_id !== undefined && data.login_id !== session.user.login_id) return false;
  const time = signOnTime(signOn);
  return time !== undefined && time > session.timestamp;
}
