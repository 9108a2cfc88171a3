// Continuous monitoring on the API instance: one runner (app.monitoring) for the routes and the
// import hook, stopped before the database closes.
import type { FastifyInstance } from 'fastify';
import { MonitoringRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rescans of monitored applications, one at a time (routes, advisory imports; tests await idle()). */
    monitoring: MonitoringRunner;
  }
}

export function registerMonitoring(app: FastifyInstance): void {
  const runner = new MonitoringRunner(app.database, app.log, () => app.outboxRelay.notify());
  app.decorate('monitoring', runner);
  app.addHook('preClose', async () => {
    runner.close();
    await runner.idle();
  });
}
