// The outbox relay against the real outbox table and a fake broker: order, confirmation, retries
// while the broker is down (nothing lost, nothing published twice), prompt wake-up, pruning.
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { recordEvents } from './outbox.repository';
import { retryDelay, startOutboxRelay, type OutboxRelay } from './outbox-relay';

let environment: TestEnvironment;
let db: Database;
let relay: OutboxRelay | undefined;

beforeAll(async () => {
  environment = await createTestEnvironment();
  db = await openDatabase(environment.config);
  await migrate(db);
}, 60_000);

afterEach(async () => {
  await relay?.stop();
  relay = undefined;
  await db.query('DELETE FROM outbox');
});

afterAll(async () => {
  await db.close();
  await environment.cleanup();
});

/** A broker that refuses while `down` is true and remembers what it confirmed. */
function fakeBroker() {
  const broker = {
    down: false,
    attempts: 0,
    confirmed: [] as Array<{ destination: string; body: unknown }>,
    async publish(destination: string, body: unknown) {
      broker.attempts += 1;
      if (broker.down) throw new Error('connect ECONNREFUSED');
      broker.confirmed.push({ destination, body });
    },
  };
  return broker;
}

const event = (n: number) => ({ destination: 'events#u1', body: { eventId: `e${n}`, type: 'test', n } });

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const unpublished = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL'))[0]!.n;

it('publishes recorded events in the order they were recorded and marks them published', async () => {
  const broker = fakeBroker();
  await db.transaction((tx) => recordEvents(tx, [event(1), event(2)]));
  await db.transaction((tx) => recordEvents(tx, [event(3)]));
  relay = startOutboxRelay({ db, broker, pollMs: 60_000 });
  await relay.idle();
  expect(broker.confirmed.map(({ body }) => (body as { n: number }).n)).toEqual([1, 2, 3]);
  expect(broker.confirmed[0]).toEqual({ destination: 'events#u1', body: { eventId: 'e1', type: 'test', n: 1 } });
  expect(await unpublished()).toBe(0);
});

it('keeps retrying while the broker is down and delivers everything once it recovers, once each', async () => {
  const broker = fakeBroker();
  broker.down = true;
  relay = startOutboxRelay({ db, broker, pollMs: 60_000, retryBaseMs: 20, retryMaxMs: 80 });
  await db.transaction((tx) => recordEvents(tx, [event(1), event(2)]));
  await until(() => broker.attempts >= 3);
  expect(relay.failures).toBeGreaterThanOrEqual(2);
  expect(broker.confirmed).toEqual([]);
  expect(await unpublished()).toBe(2);
  // The head of the queue carries the failed attempts; the rest waits behind it (order kept).
  const [head, next] = await db.query<{ attempts: number }>('SELECT attempts FROM outbox ORDER BY seq');
  expect(head!.attempts).toBeGreaterThanOrEqual(2);
  expect(next!.attempts).toBe(0);

  await db.transaction((tx) => recordEvents(tx, [event(3)]));
  broker.down = false;
  await until(async () => (await unpublished()) === 0);
  // The pass that published them ends (and resets the count) after marking them: wait for it.
  await relay.idle();
  expect(broker.confirmed.map(({ body }) => (body as { n: number }).n)).toEqual([1, 2, 3]);
  expect(relay.failures).toBe(0);
});

it('wakes at once when a change that recorded events commits, without waiting for its poll', async () => {
  const broker = fakeBroker();
  relay = startOutboxRelay({ db, broker, pollMs: 60_000 });
  await relay.idle();
  const started = Date.now();
  await db.transaction((tx) => recordEvents(tx, [event(1)]));
  await until(() => broker.confirmed.length === 1, 2_000);
  expect(Date.now() - started).toBeLessThan(1_000);
});

it('publishes nothing of a change that rolled back', async () => {
  const broker = fakeBroker();
  relay = startOutboxRelay({ db, broker, pollMs: 60_000 });
  await relay.idle();
  await expect(
    db.transaction(async (tx) => {
      await recordEvents(tx, [event(1)]);
      throw new Error('the change failed');
    }),
  ).rejects.toThrow('the change failed');
  await db.transaction((tx) => recordEvents(tx, [event(2)]));
  await until(() => broker.confirmed.length === 1, 2_000);
  await relay.idle();
  expect(broker.confirmed.map(({ body }) => (body as { n: number }).n)).toEqual([2]);
});

it('counts a broker that neither confirms nor refuses as a failure', async () => {
  let calls = 0;
  const broker = {
    publish: () => {
      calls += 1;
      return calls === 1 ? new Promise<void>(() => undefined) : Promise.resolve();
    },
  };
  await db.transaction((tx) => recordEvents(tx, [event(1)]));
  relay = startOutboxRelay({ db, broker, pollMs: 60_000, publishTimeoutMs: 50, retryBaseMs: 10 });
  await until(async () => (await unpublished()) === 0);
  expect(calls).toBe(2);
  expect((await db.query<{ attempts: number }>('SELECT attempts FROM outbox'))[0]!.attempts).toBe(1);
});

it('deletes published rows older than the retention, never unpublished ones', async () => {
  await db.transaction((tx) => recordEvents(tx, [event(1), event(2), event(3)]));
  await db.query(`UPDATE outbox SET published_at = now() - interval '2 days' WHERE body->>'n' = '1'`);
  await db.query(`UPDATE outbox SET created_at = now() - interval '2 days' WHERE body->>'n' = '2'`);
  const broker = fakeBroker();
  broker.down = true;
  relay = startOutboxRelay({ db, broker, pollMs: 60_000, retryBaseMs: 10_000 });
  await until(() => broker.attempts >= 1);
  await relay.stop();
  // The failing pass does not prune; a healthy one does.
  broker.down = false;
  relay = startOutboxRelay({ db, broker, pollMs: 60_000, pruneEveryMs: 0 });
  await relay.idle();
  const rows = await db.query<{ n: string }>(`SELECT body->>'n' AS n FROM outbox ORDER BY seq`);
  expect(rows.map(({ n }) => n)).toEqual(['2', '3']);
});

it('pauses longer after each failure, up to the maximum', () => {
  expect([1, 2, 3, 4, 5, 6, 50].map((failures) => retryDelay(failures, 250, 5_000))).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
});
