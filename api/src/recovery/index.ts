// The recovery family's face to the others: its routes and the runtime (registered in app.ts).
import type { FastifyInstance } from 'fastify';
import { createBlobStore } from '../documents/service';
import type { Clock } from '../identity/clock';
import { schedulePass } from '../jobs/index';
import { createRecovery, DEFAULT_TICK_MS, milliseconds, type Recovery } from './service';

export { recoveryRoutes } from './routes';
export type { Recovery };

declare module 'fastify' {
  interface FastifyInstance {
    /** Disaster recovery (tests: `app.recovery.tick()`, `await app.recovery.idle()` after a backup). */
    recovery: Recovery;
  }
}

/**
 * Decorates `app.recovery`: backups run as 'backups' jobs; the schedules and the recovery point
 * watch are the scheduled pass 'recovery' (RECOVERY_TICK_MS; 0: unscheduled, tests call tick()).
 */
export function registerRecovery(app: FastifyInstance, now: Clock): Recovery {
  const recovery = createRecovery({
    db: app.database,
    jobs: app.jobs,
    backups: { expiryCheckSeconds: app.config.jobExpiryCheckSeconds },
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
  schedulePass(app, 'recovery', milliseconds(process.env.RECOVERY_TICK_MS, DEFAULT_TICK_MS), () => recovery.tick());
  // Backups a stopped process left are queued again (embedded database) or failed.
  app.addHook('onReady', async () => recovery.resume());
  return recovery;
}
