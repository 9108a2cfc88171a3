// The host's realtime facade across tabs (fake channel, fake broker connections): only the leader
// connects; its messages reach every tab once (de-duplicated by eventId); a follower mirrors the
// leader's state and publishes through it; a new leader connects when the old one leaves.
import type { RealtimeState } from '@portal/shared';
import type { BrokerConnection } from './connection';
import { createRealtimeHub, type RealtimeHub } from './hub';
import { createBus, jestTimers } from './testing';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

interface FakeConnection extends BrokerConnection {
  deliver(destination: string, body: unknown): void;
  setState(state: RealtimeState): void;
  published: Array<[string, unknown]>;
  started: boolean;
  stopped: boolean;
}

function setup(ids: number[]) {
  const bus = createBus();
  const connections = new Map<number, FakeConnection[]>();
  const hubs = ids.map((id) => {
    const hub: RealtimeHub = createRealtimeHub({
      id,
      channel: bus.channel(),
      timers: jestTimers,
      createConnection: ({ onMessage, onState }) => {
        let state: RealtimeState = 'Disconnected';
        const connection: FakeConnection = {
          get state() {
            return state;
          },
          published: [],
          started: false,
          stopped: false,
          start() {
            connection.started = true;
            connection.setState('Connecting');
          },
          async stop() {
            connection.stopped = true;
          },
          async publish(destination, body) {
            connection.published.push([destination, body]);
          },
          deliver: onMessage,
          setState(next) {
            state = next;
            onState(next);
          },
        };
        connections.set(id, [...(connections.get(id) ?? []), connection]);
        return connection;
      },
    });
    return hub;
  });
  const live = () => [...connections.values()].flat().filter((c) => c.started && !c.stopped);
  return { hubs, connections, live };
}

it('only the elected tab connects, and its messages reach every tab exactly once', async () => {
  const { hubs, live } = setup([1, 3, 2]);
  const received = hubs.map(() => [] as unknown[]);
  hubs.forEach((hub, index) => hub.subscribe('notifications#42', (body) => received[index]!.push(body)));
  hubs.forEach((hub) => hub.start());
  await jest.advanceTimersByTimeAsync(400);
  expect(live()).toHaveLength(1);
  expect(hubs.map((hub) => hub.role)).toEqual(['follower', 'leader', 'follower']);
  const leader = live()[0] as FakeConnection;
  leader.setState('Connected');
  await jest.advanceTimersByTimeAsync(10);
  expect(hubs.map((hub) => hub.state)).toEqual(['Connected', 'Connected', 'Connected']);

  leader.deliver('notifications#42', { eventId: 'e1', message: 'hello' });
  // Redelivered after a reconnect: shown once.
  leader.deliver('notifications#42', { eventId: 'e1', message: 'hello' });
  leader.deliver('notifications#42', { eventId: 'e2', message: 'again' });
  await jest.advanceTimersByTimeAsync(10);
  for (const list of received) {
    expect(list).toEqual([
      { eventId: 'e1', message: 'hello' },
      { eventId: 'e2', message: 'again' },
    ]);
  }
});

it('a follower publishes through the leader', async () => {
  const { hubs, live } = setup([1, 2]);
  hubs.forEach((hub) => hub.start());
  await jest.advanceTimersByTimeAsync(400);
  const sent = hubs[0]!.publish('notifications#7', { message: 'hi' });
  await jest.advanceTimersByTimeAsync(10);
  await expect(sent).resolves.toBeUndefined();
  expect((live()[0] as FakeConnection).published).toEqual([['notifications#7', { message: 'hi' }]]);
});

it('when the leader leaves, another tab connects and messages still arrive', async () => {
  const { hubs, connections, live } = setup([1, 2, 3]);
  const received: unknown[] = [];
  hubs[0]!.subscribe('sync-user', (body) => received.push(body));
  hubs.forEach((hub) => hub.start());
  await jest.advanceTimersByTimeAsync(400);
  await hubs[2]!.stop();
  expect(connections.get(3)![0]!.stopped).toBe(true);
  await jest.advanceTimersByTimeAsync(400);
  expect(live()).toHaveLength(1);
  expect(hubs[1]!.role).toBe('leader');
  (live()[0] as FakeConnection).deliver('sync-user', { eventId: 'x', type: 'refresh' });
  await jest.advanceTimersByTimeAsync(10);
  expect(received).toEqual([{ eventId: 'x', type: 'refresh' }]);
});

it('delivers only to the handlers of the destination, and not after unsubscribing', async () => {
  const { hubs, live } = setup([1]);
  const events: unknown[] = [];
  const stop = hubs[0]!.subscribe('events#42', (body) => events.push(body));
  hubs[0]!.start();
  await jest.advanceTimersByTimeAsync(400);
  const leader = live()[0] as FakeConnection;
  leader.deliver('sync-admin', { eventId: 'a' });
  leader.deliver('events#42', { eventId: 'b' });
  stop();
  leader.deliver('events#42', { eventId: 'c' });
  expect(events).toEqual([{ eventId: 'b' }]);
});
