// The metrics family (issue 25 items 1-3, docs/metrics.md): GET metrics (a process's or, with
// graph=*, the platform's current values beside the latest snapshot's), a metric's series and its
// CSV, the custom metrics' CRUD, and the Prometheus endpoint for a service module's key.
import { BUILT_IN_METRICS, checkPermission, PERMISSIONS } from '@portal/shared/server';
import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ALL_PROJECTS_GRAPH, callerOf, organizationOf, processOf } from '../authorization/guard';
import { INVALID_API_KEY } from '../http/api-key';
import { problems } from '../http/answer';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { findServiceModuleByApiKey } from '../service-modules/service';
import { parseCustomMetric } from './definitions';
import { prometheusText, SCRAPER_MODULE_TYPES } from './prometheus';
import {
  changeCustomMetric,
  createCustomMetric,
  CUSTOM_PREFIX,
  customMetricOf,
  customMetricOfProcess,
  definitionsOfProcesses,
  isBuiltIn,
  metricsReading,
  processesOfOrganization,
  removeCustomMetric,
  seriesOf,
  type ProcessRow,
} from './service';

const M = PERMISSIONS.operations.METRIC;
const DAY = 86_400_000;
export const SERIES_MIN_DAYS = 7;
export const SERIES_MAX_DAYS = 366;
export const SERIES_DEFAULT_DAYS = 30;

export const METRIC_MESSAGES = {
  noMetric: (key: string) => `There is no metric '${key.slice(0, 100)}' in this process.`,
  noCustom: 'There is no such custom metric in this process.',
  date: (name: string) => `'${name}' must be a date (YYYY-MM-DD) or a moment (ISO 8601).`,
  range: `The range from 'from' to 'to' must be ${SERIES_MIN_DAYS} to ${SERIES_MAX_DAYS} days.`,
  unknownParameter: (name: string) => `'${name.slice(0, 100)}' is not a parameter of this call: graph, from and to are.`,
  needsKey: "The Prometheus endpoint takes a service module's API key: X-Api-Key: <key> or Authorization: Bearer <key>.",
  notAScraper: `This API key may not scrape metrics: the Prometheus endpoint takes the key of a ${SCRAPER_MODULE_TYPES.join(' or ')} service module.`,
} as const;

const graphQuery = { type: 'object', properties: { graph: { type: 'string' } } } as const;
const valueSchema = {
  type: 'object',
  properties: {
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    value: { type: ['number', 'null'] },
    previous: { type: ['number', 'null'] },
    previous_at: { type: ['string', 'null'] },
  },
} as const;
const customSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    key: { type: 'string' },
    name: { type: 'string' },
    entity: { type: 'string' },
    aggregate: { type: 'string' },
    field: { type: 'string' },
    filters: { type: 'array', items: { type: 'object', properties: { field: { type: 'string' }, value: {} } } },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;
const seriesSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    series: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          labels: { type: 'object', additionalProperties: { type: 'string' } },
          points: { type: 'array', items: { type: 'object', properties: { at: { type: 'string' }, value: { type: 'number' } } } },
        },
      },
    },
  },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const keyParams = { type: 'object', required: ['key'], properties: { key: { type: 'string' } } } as const;

/**
 * The processes a read covers: the `graph`'s, or with graph=* (Platform View: the guard let
 * through a caller who may view metrics in some process) every process of the organization
 * where the caller may view metrics.
 */
async function processesOfRequest(app: FastifyInstance, request: FastifyRequest): Promise<{ graph: string; processes: ProcessRow[] }> {
  const caller = callerOf(request);
  const organizationId = organizationOf(request);
  if ((request.query as { graph?: unknown }).graph === ALL_PROJECTS_GRAPH) {
    const all = await processesOfOrganization(app.database, organizationId);
    const processes = all.filter((process) =>
      checkPermission(caller.access, M.VIEW, { organization: caller.organization?.name, project: process.code_name.toLowerCase(), scope: 'project' }),
    );
    return { graph: ALL_PROJECTS_GRAPH, processes };
  }
  const process = processOf(request);
  return { graph: process.code_name, processes: [{ id: process.id, organization_id: organizationId, code_name: process.code_name }] };
}

