// A realtime facade whose messages the test delivers, installed for the test's duration. Test-only.
import { setRealtimeImplementation, userEventsQueue, type RealtimeFacade, type RealtimeHandler } from '@portal/shared';

export function fakeRealtime() {
  const handlers = new Set<{ destination: string; handler: RealtimeHandler<unknown> }>();
  const facade: RealtimeFacade = {
    state: 'Connected',
    subscribe: (destination, handler) => {
      const entry = { destination, handler: handler as RealtimeHandler<unknown> };
      handlers.add(entry);
      return () => handlers.delete(entry);
    },
    publish: async () => undefined,
    onStateChange: () => () => undefined,
  };
  setRealtimeImplementation(facade);
  return {
    /** Delivers `body` on the user's `events#<userId>` queue. */
    deliver(userId: string, body: unknown) {
      const destination = userEventsQueue(userId);
      for (const entry of Array.from(handlers)) if (entry.destination === destination) entry.handler(body, destination);
    },
    /** How many subscriptions are open. */
    get subscriptions() {
      return handlers.size;
    },
    stop: () => setRealtimeImplementation(null),
  };
}
