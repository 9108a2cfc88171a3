// The recovery family's face to the others: its routes and the runtime (registered in app.ts).
import type { FastifyInstance } from 'fastify';
import { createBlobStore } from '../documents/service';
import type { Clock } from '../identity/clock';
import { createRecovery, type Recovery } from './service';

export { recoveryRoutes } from './routes';
export type { Recovery };

declare module 'fastify' {
  interface FastifyInstance {
    /** Disaster recovery (tests: `app.recovery.tick()`, `await (await app.recovery.start(...)).done`). */
    recovery: Recovery;
  }
}

/** Decorates `app.recovery` and runs its timer (schedules, recovery points) from ready to close. */
export function registerRecovery(app: FastifyInstance, now: Clock): Recovery {
  const recovery = createRecovery({
    db: app.database,
    config: app.config,
    blobs: createBlobStore(app.config.dataDir),
    now,
    log: app.log,
    published: () => app.outboxRelay.notify(),
    // The recovery point's age is a metric (recovery_point_age_minutes): snapshot it after a backup.
    backedUp: (process) => {
      if (app.hasDecorator('metricSnapshots')) app.metricSnapshots.schedule(process);
    },
  });
  app.decorate('recovery', recovery);
  app.addHook('onReady', async () => recovery.start_timer());
  app.addHook('preClose', async () => recovery.stop());
  return recovery;
}