const MOMENT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function moment(name: string, value: unknown): Date | undefined {
  if (value === undefined) return undefined;
  const date = typeof value === 'string' && MOMENT.test(value) ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new ApiProblem(400, METRIC_MESSAGES.date(name), {}, { [name]: METRIC_MESSAGES.date(name) });
  return date;
}

/** A series' range: `to` (default now; a day means its end) and `from` (default 30 days before), 7 days to a year apart. */
export function parseRange(query: unknown, now: Date): { from: Date; to: Date } {
  const given = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).find((name) => !['graph', 'from', 'to'].includes(name));
  if (unknown !== undefined) throw new ApiProblem(400, METRIC_MESSAGES.unknownParameter(unknown));
  const toGiven = moment('to', given.to);
  const to = toGiven ? (typeof given.to === 'string' && given.to.length === 10 ? new Date(toGiven.getTime() + DAY - 1) : toGiven) : now;
  const from = moment('from', given.from) ?? new Date(to.getTime() - SERIES_DEFAULT_DAYS * DAY);
  const days = (to.getTime() - from.getTime()) / DAY;
  if (days < SERIES_MIN_DAYS - 0.001 || days > SERIES_MAX_DAYS) throw new ApiProblem(400, METRIC_MESSAGES.range, {}, { from: METRIC_MESSAGES.range });
  return { from, to };
}

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['metrics'];
  const db = app.database;
  const now = () => app.identity.now();

  /** The key's processes: a built-in metric's are all of them; a custom one's, the process that defines it (else 404). */
  async function seriesProcesses(request: FastifyRequest, key: string): Promise<string[]> {
    const { processes } = await processesOfRequest(app, request);
    const ids = processes.map((process) => process.id);
    if (isBuiltIn(key)) return ids;
    const id = key.startsWith(CUSTOM_PREFIX) ? key.slice(CUSTOM_PREFIX.length) : '';
    if (isUuid(id)) {
      const found = (await definitionsOfProcesses(db, organizationOf(request), ids)).find((definition) => definition.id === id.toLowerCase());
      if (found) return [found.process_id];
    }
    throw new ApiProblem(404, METRIC_MESSAGES.noMetric(key));
  }

  app.get(
    '/metrics',
    {
      config: { permission: M.VIEW },
      schema: {
        tags,
        summary:
          "Every metric of the process (graph), or of every process the caller may view metrics of (graph=*): built-in and custom, each value by its labels with the latest snapshot's value and time",
        querystring: graphQuery,
        response: {
          200: {
            type: 'object',
            properties: {
              graph: { type: 'string' },
              at: { type: 'string' },
              metrics: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { key: { type: 'string' }, title: { type: 'string' }, unit: { type: 'string' }, custom: { type: 'boolean' }, values: { type: 'array', items: valueSchema } },
                },
              },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { graph, processes } = await processesOfRequest(app, request);
      const at = now();
      return { graph, at: at.toISOString(), metrics: await metricsReading(db, organizationOf(request), processes, at) };
    },
  );

  app.get(
    '/metrics/prometheus',
    {
      // A service module's key (X-Api-Key, or Authorization: Bearer): the handler checks it and its type.
      config: { permission: 'public', apiKey: true },
      schema: {
        tags,
        summary:
          "Every metric of every process of the key's organization in the Prometheus text exposition format (labels process, source, severity, status), and the job queue's queued, running and failed jobs per kind; takes a pipeline-management or cicd-ingestion module's key",
        response: { ...problems(401, 403) },
      },
    },
    async (request, reply) => {
      let holder = request.apiKeyHolder;
      if (!holder) {
        const authorization = request.headers.authorization;
        const bearer = typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
        if (!bearer) throw new ApiProblem(401, METRIC_MESSAGES.needsKey);
        holder = (await findServiceModuleByApiKey(db, bearer)) ?? null;
        if (!holder) throw new ApiProblem(401, INVALID_API_KEY);
      }
      if (!SCRAPER_MODULE_TYPES.includes(holder.type)) throw new ApiProblem(403, METRIC_MESSAGES.notAScraper);
      const { contentType, text } = await prometheusText(db, holder.organization_id, now(), app.jobs);
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
    },
  );

  app.get(
    '/metrics/:key/series',
    {
      config: { permission: M.VIEW },
      schema: {
        tags,
        summary:
          "A metric's values over a range (from, to: dates or moments; 7 to 366 days; default the last 30): per set of labels, its value at `from` and at each change (a value holds until the next point); graph=* adds up the processes'",
        params: keyParams,
        response: { 200: seriesSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { key } = request.params as { key: string };
      const processIds = await seriesProcesses(request, key);
      const range = parseRange(request.query, now());
      return seriesOf(db, processIds, key, range.from, range.to);
    },
  );

  app.get(
    '/metrics/:key/series.csv',
    {
      config: { permission: M.VIEW },
      schema: { tags, summary: "The series as CSV: one row per point (at, the metric's labels, value)", params: keyParams, response: { ...problems(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { key } = request.params as { key: string };
      const processIds = await seriesProcesses(request, key);
      const range = parseRange(request.query, now());
      const series = await seriesOf(db, processIds, key, range.from, range.to);
      const labels = (BUILT_IN_METRICS.find((metric) => metric.key === key)?.labels ?? []) as readonly string[];
      const rows = series.series.flatMap((line) => line.points.map((point) => [point.at, ...labels.map((name) => line.labels[name] ?? ''), point.value]));
      rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      const name = key.replace(/[^A-Za-z0-9_-]/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(stringify([['at', ...labels, 'value'], ...rows], { record_delimiter: '\r\n' }));
    },
  );

  app.get(
    '/metrics/custom',
    {
      config: { permission: M.LIST },
      schema: { tags, summary: "The process's custom metrics", querystring: graphQuery, response: { 200: { type: 'array', items: customSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => (await definitionsOfProcesses(db, organizationOf(request), [processOf(request).id])).map(customMetricOf),
  );

  const definitionOf = async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const found = isUuid(id) ? await customMetricOfProcess(db, organizationOf(request), processOf(request).id, id.toLowerCase()) : undefined;
    if (!found) throw new ApiProblem(404, METRIC_MESSAGES.noCustom);
    return found;
  };

  app.get(
    '/metrics/custom/:id',
    {
      config: { permission: M.VIEW },
      schema: { tags, summary: 'One custom metric of the process', params: idParams, querystring: graphQuery, response: { 200: customSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => customMetricOf(await definitionOf(request)),
  );

  app.post(
    '/metrics/custom',
    {
      config: { permission: M.CREATE },
      schema: {
        tags,
        summary: 'Defines a custom metric: a count, or an average of a numeric field, over findings, tasks, requirements or applications, with filters (field = value, or one of values)',
        querystring: graphQuery,
        response: { 201: customSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const definition = parseCustomMetric(request.body);
      const organizationId = organizationOf(request);
      const processId = processOf(request).id;
      const stored = await createCustomMetric(db, organizationId, processId, definition, callerOf(request).user.id, now());
      return reply.code(201).send(customMetricOf(stored));
    },
  );

  app.put(
    '/metrics/custom/:id',
    {
      config: { permission: M.UPDATE },
      schema: { tags, summary: "Changes a custom metric's definition (its series so far stays)", params: idParams, querystring: graphQuery, response: { 200: customSchema, ...problems(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const found = await definitionOf(request);
      const definition = parseCustomMetric(request.body);
      const updated = await changeCustomMetric(db, organizationOf(request), found.process_id, found.id, definition, now());
      if (!updated) throw new ApiProblem(404, METRIC_MESSAGES.noCustom);
      return customMetricOf(updated);
    },
  );

  app.delete(
    '/metrics/custom/:id',
    {
      config: { permission: M.DELETE },
      schema: { tags, summary: 'Deletes a custom metric and its series', params: idParams, querystring: graphQuery, response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const found = await definitionOf(request);
      if (!(await removeCustomMetric(db, organizationOf(request), found.process_id, found.id))) throw new ApiProblem(404, METRIC_MESSAGES.noCustom);
      return reply.code(204).send();
    },
  );
}
