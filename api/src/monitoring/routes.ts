// The monitoring family (spec 7 "Monitoring", issue 7 item 12): the process's monitoring events
// (list and one), a rescan of its monitored applications, and the demo's simulated new
// vulnerability. Every route takes ?graph=<process>; events of another process are not found.
import {
  all,
  DEMO_CLEARED_CVES,
  MONITORING_EVENT_TYPES,
  MONITORING_RUN_STATUSES,
  PERMISSIONS,
  type ClearDemoCvesResult,
  type MonitoringEventQuery,
  type MonitoringRun,
  type RescanPayload,
  type SimulationResult,
} from '@portal/shared/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applicationOfRequest } from '../apps/index';
import { SEVERITIES } from '../apps/index';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { isUuid } from '../http/input';
import { clearAdvisoryFindings, listMonitoringEvents, monitoringEventOf } from './service';

const A = PERMISSIONS.applications.APPLICATION;
const MONITORING = PERMISSIONS.modules.USE_CONTINUOUS_MONITORING;
export const MAX_PAGE = 500;
export const monitoringOff = (appKey: string) => `Continuous monitoring is off for ${appKey}: turn it on in the application's settings first.`;

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
export const eventSchema = {
  type: 'object',
  properties: {
    id: text,
    type: { type: 'string', enum: [...MONITORING_EVENT_TYPES] },
    project: text,
    app_key: text,
    build: { type: ['object', 'null'], properties: { id: text, number: { type: 'integer' } } },
    vulnerability_id: text,
    aliases: { type: 'array', items: text },
    severity: text,
    score: { type: ['number', 'null'] },
    summary: nullableText,
    active_exploit: { type: 'boolean' },
    component: { type: 'object', properties: { bom_ref: text, name: text, group: nullableText, version: nullableText, purl: nullableText } },
    source: { type: 'string', enum: ['advisory-import', 'rescan', 'simulation'] },
    triggered_by: nullableText,
    notified: { type: 'integer' },
    created_at: text,
  },
} as const;
const runSchema = {
  type: 'object',
  properties: {
    id: text,
    status: { type: 'string', enum: [...MONITORING_RUN_STATUSES] },
    error: nullableText,
    pending: { type: 'integer' },
    applications: { type: 'integer' },
    builds: { type: 'integer' },
    new_vulnerabilities: { type: 'integer' },
    new_active_exploits: { type: 'integer' },
    events: { type: 'array', items: eventSchema },
  },
} as const;
const graphQuery = { type: 'object', required: ['graph'], properties: { graph: text } } as const;

