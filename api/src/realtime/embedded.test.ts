// The embedded broker frame by frame (a raw WebSocket, no STOMP library in between): what the
// conformance suite cannot ask of both brokers — exact ERROR frames, heart-beat negotiation,
// receipts, what a browser may SEND, the connection count the e2e tests read.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { BROKER_PATH, EmbeddedBroker, MAX_FRAME_BYTES } from './embedded';
import { serializeFrame, StompReader, type StompFrame } from './stomp-frame';

const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = await buildApp({ config: environment.config, now: clock.now });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  url = `${address.replace(/^http/, 'ws')}${BROKER_PATH}`;
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

/** A raw STOMP peer: frames in, frames out, and whether the server closed. */
async function peer() {
  const socket = new WebSocket(url, ['v12.stomp']);
  const reader = new StompReader(4 * MAX_FRAME_BYTES);
  const frames: StompFrame[] = [];
  let heartbeats = 0;
  let waiters: Array<() => void> = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    for (const frame of reader.push(data.toString())) {
      if (frame) frames.push(frame);
      else heartbeats += 1;
    }
    for (const waiter of waiters.splice(0)) waiter();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    heartbeats: () => heartbeats,
    send(command: string, headers: Record<string, string>, body = '') {
      socket.send(serializeFrame({ command, headers, body }));
    },
    async next(command: string): Promise<StompFrame> {
      const deadline = Date.now() + 3_000;
      for (;;) {
        const index = frames.findIndex((frame) => frame.command === command);
        if (index >= 0) return frames.splice(index, 1)[0] as StompFrame;
        if (Date.now() > deadline) throw new Error(`no ${command} frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            waiters = waiters.filter((waiter) => waiter !== wake);
            resolve();
          }, 50);
          const wake = () => {
            clearTimeout(timer);
            resolve();
          };
          waiters.push(wake);
        });
      }
    },
  };
}

const tokenFor = (userId: string) => app.brokerTokens.issue(userId, clock.now());

async function connected(userId: string, heartBeat = '0,0') {
  const client = await peer();
  client.send('CONNECT', { 'accept-version': '1.2', host: '/', login: '', passcode: tokenFor(userId), 'heart-beat': heartBeat });
  const frame = await client.next('CONNECTED');
  return { client, frame };
}

describe('embedded broker', () => {
  it('serves STOMP on /events/ws/amqp of the API server and counts its connections', async () => {
    const broker = app.broker as EmbeddedBroker;
    expect(app.broker.kind).toBe('embedded');
    const before = broker.connectionCount();
    const { client } = await connected('u1');
    expect(broker.connectionCount()).toBe(before + 1);
    client.socket.close();
    await client.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.connectionCount()).toBe(before);
  });

  it('sends no heart-beats unless asked, and negotiates 10 s when asked for less', async () => {
    const quiet = await connected('u1');
    expect(quiet.frame.headers['heart-beat']).toBe('0,0');
    const asked = await connected('u1', '5000,5000');
    expect(asked.frame.headers['heart-beat']).toBe('10000,10000');
    expect(asked.frame.headers.version).toBe('1.2');
    quiet.client.socket.close();
    asked.client.socket.close();
  });

  it('refuses a bad token with an ERROR naming 403, then closes', async () => {
    const client = await peer();
    client.send('CONNECT', { 'accept-version': '1.2', host: '/', login: '', passcode: 'forged' });
    const error = await client.next('ERROR');
    expect(error.headers.message).toBe('Access refused: the broker token is invalid or expired (403).');
    await client.closed;
  });

  it("refuses a virtual host other than '/' and STOMP before 1.2", async () => {
    const other = await peer();
    other.send('CONNECT', { 'accept-version': '1.2', host: 'prod', passcode: tokenFor('u1') });
    expect((await other.next('ERROR')).headers.message).toBe("Virtual host 'prod' access denied.");
    const old = await peer();
    old.send('CONNECT', { 'accept-version': '1.0,1.1', passcode: tokenFor('u1') });
    expect((await old.next('ERROR')).headers.message).toBe('Supported protocol version is 1.2.');
  });

  it('refuses a frame over 131072 bytes with an ERROR and delivers nothing of it', async () => {
    const { client } = await connected('u2');
    client.send('SEND', { destination: '/queue/notifications#u2' }, 'x'.repeat(MAX_FRAME_BYTES));
    expect((await client.next('ERROR')).headers.message).toBe(`A frame exceeds the maximum frame size of ${MAX_FRAME_BYTES} bytes.`);
    await client.closed;
    expect((app.broker as EmbeddedBroker).readyCount('notifications#u2')).toBe(0);
  });

  it("lets a user send an instant message to another user's notifications queue, and nothing else", async () => {
    const sender = await connected('u3');
    sender.client.send(
      'SEND',
      { destination: '/amq/queue/notifications#u4', persistent: 'true', 'content-type': 'application/json', receipt: 'r1' },
      '{"type":"instant-message"}',
    );
    expect((await sender.client.next('RECEIPT')).headers['receipt-id']).toBe('r1');
    const receiver = await connected('u4');
    receiver.client.send('SUBSCRIBE', { id: 's1', destination: '/queue/notifications#u4', ack: 'client-individual' });
    const message = await receiver.client.next('MESSAGE');
    expect(message.body).toBe('{"type":"instant-message"}');
    expect(message.headers).toMatchObject({ subscription: 's1', destination: '/queue/notifications#u4', redelivered: 'false' });
    receiver.client.send('ACK', { id: message.headers.ack as string });

    for (const destination of ['/queue/events#u4', '/exchange/sync-user', '/topic/x']) {
      const { client } = await connected('u3');
      client.send('SEND', { destination }, '{}');
      expect((await client.next('ERROR')).headers.message).toBe(`Access refused to '${destination}' (403).`);
    }
    receiver.client.socket.close();
  });

  it('refuses subscriptions to a topic, another fanout name or a foreign queue', async () => {
    for (const destination of ['/topic/sync-user', '/exchange/other', '/queue/events#u6', '/queue/anything']) {
      const { client } = await connected('u5');
      client.send('SUBSCRIBE', { id: '1', destination, receipt: 'r' });
      const error = await client.next('ERROR');
      expect(error.headers).toMatchObject({ message: `Access refused to '${destination}' (403).`, 'receipt-id': 'r' });
      await client.closed;
    }
  });

  it('answers DISCONNECT with its RECEIPT and closes', async () => {
    const { client } = await connected('u1');
    client.send('DISCONNECT', { receipt: 'bye' });
    expect((await client.next('RECEIPT')).headers['receipt-id']).toBe('bye');
    await client.closed;
  });
});
