// The delivery of notification mail on the API instance (docs/notifications-delivery.md): the mail
// relay (app.mailRelay) from start until close, with the daily digest run after its passes.
import type { FastifyInstance } from 'fastify';
import { DEFAULT_DIGEST_HOUR, publicUrlOf } from '../config';
import type { Clock } from '../identity/clock';
import { createDigestScheduler, type DigestScheduler } from './digest';
import { startMailRelay, type MailRelay, type MailRelayOptions } from './mail-relay';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the mail queue (`app.mailRelay.idle()` in tests). */
    mailRelay: MailRelay;
    /** Gathers digest mail once a day (`app.mailDigest.tick()` with a manual clock in tests). */
    mailDigest: DigestScheduler;
  }
}

export type MailRelaySettings = Partial<Omit<MailRelayOptions, 'db' | 'mailer' | 'publicUrl' | 'afterPass'>>;

/** After the mailer is decorated; the relay stops before the mailer's own deliveries end. */
export function registerMailRelay(app: FastifyInstance, now: Clock, settings: MailRelaySettings = {}): void {
  const publicUrl = publicUrlOf(app.config);
  const digest = createDigestScheduler({
    db: app.database,
    now,
    hour: app.config.notificationDigestHour ?? DEFAULT_DIGEST_HOUR,
    publicUrl,
    onQueued: () => app.mailRelay.notify(),
  });
  const relay = startMailRelay({
    ...settings,
    db: app.database,
    mailer: app.mailer,
    publicUrl,
    log: app.log,
    afterPass: () => digest.catchUp(),
  });
  app.decorate('mailDigest', digest);
  app.decorate('mailRelay', relay);
  app.addHook('preClose', async () => {
    await relay.stop();
  });
}
