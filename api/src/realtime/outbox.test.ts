// No event lost (issue 4 item 12), end to end in the API with the embedded broker: an event
// recorded in a transaction while the broker refuses (a played restart) waits in the outbox and
// reaches the user's queue once the broker is back, once. Also the e2e-only testing routes.
import type { FastifyInstance } from 'fastify';
import { userEventsQueue } from '@portal/shared/server';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY } from '../config';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { BROKER_PATH, EmbeddedBroker } from './embedded';
import { recordEvents } from './outbox.repository';
import { connectAsBrowser, pause, subscribe, type StompConnection } from '../testing/realtime';

const clock = manualClock(new Date('2030-07-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let url: string;
let cookie: SessionCookie;
let userId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(
    await buildApp({ config: { ...environment.config, identity: { ...DEFAULT_IDENTITY, mailOutboxApi: true } }, now: clock.now }),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  url = `${address.replace(/^http/, 'ws')}${BROKER_PATH}`;
  await createTestUser(app, 'olivia', clock.now);
  userId = (await findUserByLogin(app.database, 'olivia'))!.id;
  cookie = await authenticate(app, 'olivia', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const connect = (): Promise<StompConnection> => connectAsBrowser(app, url, cookie);

// Only this file's test event: the System Sign On that signing in records is not awaited, so on a
// busy machine it may still be waiting in the outbox when the outage begins (CI once counted 2).
const unpublished = async () =>
  (
    await app.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL AND body->>'eventId' = 'outage-1'",
    )
  )[0]!.n;

it('delivers an event recorded while the broker refuses once the broker is back, exactly once', async () => {
  const broker = app.broker as EmbeddedBroker;
  const before = await connect();
  await before.client.deactivate();

  // The broker goes away for 1.5 s; the domain change commits meanwhile.
  const restart = await app.inject({ method: 'POST', url: '/api/testing/realtime/outage', payload: { seconds: 1.5 } });
  expect(restart.statusCode).toBe(204);
  await expect(connect()).rejects.toThrow();
  await app.database.transaction((tx) =>
    recordEvents(tx, [{ destination: userEventsQueue(userId), body: { eventId: 'outage-1', type: 'test', n: 1 } }]),
  );
  app.outboxRelay.notify();
  await pause(400);
  expect(broker.readyCount(userEventsQueue(userId))).toBe(0);
  expect(await unpublished()).toBe(1);
  const [row] = await app.database.query<{ attempts: number }>("SELECT attempts FROM outbox WHERE published_at IS NULL AND body->>'eventId' = 'outage-1'");
  expect(row!.attempts).toBeGreaterThanOrEqual(1);

  // Back: the relay's next retry publishes it (its pause is at most 5 s).
  await pause(1_200);
  const connection = await connect();
  try {
    const inbox = await subscribe(connection, `/amq/queue/${userEventsQueue(userId)}`);
    const [message] = await inbox.atLeast(1, 8_000);
    expect(JSON.parse(message!.body)).toEqual({ eventId: 'outage-1', type: 'test', n: 1 });
    message!.ack();
    await pause(300);
    expect(inbox.messages).toHaveLength(1);
    expect(await unpublished()).toBe(0);
  } finally {
    await connection.client.deactivate();
  }
}, 20_000);

it('counts the broker connections of each user for the e2e tests', async () => {
  const first = await connect();
  const second = await connect();
  try {
    const response = await app.inject({ method: 'GET', url: '/api/testing/realtime/connections' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 2, users: [{ userId, loginId: 'olivia', connections: 2 }] });
  } finally {
    await first.client.deactivate();
    await second.client.deactivate();
  }
});

it("records an event for a user's notifications through the outbox (e2e and benchmark route)", async () => {
  const connection = await connect();
  try {
    const inbox = await subscribe(connection, `/amq/queue/notifications#${userId}`);
    const response = await app.inject({
      method: 'POST',
      url: '/api/testing/realtime/events',
      payload: { login: 'olivia', body: { title: 'Hello', message: 'See ##/dashboard##' } },
    });
    expect(response.statusCode).toBe(202);
    const { eventId } = response.json();
    const [message] = await inbox.atLeast(1);
    expect(JSON.parse(message!.body)).toEqual({ title: 'Hello', message: 'See ##/dashboard##', eventId });
    message!.ack();
    expect((await app.inject({ method: 'POST', url: '/api/testing/realtime/events', payload: { login: 'nobody', body: {} } })).statusCode).toBe(404);
  } finally {
    await connection.client.deactivate();
  }
});
