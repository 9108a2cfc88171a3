// The cloud connectors' route (issue 24 item 4; docs/operations-findings.md "Cloud connectors"):
// sync an AWS or Azure service module now, into the process of `graph` — which its schedule then
// syncs into. Authorized as updating a service module; another organization's module or process
// is a 404. A failed sync answers 502 with its cause, also kept on the module (GET modules:
// `last_sync_attempt`) for the screen.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { callerOf, organizationOf, processOf } from '../../authorization/guard';
import { problems } from '../../http/answer';
import { ApiProblem } from '../../http/problem';
import { syncAttemptSchema } from '../../service-modules/service';

const syncParams = { type: 'object', required: ['moduleId'], properties: { moduleId: { type: 'string', maxLength: 64 } } } as const;
const graphQuery = { type: 'object', required: ['graph'], properties: { graph: { type: 'string' } } } as const;


export async function cloudSyncRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/security/clouds/:moduleId/sync',
    {
      config: { permission: PERMISSIONS.operations.SERVICE_MODULE.UPDATE },
      schema: {
        tags: ['security'],
        summary:
          "Sync an aws or azure service module's findings (Security Hub; Defender for Cloud alerts, assessments, secure score) into the process of `graph` now; its schedule then syncs there",
        params: syncParams,
        querystring: graphQuery,
        response: { 200: syncAttemptSchema, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const { moduleId } = request.params as { moduleId: string };
      const attempt = await app.cloudSync.syncNow(
        organizationId,
        moduleId,
        { organizationId, processId: process.id, processCode: process.code_name },
        callerOf(request).user.id,
      );
      if (attempt.status === 'failed') throw new ApiProblem(502, attempt.message ?? 'The cloud sync failed.');
      return attempt;
    },
  );
}
