import { createRealtimeProxy, RealtimeUnavailableError, type RealtimeFacade, type RealtimeHandler, type RealtimeState } from './realtime';

/** An in-memory implementation standing in for the host's broker connection. */
function fakeImplementation(initial: RealtimeState = 'Connected') {
  const handlers = new Map<string, Set<RealtimeHandler<unknown>>>();
  const stateListeners = new Set<(state: RealtimeState) => void>();
  const published: Array<[string, unknown]> = [];
  let state = initial;
  const impl: RealtimeFacade = {
    get state() {
      return state;
    },
    subscribe<T>(destination: string, handler: RealtimeHandler<T>) {
      const set = handlers.get(destination) ?? new Set();
      set.add(handler as RealtimeHandler<unknown>);
      handlers.set(destination, set);
      return () => {
        set.delete(handler as RealtimeHandler<unknown>);
      };
    },
    async publish(destination, body) {
      published.push([destination, body]);
    },
    onStateChange(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
  };
  return {
    impl,
    published,
    deliver(destination: string, body: unknown) {
      for (const handler of handlers.get(destination) ?? []) handler(body, destination);
    },
    setState(next: RealtimeState) {
      state = next;
      for (const listener of stateListeners) listener(next);
    },
    subscriberCount: (destination: string) => handlers.get(destination)?.size ?? 0,
    stateListenerCount: () => stateListeners.size,
  };
}

describe('realtime facade', () => {
  it('is Disconnected and rejects publishing before the host registers an implementation', async () => {
    const { facade } = createRealtimeProxy();
    expect(facade.state).toBe('Disconnected');
    await expect(facade.publish('notifications#u1', { message: 'hi' })).rejects.toBeInstanceOf(RealtimeUnavailableError);
  });

  it('keeps early subscriptions and hands them to the implementation when it arrives', () => {
    const { facade, setImplementation } = createRealtimeProxy();
    const received: unknown[] = [];
    facade.subscribe('sync-user', (body) => received.push(body));
    const fake = fakeImplementation();
    setImplementation(fake.impl);
    fake.deliver('sync-user', { type: 'refresh' });
    expect(received).toEqual([{ type: 'refresh' }]);
  });

  it('does not hand over a subscription cancelled before the implementation arrived', () => {
    const { facade, setImplementation } = createRealtimeProxy();
    const unsubscribe = facade.subscribe('sync-admin', () => undefined);
    unsubscribe();
    const fake = fakeImplementation();
    setImplementation(fake.impl);
    expect(fake.subscriberCount('sync-admin')).toBe(0);
  });

  it('forwards subscribe, unsubscribe and publish once registered', async () => {
    const { facade, setImplementation } = createRealtimeProxy();
    const fake = fakeImplementation();
    setImplementation(fake.impl);
    const received: unknown[] = [];
    const unsubscribe = facade.subscribe<{ n: number }>('events#u1', (body) => received.push(body.n));
    fake.deliver('events#u1', { n: 1 });
    unsubscribe();
    unsubscribe();
    fake.deliver('events#u1', { n: 2 });
    expect(received).toEqual([1]);
    await facade.publish('notifications#u2', { message: 'hello' });
    expect(fake.published).toEqual([['notifications#u2', { message: 'hello' }]]);
  });

  it('reports state changes of the implementation', () => {
    const { facade, setImplementation } = createRealtimeProxy();
    const states: RealtimeState[] = [];
    facade.onStateChange((state) => states.push(state));
    const fake = fakeImplementation('Connecting');
    setImplementation(fake.impl);
    fake.setState('Connected');
    fake.setState('Reconnecting');
    expect(facade.state).toBe('Reconnecting');
    expect(states).toEqual(['Connecting', 'Connected', 'Reconnecting']);
  });

  it('moves subscriptions to a replacement and back to waiting when removed', () => {
    const { facade, setImplementation } = createRealtimeProxy();
    const states: RealtimeState[] = [];
    facade.onStateChange((state) => states.push(state));
    const first = fakeImplementation();
    const second = fakeImplementation();
    const received: unknown[] = [];
    facade.subscribe('sync-user', (body) => received.push(body));
    setImplementation(first.impl);
    setImplementation(second.impl);
    expect(first.subscriberCount('sync-user')).toBe(0);
    expect(first.stateListenerCount()).toBe(0);
    second.deliver('sync-user', 'b');
    setImplementation(null);
    expect(second.subscriberCount('sync-user')).toBe(0);
    expect(facade.state).toBe('Disconnected');
    expect(received).toEqual(['b']);
    expect(states).toEqual(['Connected', 'Disconnected']);
  });
});
