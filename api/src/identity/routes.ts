import type { FastifyInstance } from 'fastify';
import { DEFAULT_IDENTITY } from '../config';
import { initializationRoutes } from '../initialization/routes';
import { createOidcClient } from '../sessions/oidc';
import { oidcRoutes } from '../sessions/oidc-routes';
import { sessionsRoutes } from '../sessions/routes';
import { usersRoutes } from '../users/routes';
import type { IdentityContext } from '../sessions/service';
import { systemClock, type Clock } from './clock';
import { createSecretBox, loadSecretKey } from './secret-box';

export interface IdentityRoutesOptions {
  identity: IdentityContext;
}

/** What the identity services share: database, settings, secret box, clock, OpenID Connect. */
export async function createIdentityContext(app: FastifyInstance, now: Clock = systemClock): Promise<IdentityContext> {
  const { config } = app;
  const settings = config.identity ?? DEFAULT_IDENTITY;
  return {
    db: app.database,
    settings,
    box: createSecretBox(await loadSecretKey(settings.secretKey, config.dataDir)),
    now,
    oidc: config.oidc,
  };
}

/** Sessions, Users and the first run's initialization (spec 7, 4.1), with the cookie support they share. */
export async function identityRoutes(app: FastifyInstance, { identity }: IdentityRoutesOptions): Promise<void> {
  const { config } = app;
  await app.register(sessionsRoutes, { identity });
  if (config.oidc) {
    await app.register(oidcRoutes, { identity, oidc: createOidcClient(config.oidc), redirectUrl: config.oidc.redirectUrl });
  }
  await app.register(usersRoutes, { identity, mailer: app.mailer });
  await app.register(initializationRoutes, { identity });
}
