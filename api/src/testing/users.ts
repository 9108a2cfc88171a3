// Helpers of the account-flow tests: signing a user all the way in, and reading the outbox.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { DEFAULT_IDENTITY } from '../config';
import type { Clock, ManualClock } from '../identity/clock';
import { createTestUser, likeTheApiClient, PASSWORD, sessionCookie, withCookie, type SessionCookie } from '../testing/identity';
import { createTestEnvironment } from '../testing/test-environment';
import { listOutbox, type OutboxEntry } from '../mail/mailer';
import { totpCode } from '../sessions/totp';

export function signIn(app: FastifyInstance, username: string, password = PASSWORD): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/sessions', payload: { username, password } });
}

/** Password, then two-factor setup: the cookie of an Authenticated session. */
export async function authenticate(app: FastifyInstance, login: string, now: Clock, password = PASSWORD): Promise<SessionCookie> {
  const first = sessionCookie(await signIn(app, login, password));
  const offer = await app.inject({ method: 'POST', url: '/api/sessions/mfa', headers: withCookie(first) });
  const { secret } = offer.json() as { secret: string };
  const setup = await app.inject({
    method: 'POST',
    url: `/api/sessions/mfa/setup/${totpCode(secret, now())}`,
    headers: withCookie(first),
  });
  if (setup.statusCode !== 200) throw new Error(`two-factor setup failed: ${setup.body}`);
  return sessionCookie(setup);
}

/**
 * A Global Admin (no organization) signed in: whoever imports advisories and KEV catalogs into the
 * installation's vulnerability database.
 */
export async function globalAdmin(app: FastifyInstance, now: Clock, login = 'gil'): Promise<SessionCookie> {
  await createTestUser(app, login, now, '--role', '_global_admin');
  return authenticate(app, login, now);
}

/** The newest mail to `to`, once the background deliveries are done. */
export async function lastMail(app: FastifyInstance, to: string): Promise<OutboxEntry | undefined> {
  await app.mailer.idle();
  return (await listOutbox(app.database, to))[0];
}

/** The one-time code a mail carries. */
export function codeIn(mail: OutboxEntry | undefined): string {
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in ${JSON.stringify(mail)}`);
  return code;
}

/**
 * An app of the account-flow tests over a fresh database, passwords expiring after 90 days (the
 * expired-password flow), its time that of `clock`. `close` ends it and removes its data.
 */
export async function accountFlowApp(clock: ManualClock): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const environment = await createTestEnvironment();
  const config = { ...environment.config, identity: { ...DEFAULT_IDENTITY, passwordMaxAgeDays: 90 } };
  const app = likeTheApiClient(await buildApp({ config, now: clock.now }));
  return {
    app,
    async close() {
      await app.close();
      await environment.cleanup();
    },
  };
}
