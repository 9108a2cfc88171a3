// The embedded broker frame by frame (a raw WebSocket, no STOMP library in between): what the
// conformance suite cannot ask of both brokers — exact ERROR frames, heart-beat negotiation,
// receipts, the instant message as the policy rebuilds it, the connection count the e2e tests read.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand, createProcessCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import {
  INVALID_INSTANT_MESSAGE,
  LOGIN_REFUSED,
  NOT_PERMITTED,
  noSuchProcess,
  noSuchUser,
  SESSION_REQUIRED,
  TOKEN_REFUSED,
} from './browser-policy';
import { BROKER_PATH, EmbeddedBroker, MAX_FRAME_BYTES } from './embedded';
import { serializeFrame, StompReader, type StompFrame } from './stomp-frame';
import { brokerToken } from '../testing/realtime';

const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let url: string;
const cookies: Record<string, SessionCookie> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  url = `${address.replace(/^http/, 'ws')}${BROKER_PATH}`;
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createProcessCommand(app.database, ['--org', 'Acme', '--code', 'CORE', '--name', 'Core']);
  // ann administers the organization (she may open the User List, so send); ben only reads.
  const people: Array<[string, string[]]> = [['ann', ['--role', 'ORG_ADMIN']], ['ben', ['--role', 'READER']], ['cyd', []]];
  for (const [login, extra] of people) {
    await createTestUser(app, login, clock.now, '--org', 'Acme', ...extra);
    ids[login] = (await findUserByLogin(app.database, login))!.id;
    cookies[login] = await authenticate(app, login, clock.now);
  }
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

