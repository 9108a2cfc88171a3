// The compliance routes (docs/compliance.md, "Routes"): a requirement's checks (listed with its view
// permission; added, replaced, deleted with its update permission, each evaluated at once), its
// compliance with history, an evaluation on demand, and the statuses of the process's requirements
// (the depository's badges), and the recurring tasks a check may name. The process is `graph`'s;
// another organization's or process's requirement or check answers 404.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { graphQuery, idParams, scopeOf } from '../analysis/service';
import { problems } from '../http/answer';
import { complianceOutputRoutes } from './outputs-routes';
import { checkBody, checkParams, checkSchema, requirementComplianceSchema, statusItemSchema } from './schemas';
import {
  createCheck,
  evaluateNow,
  listChecks,
  processStatuses,
  reasonFilter,
  removeCheck,
  replaceCheck,
  requirementCompliance,
  type ComplianceContext,
} from './service';
import { complianceSummaryRoutes } from './summary';
import { recurringTaskRoutes } from './task-choices';

const R = PERMISSIONS.requirements;

export async function complianceRoutes(app: FastifyInstance, options: { context: ComplianceContext }): Promise<void> {
  const { context } = options;
  const tags = ['compliance'];
  const params = (request: FastifyRequest) => request.params as { id: string; checkId?: string };
  const visible = (request: FastifyRequest) => reasonFilter(callerOf(request));
  // The templates and the exports (outputs-routes.ts).
  await complianceOutputRoutes(app, options);

  app.get(
    '/requirements/:id/checks',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: { tags, summary: "A requirement's compliance checks with their results, oldest first", querystring: graphQuery, params: idParams, response: { 200: { type: 'array', items: checkSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => listChecks(context, scopeOf(request), params(request).id, visible(request)),
  );

  app.post(
    '/requirements/:id/checks',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: { tags, summary: 'Add a compliance check to a requirement; it is evaluated at once', querystring: graphQuery, params: idParams, body: checkBody, response: { 201: checkSchema, ...problems(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.code(201).send(await createCheck(context, scopeOf(request), params(request).id, request.body, visible(request))),
  );

  app.put(
    '/requirements/:id/checks/:checkId',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: { tags, summary: 'Replace a compliance check (kind, scope, params); it is evaluated at once', querystring: graphQuery, params: checkParams, body: checkBody, response: { 200: checkSchema, ...problems(400, 401, 403, 404, 409) } },
    },
    async (request) => replaceCheck(context, scopeOf(request), params(request).id, params(request).checkId!, request.body, visible(request)),
  );

  app.delete(
    '/requirements/:id/checks/:checkId',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: { tags, summary: "Delete a compliance check; the requirement's status is what its other checks say", querystring: graphQuery, params: checkParams, response: { 204: { type: 'null' }, ...problems(401, 403, 404, 409) } },
    },
    async (request, reply) => {
      await removeCheck(context, scopeOf(request), params(request).id, params(request).checkId!);
      return reply.code(204).send();
    },
  );

  app.get(
    '/requirements/:id/compliance',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: { tags, summary: "A requirement's compliance: its status, its checks with their reasons, and the history of both, newest first", querystring: graphQuery, params: idParams, response: { 200: requirementComplianceSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => requirementCompliance(context, scopeOf(request), params(request).id, visible(request)),
  );

  app.post(
    '/requirements/:id/compliance/evaluate',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: { tags, summary: "Evaluate a requirement's checks now; answers its compliance", querystring: graphQuery, params: idParams, response: { 200: requirementComplianceSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => evaluateNow(context, scopeOf(request), params(request).id, visible(request)),
  );

  app.get(
    '/compliance/statuses',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: { tags, summary: "The compliance status of each live requirement of the process that has checks", querystring: graphQuery, response: { 200: { type: 'array', items: statusItemSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => processStatuses(context, scopeOf(request)),
  );

  await complianceSummaryRoutes(app, options);
  // The recurring tasks a recurring-task check may name (task-choices.ts).
  await recurringTaskRoutes(app, options);
}
