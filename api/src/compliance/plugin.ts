// Live compliance on the app (docs/compliance.md): its routes, the job kind that re-evaluates what
// changed (with its schedule), and the relay that sends those jobs — in a process that works the
// kind only, so that API processes behind workers (JOB_WORKERS=off) and the test suites (which work
// the on-demand kinds only) send none. `app.compliance` for tests and tools.
import type { FastifyInstance } from 'fastify';
import { rbomPositions } from '../deployment-profiles/service';
import type { Clock } from '../identity/clock';
import { type ComplianceContext } from './evaluate';
import { COMPLIANCE_JOB, defineComplianceJobs, evaluatePending, type ComplianceJobs } from './jobs';
import { complianceRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    compliance: ComplianceJobs & { context: ComplianceContext; evaluatePending(processId: string): ReturnType<typeof evaluatePending> };
  }
}

/** Registers the routes (under the API's prefix: call within it) — see registerCompliance for the rest. */
export { complianceRoutes };

export function registerCompliance(app: FastifyInstance, now: Clock, options: { tickMs?: number } = {}): ComplianceContext {
  const context: ComplianceContext = { db: app.database, now, rbomPositions };
  const jobs = defineComplianceJobs(app.jobs, context, { tickMs: options.tickMs, log: app.log, published: () => app.outboxRelay.notify() });
  app.decorate('compliance', { ...jobs, context, evaluatePending: (processId: string) => evaluatePending(context, processId) });
  app.addHook('onReady', async () => {
    if (app.jobs.works(COMPLIANCE_JOB)) jobs.startRelay(app.database, app.log);
  });
  app.addHook('preClose', async () => jobs.stop());
  return context;
}
