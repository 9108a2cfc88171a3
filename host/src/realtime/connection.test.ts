// The broker connection with a fake STOMP client and jest timers: token as passcode, the shell's
// subscriptions with manual acknowledgement, backoff 1 s more per attempt up to 10 s, a new token
// after a '(403)' error, subscribe retried after 1 s, persistent publishing, logout.
import type { RealtimeState } from '@portal/shared';
import { createBrokerConnection, stompDestination, type BrokerConnection } from './connection';
import { FakeStompClient, jestTimers } from './testing';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const clients: FakeStompClient[] = [];
  const states: RealtimeState[] = [];
  const received: Array<[string, unknown]> = [];
  let tokens = 0;
  const fetchToken = jest.fn(async () => `token-${++tokens}`);
  const log = { warn: jest.fn() };
  const connection: BrokerConnection = createBrokerConnection({
    url: 'ws://portal.test/events/ws/amqp',
    destinations: ['sync-user', 'sync-admin', 'notifications#42', 'events#42'],
    createClient: (config) => {
      const client = new FakeStompClient(config);
      clients.push(client);
      return client;
    },
    fetchToken,
    onMessage: (destination, body) => received.push([destination, body]),
    onState: (state) => states.push(state),
    timers: jestTimers,
    log,
  });
  const last = () => clients[clients.length - 1] as FakeStompClient;
  return { connection, clients, states, received, fetchToken, log, last };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

it('maps logical destinations to STOMP ones', () => {
  expect(stompDestination('notifications#42')).toBe('/amq/queue/notifications#42');
  expect(stompDestination('sync-user')).toBe('/exchange/sync-user');
});

it('connects with the token as passcode and subscribes with client-individual acknowledgement', async () => {
  const { connection, last, states, received } = setup();
  connection.start();
  await flush();
  expect(last().config).toEqual({
    brokerURL: 'ws://portal.test/events/ws/amqp',
    connectHeaders: { login: '', passcode: 'token-1', host: '/' },
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
  });
  expect(last().activated).toBe(true);
  last().connect();
  expect(states).toEqual(['Connecting', 'Connected']);
  expect(last().subscriptions.map((s) => [s.destination, s.headers])).toEqual([
    ['/exchange/sync-user', { ack: 'client-individual' }],
    ['/exchange/sync-admin', { ack: 'client-individual' }],
    ['/amq/queue/notifications#42', { ack: 'client-individual' }],
    ['/amq/queue/events#42', { ack: 'client-individual' }],
  ]);
  last().deliver('/amq/queue/events#42', { type: 'Add', eventId: 'e1' }, 'm1');
  expect(received).toEqual([['events#42', { type: 'Add', eventId: 'e1' }]]);
  expect(last().acked).toEqual(['m1']);
});

it('acknowledges a message even when handling it fails', async () => {
  const clients: FakeStompClient[] = [];
  const log = { warn: jest.fn() };
  const connection = createBrokerConnection({
    url: 'ws://x',
    destinations: ['sync-user'],
    createClient: (config) => {
      const client = new FakeStompClient(config);
      clients.push(client);
      return client;
    },
    fetchToken: async () => 't',
    onMessage: () => {
      throw new Error('handler failed');
    },
    onState: () => undefined,
    timers: jestTimers,
    log,
  });
  connection.start();
  await flush();
  clients[0]!.connect();
  clients[0]!.deliver('/exchange/sync-user', { type: 'refresh' }, 'm9');
  expect(clients[0]!.acked).toEqual(['m9']);
  expect(log.warn).toHaveBeenCalled();
});

it('reconnects with a delay growing by 1 s per attempt up to 10 s, and resets after success', async () => {
  const { connection, clients, last, states } = setup();
  connection.start();
  await flush();
  last().connect();
  const delays: number[] = [];
  for (let attempt = 1; attempt <= 12; attempt += 1) {
    const before = clients.length;
    last().close();
    expect(connection.state).toBe('Reconnecting');
    let waited = 0;
    while (clients.length === before) {
      await jest.advanceTimersByTimeAsync(100);
      waited += 100;
    }
    delays.push(waited);
  }
  expect(delays).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10].map((s) => s * 1000));
  last().connect();
  expect(states[states.length - 1]).toBe('Connected');
  const before = clients.length;
  last().close();
  await jest.advanceTimersByTimeAsync(1000);
  expect(clients.length).toBe(before + 1);
});

it('keeps the token across reconnects but drops it after an error containing (403)', async () => {
  const { connection, last, fetchToken } = setup();
  connection.start();
  await flush();
  last().connect();
  last().close();
  await jest.advanceTimersByTimeAsync(1000);
  expect(fetchToken).toHaveBeenCalledTimes(1);
  expect(last().config.connectHeaders.passcode).toBe('token-1');
  last().error('Access refused: the broker token is invalid or expired (403).');
  last().close();
  await jest.advanceTimersByTimeAsync(2000);
  expect(fetchToken).toHaveBeenCalledTimes(2);
  expect(last().config.connectHeaders.passcode).toBe('token-2');
});

it('retries after the backoff when no token is given', async () => {
  const { connection, clients, fetchToken } = setup();
  fetchToken.mockResolvedValueOnce(null as unknown as string);
  connection.start();
  await flush();
  expect(clients).toHaveLength(0);
  expect(connection.state).toBe('Reconnecting');
  await jest.advanceTimersByTimeAsync(1000);
  expect(clients).toHaveLength(1);
});

it('retries a failed subscribe after 1 s', async () => {
  const { connection, last, log } = setup();
  connection.start();
  await flush();
  last().failSubscribes = 1;
  last().connect();
  expect(last().subscriptions.map((s) => s.destination)).not.toContain('/exchange/sync-user');
  expect(log.warn).toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(999);
  expect(last().subscriptions).toHaveLength(3);
  await jest.advanceTimersByTimeAsync(1);
  expect(last().subscriptions.map((s) => s.destination)).toContain('/exchange/sync-user');
});

it('publishes JSON, persistent to a durable queue, and refuses while not connected or beyond frame max', async () => {
  const { connection, last } = setup();
  await expect(connection.publish('notifications#7', { message: 'hi' })).rejects.toThrow('not open');
  connection.start();
  await flush();
  last().connect();
  await connection.publish('notifications#7', { message: 'hi' });
  expect(last().published).toEqual([
    {
      destination: '/amq/queue/notifications#7',
      body: '{"message":"hi"}',
      headers: { 'content-type': 'application/json', persistent: 'true' },
    },
  ]);
  await expect(connection.publish('notifications#7', { message: 'x'.repeat(131_072) })).rejects.toThrow('frame maximum');
});

it('logout disconnects and stops reconnecting', async () => {
  const { connection, clients, last, states } = setup();
  connection.start();
  await flush();
  last().connect();
  await connection.stop();
  expect(last().deactivated).toBe(true);
  expect(states.slice(-2)).toEqual(['Disconnecting', 'Disconnected']);
  last().close();
  await jest.advanceTimersByTimeAsync(20_000);
  expect(clients).toHaveLength(1);
});