/** A raw STOMP peer (with the session cookie of `login`, if given): frames in, frames out, and whether the server closed. */
async function peer(login?: string) {
  const socket = new WebSocket(url, ['v12.stomp'], login ? { headers: withCookie(cookies[login]!) } : {});
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

const tokenOf = (login: string) => brokerToken(app, cookies[login]!);

async function connected(login: string, heartBeat = '0,0') {
  const client = await peer(login);
  client.send('CONNECT', { 'accept-version': '1.2', host: '/', login: '', passcode: await tokenOf(login), 'heart-beat': heartBeat });
  const frame = await client.next('CONNECTED');
  return { client, frame };
}

/** The ERROR frame a CONNECT gets, and the close after it. */
async function refusedConnect(login: string | undefined, headers: Record<string, string>): Promise<string | undefined> {
  const client = await peer(login);
  client.send('CONNECT', { 'accept-version': '1.2', host: '/', ...headers });
  const error = await client.next('ERROR');
  await client.closed;
  return error.headers.message;
}

const notifications = (login: string) => `notifications#${ids[login]}`;

describe('embedded broker', () => {
  it('serves STOMP on /events/ws/amqp of the API server and counts its connections', async () => {
    const broker = app.broker as EmbeddedBroker;
    expect(app.broker.kind).toBe('embedded');
    const before = broker.connectionCount();
    const { client } = await connected('ann');
    expect(broker.connectionCount()).toBe(before + 1);
    expect(broker.connectionsByUser().get(ids.ann!)).toBe(1);
    client.socket.close();
    await client.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(broker.connectionCount()).toBe(before);
  });

  it('sends no heart-beats unless asked, and negotiates 10 s when asked for less', async () => {
    const quiet = await connected('ann');
    expect(quiet.frame.headers['heart-beat']).toBe('0,0');
    const asked = await connected('ann', '5000,5000');
    expect(asked.frame.headers['heart-beat']).toBe('10000,10000');
    expect(asked.frame.headers.version).toBe('1.2');
    quiet.client.socket.close();
    asked.client.socket.close();
  });

  it('refuses a bad token with an ERROR naming 403, then closes', async () => {
    expect(await refusedConnect('ann', { login: '', passcode: 'forged' })).toBe(TOKEN_REFUSED);
  });

  it('refuses a CONNECT without a signed-in session, whatever the credentials', async () => {
    expect(await refusedConnect(undefined, { login: '', passcode: await tokenOf('ann') })).toBe(SESSION_REQUIRED);
    expect(await refusedConnect(undefined, { login: 'guest', passcode: 'guest' })).toBe(SESSION_REQUIRED);
    // A cookie that names no session is none.
    const client = new WebSocket(url, ['v12.stomp'], { headers: { cookie: 'portal_session=made-up' } });
    const reader = new StompReader(MAX_FRAME_BYTES);
    const refused = new Promise<string | undefined>((resolve) =>
      client.on('message', (data) => resolve(reader.push(data.toString()).find((frame) => frame?.command === 'ERROR')?.headers.message)),
    );
    client.on('open', () => client.send(serializeFrame({ command: 'CONNECT', headers: { 'accept-version': '1.2', passcode: 'x' }, body: '' })));
    expect(await refused).toBe(SESSION_REQUIRED);
  });

  it("refuses a broker account's login, and another user's token with one's own cookie", async () => {
    expect(await refusedConnect('ann', { login: 'guest', passcode: 'guest' })).toBe(LOGIN_REFUSED);
    expect(await refusedConnect('ann', { login: 'guest', passcode: await tokenOf('ann') })).toBe(LOGIN_REFUSED);
    expect(await refusedConnect('ann', { login: '', passcode: await tokenOf('ben') })).toBe(TOKEN_REFUSED);
  });

  it("refuses a virtual host other than '/' and STOMP before 1.2", async () => {
    const other = await peer('ann');
    other.send('CONNECT', { 'accept-version': '1.2', host: 'prod', passcode: await tokenOf('ann') });
    expect((await other.next('ERROR')).headers.message).toBe("Virtual host 'prod' access denied.");
    const old = await peer('ann');
    old.send('CONNECT', { 'accept-version': '1.0,1.1', passcode: await tokenOf('ann') });
    expect((await old.next('ERROR')).headers.message).toBe('Supported protocol version is 1.2.');
  });

  it('refuses a frame over 131072 bytes with an ERROR and delivers nothing of it', async () => {
    const { client } = await connected('ann');
    client.send('SEND', { destination: `/queue/${notifications('cyd')}` }, 'x'.repeat(MAX_FRAME_BYTES));
    expect((await client.next('ERROR')).headers.message).toBe(`A frame exceeds the maximum frame size of ${MAX_FRAME_BYTES} bytes.`);
    await client.closed;
    expect((app.broker as EmbeddedBroker).readyCount(notifications('cyd'))).toBe(0);
  });

  it('publishes an instant message as the server rebuilds it: sender, eventId and time stamped, other fields dropped', async () => {
    const sender = await connected('ann');
    const forged = {
      type: 'instant-message',
      project: 'CORE',
      sender: 'Security Portal',
      eventId: 'chosen-id',
      message: '  Please look at ##https://evil.example/login##  ',
      time: '1999-01-01T00:00:00.000Z',
      title: 'Security alert',
      link: 'https://evil.example',
      session_id: 'x',
    };
    sender.client.send(
      'SEND',
      { destination: `/amq/queue/${notifications('cyd')}`, persistent: 'true', 'content-type': 'application/json', receipt: 'r1' },
      JSON.stringify(forged),
    );
    expect((await sender.client.next('RECEIPT')).headers['receipt-id']).toBe('r1');
    const receiver = await connected('cyd');
    receiver.client.send('SUBSCRIBE', { id: 's1', destination: `/queue/${notifications('cyd')}`, ack: 'client-individual' });
    const message = await receiver.client.next('MESSAGE');
    const body = JSON.parse(message.body);
    expect(body).toEqual({
      type: 'instant-message',
      project: 'core',
      sender: 'User ann (ann)',
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: 'Please look at ##https://evil.example/login##',
      time: clock.now().toISOString(),
    });
    expect(message.headers).toMatchObject({ subscription: 's1', destination: `/queue/${notifications('cyd')}`, redelivered: 'false' });
    receiver.client.send('ACK', { id: message.headers.ack as string });
    receiver.client.socket.close();
    sender.client.socket.close();
  });

  it('refuses every other SEND with an ERROR saying why, and queues nothing', async () => {
    const message = JSON.stringify({ type: 'instant-message', message: 'hello' });
    const cases: Array<[string, string, string, string]> = [
      ['ann', `/queue/events#${ids.cyd}`, message, `Access refused to '/queue/events#${ids.cyd}' (403).`],
      ['ann', '/exchange/sync-user', message, "Access refused to '/exchange/sync-user' (403)."],
      ['ann', '/topic/x', message, "Access refused to '/topic/x' (403)."],
      ['ann', `/queue/${notifications('cyd')}`, JSON.stringify({ type: 'System Sign On', session_id: 's', timestamp: 1, data: { id: ids.cyd } }), INVALID_INSTANT_MESSAGE],
      ['ann', `/queue/${notifications('cyd')}`, 'not json', INVALID_INSTANT_MESSAGE],
      ['ann', `/queue/${notifications('cyd')}`, JSON.stringify({ type: 'instant-message', message: '   ' }), INVALID_INSTANT_MESSAGE],
      ['ann', `/queue/${notifications('cyd')}`, JSON.stringify({ type: 'instant-message', message: 'x'.repeat(1001) }), INVALID_INSTANT_MESSAGE],
      ['ann', `/queue/${notifications('cyd')}`, JSON.stringify({ type: 'instant-message', message: 'hi', project: 'NOPE' }), noSuchProcess('NOPE')],
      ['ann', '/queue/notifications#00000000-0000-4000-8000-000000000000', message, noSuchUser('00000000-0000-4000-8000-000000000000')],
      ['ann', '/queue/notifications#not-a-uuid', message, noSuchUser('not-a-uuid')],
      ['ben', `/queue/${notifications('cyd')}`, message, NOT_PERMITTED],
    ];
    for (const [login, destination, body, reason] of cases) {
      const { client } = await connected(login);
      client.send('SEND', { destination, receipt: 'r' }, body);
      const error = await client.next('ERROR');
      expect([destination, error.headers]).toEqual([destination, expect.objectContaining({ message: reason, 'receipt-id': 'r' })]);
      await client.closed;
    }
    expect((app.broker as EmbeddedBroker).readyCount(notifications('cyd'))).toBe(0);
    expect((app.broker as EmbeddedBroker).readyCount(`events#${ids.cyd}`)).toBe(0);
  });

  it('refuses subscriptions to a topic, another fanout name or a foreign queue', async () => {
    for (const destination of ['/topic/sync-user', '/exchange/other', `/queue/events#${ids.ben}`, `/queue/${notifications('ben')}`, '/queue/anything']) {
      const { client } = await connected('ann');
      client.send('SUBSCRIBE', { id: '1', destination, receipt: 'r' });
      const error = await client.next('ERROR');
      expect(error.headers).toMatchObject({ message: `Access refused to '${destination}' (403).`, 'receipt-id': 'r' });
      await client.closed;
    }
  });

  it('answers DISCONNECT with its RECEIPT and closes', async () => {
    const { client } = await connected('ann');
    client.send('DISCONNECT', { receipt: 'bye' });
    expect((await client.next('RECEIPT')).headers['receipt-id']).toBe('bye');
    await client.closed;
  });
});
