// POST iam/rabbitmq/token and the answers of RabbitMQ's HTTP auth backend endpoints.
import type { FastifyInstance } from 'fastify';
import { messageForStatus } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, expectProblem, likeTheApiClient, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { createOrganizationCommand } from '../cli/users';
import { findUserByLogin } from '../users/repository';
import { authenticate } from '../testing/users';
import { BROKER_TOKEN_TTL_MS } from './token';

const clock = manualClock(new Date('2030-05-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let alice: SessionCookie;
let aliceId: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  await createOrganizationCommand(app.database, ['--name', 'Acme']);
  await createTestUser(app, 'alice', clock.now, '--org', 'Acme', '--role', 'READER');
  aliceId = (await findUserByLogin(app.database, 'alice'))!.id;
  alice = await authenticate(app, 'alice', clock.now);
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

const issue = (headers: Record<string, string> = withCookie(alice)) =>
  app.inject({ method: 'POST', url: '/api/iam/rabbitmq/token', headers });

const ask = async (path: string, query: Record<string, string>) => {
  const response = await app.inject({ method: 'GET', url: `/api/iam/rabbitmq/auth/${path}`, query });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
};

describe('POST /api/iam/rabbitmq/token', () => {
  it('gives a signed-in user a 5-minute token bound to them and to their session', async () => {
    const response = await issue();
    expect(response.statusCode).toBe(200);
    const { token } = response.json() as { token: string };
    const session = (await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(alice) })).json() as { session_id: string };
    expect(app.brokerTokens.verify(token, clock.now())).toEqual({ userId: aliceId, sessionId: session.session_id });
    expect(app.brokerTokens.verify(token, new Date(clock.now().getTime() + BROKER_TOKEN_TTL_MS))).toBeNull();
  });

  it('answers 401 without a session and 403 without the CSRF header', async () => {
    expectProblem(await issue({}), 401, messageForStatus(401));
    const withoutHeader = await issue({ ...withCookie(alice), 'x-requested-with': '' });
    expect(withoutHeader.statusCode).toBe(403);
  });
});

describe('RabbitMQ HTTP auth backend', () => {
  const tags = () => `portal-user-${aliceId}`;

  it('lets a broker token log in, tagged with its user, and nothing else', async () => {
    const { token } = (await issue()).json() as { token: string };
    expect(await ask('user', { username: '', password: token })).toBe(`allow portal-user-${aliceId}`);
    expect(await ask('user', { username: 'guest', password: 'guest' })).toBe('deny');
    expect(await ask('user', { username: '' })).toBe('deny');
  });

  it("allows vhost '/' to a token user only", async () => {
    expect(await ask('vhost', { username: '', vhost: '/', tags: tags() })).toBe('allow');
    expect(await ask('vhost', { username: '', vhost: 'other', tags: tags() })).toBe('deny');
    expect(await ask('vhost', { username: 'guest', vhost: '/', tags: 'administrator' })).toBe('deny');
  });

  it("allows the user's own queues and the shell's exchanges; denies the rest, every publish included", async () => {
    const resource = (type: string, name: string, permission: string, userTags = tags()) =>
      ask('resource', { username: '', vhost: '/', resource: type, name, permission, tags: userTags });
    expect(await resource('queue', `notifications#${aliceId}`, 'read')).toBe('allow');
    expect(await resource('queue', `events#${aliceId}`, 'configure')).toBe('allow');
    expect(await resource('queue', `events#${aliceId}`, 'write')).toBe('deny');
    expect(await resource('queue', 'notifications#someone-else', 'read')).toBe('deny');
    expect(await resource('queue', `notifications#${aliceId}`, 'read', 'portal-user-someone-else')).toBe('deny');
    expect(await resource('queue', `notifications#${aliceId}`, 'read', '')).toBe('deny');
    expect(await resource('queue', 'stomp-subscription-AbC_12-x', 'configure')).toBe('allow');
    expect(await resource('exchange', 'sync-user', 'read')).toBe('allow');
    // A token user publishes nothing (instant messages are the API's): no exchange is writable.
    for (const exchange of ['amq.default', '', 'sync-user', 'sync-admin', 'amq.topic', 'amq.fanout']) {
      expect([exchange, await resource('exchange', exchange, 'write')]).toEqual([exchange, 'deny']);
    }
    expect(await ask('topic', { username: '', vhost: '/', resource: 'topic', name: 'amq.topic', permission: 'write', tags: tags(), routing_key: 'x' })).toBe('deny');
  });
});
