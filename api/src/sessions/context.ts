import type { FastifyInstance } from 'fastify';
import { DEFAULT_IDENTITY } from '../config';
import { systemClock, type Clock } from '../identity/clock';
import { createSecretBox, loadSecretKey } from '../identity/secret-box';
import type { IdentityContext } from '../identity/context';

/** What the identity services share: database, settings, secret box, clock, OpenID Connect. */
export async function createIdentityContext(
  app: FastifyInstance,
  ports: Pick<IdentityContext, 'users' | 'spendInitializationCode'>,
  now: Clock = systemClock,
): Promise<IdentityContext> {
  const { config } = app;
  const settings = config.identity ?? DEFAULT_IDENTITY;
  return {
    db: app.database,
    settings,
    box: createSecretBox(await loadSecretKey(settings.secretKey, config.dataDir)),
    now,
    oidc: config.oidc,
    poc: config.pocFeatures === true,
    ...ports,
  };
}