export async function monitoringRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['monitoring'];
  const db = app.database;
  const monitoring = app.monitoring;

  app.get(
    '/apps/monitoring/events',
    {
      config: { permission: all(MONITORING, A.LIST) },
      schema: {
        tags,
        summary: "The process's monitoring events, newest first; filters: app (app key), type, severity; limit (≤ 500, default 100) and offset",
        querystring: {
          type: 'object',
          required: ['graph'],
          properties: {
            graph: text,
            app: { type: 'string', maxLength: 255 },
            type: { type: 'string', enum: [...MONITORING_EVENT_TYPES] },
            severity: { type: 'string', enum: [...SEVERITIES] },
            limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 100 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: { 200: { type: 'object', properties: { events: { type: 'array', items: eventSchema }, total: { type: 'integer' } } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = request.query as MonitoringEventQuery & Required<Pick<MonitoringEventQuery, 'limit' | 'offset'>>;
      return listMonitoringEvents(db, organizationOf(request), processOf(request).id, {
        appKey: query.app || undefined,
        type: query.type,
        severity: query.severity,
        limit: query.limit,
        offset: query.offset,
      });
    },
  );

  app.get(
    '/apps/monitoring/events/:eventId',
    {
      config: { permission: all(MONITORING, A.VIEW) },
      schema: {
        tags,
        summary: 'One monitoring event, with its finding as it stands now (still in the build, its VEX analysis state, fixed versions)',
        querystring: graphQuery,
        params: { type: 'object', required: ['eventId'], properties: { eventId: text } },
        response: {
          200: {
            type: 'object',
            properties: {
              ...eventSchema.properties,
              finding: { type: 'object', properties: { present: { type: 'boolean' }, analysis_state: nullableText, fixed_versions: { type: 'array', items: text } } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const event = await monitoringEventOf(db, organizationOf(request), processOf(request).id, (request.params as { eventId: string }).eventId);
      if (!event) throw new ApiProblem(404);
      return event;
    },
  );

  app.post(
    '/apps/monitoring/rescan',
    {
      config: { permission: all(MONITORING, A.SCAN) },
      schema: {
        tags,
        summary:
          "Rescans the newest processed build of the process's applications with continuous monitoring on (or of one: body { app_key }) against the vulnerability database as it is now, as background jobs; new findings raise New Vulnerability / New Active Exploit events and notifications. 200: the run, ended (DONE, or FAILED with its error) within a few seconds; 202: the run going on (GET apps/monitoring/runs/{id} until DONE or FAILED)",
        querystring: graphQuery,
        body: { type: ['object', 'null'], properties: { app_key: { type: 'string', maxLength: 255 } } },
        response: { 200: runSchema, 202: runSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply): Promise<MonitoringRun> => {
      const process = processOf(request);
      const appKey = (request.body as RescanPayload | null)?.app_key;
      let applicationId: string | undefined;
      if (appKey) {
        const application = await applicationOfRequest(db, request, appKey);
        if (!application.enable_continuous_monitoring) throw new ApiProblem(409, monitoringOff(application.app_key));
        applicationId = application.id;
      }
      const id = await monitoring.rescan({ organizationId: organizationOf(request), processId: process.id, applicationId }, callerOf(request).user.id);
      const run = (await monitoring.run(id, process.id, monitoring.rescanWaitMs))!;
      return reply.code(run.status === 'DONE' || run.status === 'FAILED' ? 200 : 202).send(run);
    },
  );

  app.get(
    '/apps/monitoring/runs/:runId',
    {
      config: { permission: all(MONITORING, A.SCAN) },
      schema: {
        tags,
        summary: "A rescan of the process's monitored applications as it stands: its status, what it found so far, the builds left",
        querystring: graphQuery,
        params: { type: 'object', required: ['runId'], properties: { runId: text } },
        response: { 200: runSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request): Promise<MonitoringRun> => {
      const { runId } = request.params as { runId: string };
      const run = isUuid(runId) ? await monitoring.run(runId, processOf(request).id) : undefined;
      if (!run) throw new ApiProblem(404);
      return run;
    },
  );

  app.post(
    '/apps/monitoring/simulateNewVulnerability/:cve',
    {
      config: { permission: all(PERMISSIONS.development.PERFORM_DEMO, MONITORING) },
      schema: {
        tags,
        summary:
          "Demo: raises the New Vulnerability (and New Active Exploit) events and notifications the advisory (CVE or any alias) would raise if new, for the process's monitored applications it affects; findings are not changed",
        querystring: graphQuery,
        params: { type: 'object', required: ['cve'], properties: { cve: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9][A-Za-z0-9._:-]*$' } } },
        response: { 200: { type: 'object', properties: { events: { type: 'array', items: eventSchema } } }, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request): Promise<SimulationResult> => {
      const events = await monitoring.simulate(processOf(request).id, (request.params as { cve: string }).cve, callerOf(request).user.id);
      return { events };
    },
  );

  app.post(
    '/apps/monitoring/clearDemoCves',
    {
      config: { permission: all(PERMISSIONS.development.PERFORM_DEMO, MONITORING) },
      schema: {
        tags,
        summary: `Demo ("clear two specific CVEs"): removes the findings of ${DEMO_CLEARED_CVES.join(' and ')} (or their aliases) from the process's builds, and their monitoring events, so that a rescan raises them again; VEX analyses stay`,
        querystring: graphQuery,
        response: {
          200: { type: 'object', properties: { cves: { type: 'array', items: text }, findings: { type: 'integer' }, builds: { type: 'integer' } } },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request): Promise<ClearDemoCvesResult> => {
      const cves = [...DEMO_CLEARED_CVES];
      return { cves, ...(await clearAdvisoryFindings(app.database, processOf(request).id, cves)) };
    },
  );
}
