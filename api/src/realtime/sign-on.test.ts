// Single active session, immediately (issue 4 item 11, spec 4.1): when a user's new session
// becomes Authenticated, the API publishes the System Sign On event on the sync-user fanout, naming
// the user by id and the new session; the older browser compares it with its own session and signs out.
import type { FastifyInstance } from 'fastify';
import { SYNC_USER_EXCHANGE, SYSTEM_SIGN_ON } from '@portal/shared/server';
import { buildApp } from '../app';
import { manualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { totpCode } from '../sessions/totp';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment';
import { findUserByLogin } from '../users/repository';
import { signIn } from '../testing/users';
import { BROKER_PATH } from './embedded';
import { connectStomp, subscribe } from '../testing/realtime';

const clock = manualClock(new Date('2030-06-01T08:00:00Z'));
let environment: TestEnvironment;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  environment = await createTestEnvironment();
  app = likeTheApiClient(await buildApp({ config: environment.config, now: clock.now }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  url = `${address.replace(/^http/, 'ws')}${BROKER_PATH}`;
}, 60_000);

afterAll(async () => {
  await app.close();
  await environment.cleanup();
});

/** Password, then two-factor: set up at the first sign-in, verified at the next ones. */
let secret = '';
async function signInFully(login: string): Promise<SessionCookie> {
  const first = sessionCookie(await signIn(app, login));
  if (!secret) {
    secret = (await app.inject({ method: 'POST', url: '/api/sessions/mfa', headers: withCookie(first) })).json().secret;
    return sessionCookie(
      await app.inject({ method: 'POST', url: `/api/sessions/mfa/setup/${totpCode(secret, clock.now())}`, headers: withCookie(first) }),
    );
  }
  return sessionCookie(
    await app.inject({ method: 'POST', url: `/api/sessions/mfa/verify/${totpCode(secret, clock.now())}`, headers: withCookie(first) }),
  );
}

it('publishes System Sign On for the newer session, naming the user by id only', async () => {
  await createTestUser(app, 'twice', clock.now);
  const older = await signInFully('twice');
  const token = (await app.inject({ method: 'POST', url: '/api/iam/rabbitmq/token', headers: withCookie(older) })).json().token;
  // The older session's own System Sign On is published by the outbox relay: let it go out before
  // subscribing (with RabbitMQ it would otherwise reach the new queue first).
  await app.outboxRelay.idle();
  const connection = await connectStomp(url, token, { cookie: older });
  try {
    const inbox = await subscribe(connection, `/exchange/${SYNC_USER_EXCHANGE}`);
    clock.advance(60_000);
    const newer = await signInFully('twice');
    const [message] = await inbox.atLeast(1);
    const event = JSON.parse(message!.body);
    const newerSession = (await app.inject({ method: 'GET', url: '/api/sessions', headers: withCookie(newer) })).json();
    const user = await findUserByLogin(app.database, 'twice');
    expect(event).toEqual({
      type: SYSTEM_SIGN_ON,
      eventId: expect.any(String),
      session_id: newerSession.session_id,
      timestamp: newerSession.timestamp,
      data: { id: user!.id },
    });
    message!.ack();
  } finally {
    await connection.client.deactivate();
  }
});
