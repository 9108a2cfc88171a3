// What the overview and the cloud screens read besides the list (issue 24 items 1, 5): the
// list's filter counted (GET security/findings/counts), the findings of a list's filter counted by a dimension (GET security/findings/groups: accounts,
// regions, standards and controls, top rules and resources), per day (GET security/findings/trend),
// and the process's SLA per severity that gives findings their due dates (GET and PUT security/sla).
import { DEFAULT_FINDING_SLA, FINDING_SEVERITIES, FINDING_SLA_MAX_DAYS, PERMISSIONS, type FindingSla } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { ApiProblem } from '../http/problem';
import { VIEW_FINDINGS } from './permissions';
import { parseCountsQuery, parseGroupsQuery, parseTrendQuery } from './query';
import { filterOfRequest } from './request';
import { findingCounts, findingGroupsOf, findingTrend, setSlaOfProcess, slaOfProcess } from './service';

const counts = { type: 'object', additionalProperties: { type: 'integer' } } as const;
const graphQuery = { type: 'object', properties: { graph: { type: 'string' } } } as const;
const slaSchema = { type: 'object', properties: Object.fromEntries(FINDING_SEVERITIES.map((severity) => [severity, { type: ['integer', 'null'] }])) } as const;

export const SLA_MESSAGES = {
  body: `The SLA is an object of the severities (${FINDING_SEVERITIES.join(', ')}), each a number of days; one left out or null has no due date.`,
  days: (severity: string) => `'${severity}' must be a whole number of days from 1 to ${FINDING_SLA_MAX_DAYS}, or null for no due date.`,
  unknown: (name: string) => `'${name}' is not a severity.`,
} as const;

/**
 * PUT security/sla's body: each severity's days, or null. A severity left out has no due date
 * either: the API client drops null fields, so null and absent must mean the same.
 */
export function parseSla(body: unknown): FindingSla {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ApiProblem(400, SLA_MESSAGES.body);
  const given = body as Record<string, unknown>;
  const unknown = Object.keys(given).find((name) => !(FINDING_SEVERITIES as readonly string[]).includes(name));
  if (unknown !== undefined) throw new ApiProblem(400, SLA_MESSAGES.unknown(unknown), {}, { [unknown]: SLA_MESSAGES.unknown(unknown) });
  const sla = { ...DEFAULT_FINDING_SLA };
  for (const severity of FINDING_SEVERITIES) {
    const days = given[severity] ?? null;
    if (days !== null && (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > FINDING_SLA_MAX_DAYS)) {
      throw new ApiProblem(400, SLA_MESSAGES.days(severity), {}, { [severity]: SLA_MESSAGES.days(severity) });
    }
    sla[severity] = days as number | null;
  }
  return sla;
}

export async function findingOverviewRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['security'];

  app.get(
    '/security/findings/counts',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary: "The list's filter counted: its total and its counts per severity and per category (the screens read it beside a page asked with counts=false)",
        response: {
          200: { type: 'object', properties: { total: { type: 'integer' }, totals: { type: 'object', properties: { severity: counts, category: counts } } } },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const query = parseCountsQuery(request.query);
      return findingCounts(app.database, filterOfRequest(app, request, query));
    },
  );

  app.get(
    '/security/findings/groups',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary:
          "The findings of the list's filter counted by a dimension ('by': account, region, service, provider, standard, rule, resource, scope or tool): " +
          'the largest groups first (limit, default 20), each with its counts per severity, and how many groups there are',
        response: {
          200: {
            type: 'object',
            properties: {
              by: { type: 'string' },
              groups: { type: 'array', items: { type: 'object', properties: { key: { type: ['string', 'null'] }, count: { type: 'integer' }, severity: counts } } },
              total: { type: 'integer' },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const query = parseGroupsQuery(request.query);
      return findingGroupsOf(app.database, filterOfRequest(app, request, query), query.by, query.limit);
    },
  );

  app.get(
    '/security/findings/trend',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary:
          "The list's filter per day over the last `days` days (7 to 365, default 30; UTC), oldest first: findings first seen that day, fixed that day, and open (or confirmed) at its end",
        response: {
          200: {
            type: 'object',
            properties: {
              days: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' }, new: { type: 'integer' }, fixed: { type: 'integer' }, open: { type: 'integer' } } } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const query = parseTrendQuery(request.query);
      return findingTrend(app.database, filterOfRequest(app, request, query), query.days, app.identity.now());
    },
  );

  app.get(
    '/security/sla',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary: "The process's SLA for its findings: days from first seen to due per severity (null: never due), and whether it is the default",
        querystring: graphQuery,
        response: { 200: { type: 'object', properties: { sla: slaSchema, default: { type: 'boolean' } } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => slaOfProcess(app.database, organizationOf(request), processOf(request).id),
  );

  app.put(
    '/security/sla',
    {
      config: { permission: PERMISSIONS.processes.UPDATE_PROCESS },
      schema: {
        tags,
        summary: "Sets the process's SLA for its findings: each severity a whole number of days (1 to 3650); null or left out, no due date",
        querystring: graphQuery,
        response: { 200: { type: 'object', properties: { sla: slaSchema, default: { type: 'boolean' } } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const sla = parseSla(request.body);
      const organizationId = organizationOf(request);
      const processId = processOf(request).id;
      await setSlaOfProcess(app.database, organizationId, processId, sla, callerOf(request).user.id, app.identity.now());
      return slaOfProcess(app.database, organizationId, processId);
    },
  );
}
