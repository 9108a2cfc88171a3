// The alarms family (issue 25 item 4, docs/alarms.md): CRUD of a process's alarms (graph), the
// acknowledgement of a firing one, its history, and the preview of a rule (stored or a draft)
// over the metric's stored series. The webhook secret is write-only: sealed with the secret box,
// never answered (webhook_secret_set says whether one is stored).
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { parseAlarmRule, type ParsedRule } from './rules';
import {
  acknowledgeAlarm,
  alarmEventOf,
  announceAlarmChange,
  alarmEvents,
  alarmOf,
  alarmsOfProcess,
  deleteAlarm,
  findAlarm,
  insertAlarm,
  parseDays,
  parseNote,
  previewRule,
  updateAlarm,
  type AlarmRow,
} from './service';

const A = PERMISSIONS.operations.ALARM;
export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;

export const ALARM_ROUTE_MESSAGES = {
  noAlarm: 'There is no such alarm in this process.',
  page: `'offset' must be a whole number from 0, 'limit' one from 1 to ${HISTORY_MAX_LIMIT}.`,
  historyParameter: (name: string) => `'${name.slice(0, 100)}' is not a parameter of this call: graph, offset and limit are.`,
} as const;

const graphQuery = { type: 'object', properties: { graph: { type: 'string' } } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const labels = { type: 'object', additionalProperties: { type: 'string' } } as const;
const alarmSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    process: { type: 'string' },
    name: { type: 'string' },
    metric_key: { type: 'string' },
    labels,
    comparator: { type: 'string' },
    threshold: { type: 'number' },
    for_minutes: { type: 'integer' },
    severity: { type: 'string' },
    user_ids: { type: 'array', items: { type: 'string' } },
    workgroup_ids: { type: 'array', items: { type: 'string' } },
    webhook_url: { type: ['string', 'null'] },
    webhook_secret_set: { type: 'boolean' },
    state: { type: 'string' },
    value: { type: ['number', 'null'] },
    condition_since: { type: ['string', 'null'] },
    last_change_at: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
} as const;
const eventSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    value: { type: ['number', 'null'] },
    at: { type: 'string' },
    note: { type: ['string', 'null'] },
    by: { type: ['string', 'null'] },
  },
} as const;
const previewSchema = {
  type: 'object',
  properties: {
    days: { type: 'integer' },
    from: { type: 'string' },
    to: { type: 'string' },
    fired: { type: 'integer' },
    intervals: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, to: { type: ['string', 'null'] } } } },
    summary: { type: 'string' },
  },
} as const;

function page(query: unknown): { offset: number; limit: number } {
  const given = (query ?? {}) as Record<string, unknown>;
  const unknown = Object.keys(given).find((name) => !['graph', 'offset', 'limit'].includes(name));
  if (unknown !== undefined) throw new ApiProblem(400, ALARM_ROUTE_MESSAGES.historyParameter(unknown));
  const number = (value: unknown, fallback: number) => (value === undefined ? fallback : typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : -1);
  const offset = number(given.offset, 0);
  const limit = number(given.limit, HISTORY_DEFAULT_LIMIT);
  if (offset < 0 || limit < 1 || limit > HISTORY_MAX_LIMIT) throw new ApiProblem(400, ALARM_ROUTE_MESSAGES.page);
  return { offset, limit };
}

export async function alarmsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['alarms'];
  const db = app.database;
  const now = () => app.identity.now();
  const box = () => app.identity.box;

  const alarmOfRequest = async (request: FastifyRequest): Promise<AlarmRow> => {
    const { id } = request.params as { id: string };
    const found = isUuid(id) ? await findAlarm(db, organizationOf(request), processOf(request).id, id.toLowerCase()) : undefined;
    if (!found) throw new ApiProblem(404, ALARM_ROUTE_MESSAGES.noAlarm);
    return found;
  };
  /**
   * After a rule was created or changed (its viewers told in the same transaction): the process's
   * alarms are evaluated at once, so a condition that already holds shows pending or firing in the
   * answer rather than at the next timer tick; an evaluation that fails leaves it to the timer.
   */
  const evaluated = async (processId: string) => {
    app.outboxRelay.notify();
    await app.alarms.evaluateProcess(processId).catch((error: unknown) => app.log.warn({ err: error }, 'alarm evaluation after a change failed'));
  };
  const sealed = (rule: ParsedRule) => ({ ...rule, webhook_secret: rule.webhook_secret === undefined ? undefined : box().seal(rule.webhook_secret) });

  app.get(
    '/alarms',
    {
      config: { permission: A.LIST },
      schema: { tags, summary: "The process's alarms with their state and last change", querystring: graphQuery, response: { 200: { type: 'array', items: alarmSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => (await alarmsOfProcess(db, organizationOf(request), processOf(request).id)).map(alarmOf),
  );

  app.post(
    '/alarms',
    {
      config: { permission: A.CREATE },
      schema: {
        tags,
        summary:
          'Creates an alarm: a rule on one series of a metric (metric_key, labels, comparator, threshold, for_minutes), its severity, recipients (user_ids, workgroup_ids) and an optional signed webhook (webhook_url, webhook_secret: write-only)',
        querystring: graphQuery,
        response: { 201: alarmSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const rule = await parseAlarmRule(db, organizationId, process.id, request.body);
      const id = await db.transaction(async (tx) => {
        const inserted = await insertAlarm(tx, organizationId, process.id, sealed(rule), callerOf(request).user.id, now());
        await announceAlarmChange(tx, { id: inserted, organization_id: organizationId, process_id: process.id, process_code: process.code_name }, 'created');
        return inserted;
      });
      await evaluated(process.id);
      return reply.code(201).send(alarmOf((await findAlarm(db, organizationId, process.id, id))!));
    },
  );

  app.post(
    '/alarms/preview',
    {
      config: { permission: A.VIEW },
      schema: {
        tags,
        summary: "What a draft rule would have done over the metric's stored series in the last `days` (1-366, default 30): how many times it would have fired, and when",
        querystring: { type: 'object', properties: { graph: { type: 'string' }, days: { type: 'string' } } },
        response: { 200: previewSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const days = parseDays(request.query);
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const rule = await parseAlarmRule(db, organizationId, process.id, request.body, { draft: true });
      return previewRule(db, organizationId, process.id, rule, days, now());
    },
  );

  app.get(
    '/alarms/:id',
    {
      config: { permission: A.VIEW },
      schema: { tags, summary: 'One alarm of the process', params: idParams, querystring: graphQuery, response: { 200: alarmSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => alarmOf(await alarmOfRequest(request)),
  );

  app.put(
    '/alarms/:id',
    {
      config: { permission: A.UPDATE },
      schema: {
        tags,
        summary: "Changes an alarm's rule, recipients or webhook (webhook_secret left out: the stored one stays); a changed condition starts the alarm over at ok",
        params: idParams,
        querystring: graphQuery,
        response: { 200: alarmSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await alarmOfRequest(request);
      const rule = await parseAlarmRule(db, found.organization_id, found.process_id, request.body, { hasSecret: found.webhook_secret !== null });
      await db.transaction(async (tx) => {
        if (!(await updateAlarm(tx, found.organization_id, found.id, sealed(rule), now()))) throw new ApiProblem(404, ALARM_ROUTE_MESSAGES.noAlarm);
        await announceAlarmChange(tx, found, 'updated');
      });
      await evaluated(found.process_id);
      return alarmOf((await findAlarm(db, found.organization_id, found.process_id, found.id))!);
    },
  );

  app.delete(
    '/alarms/:id',
    {
      config: { permission: A.DELETE },
      schema: { tags, summary: 'Deletes an alarm and its history', params: idParams, querystring: graphQuery, response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const found = await alarmOfRequest(request);
      await db.transaction(async (tx) => {
        if (!(await deleteAlarm(tx, found.organization_id, found.process_id, found.id))) throw new ApiProblem(404, ALARM_ROUTE_MESSAGES.noAlarm);
        await announceAlarmChange(tx, found, 'deleted');
      });
      app.outboxRelay.notify();
      return reply.code(204).send();
    },
  );

  app.post(
    '/alarms/:id/acknowledge',
    {
      config: { permission: A.UPDATE },
      schema: {
        tags,
        summary: 'Acknowledges a firing alarm with a note ({ note }); it stays acknowledged until resolved',
        params: idParams,
        querystring: graphQuery,
        response: { 200: alarmSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const found = await alarmOfRequest(request);
      const note = parseNote(request.body);
      const delivery = await acknowledgeAlarm(db, app.alarms.context, found.id, callerOf(request).user.id, note, now());
      app.outboxRelay.notify();
      app.alarms.send([delivery]);
      return alarmOf((await findAlarm(db, found.organization_id, found.process_id, found.id))!);
    },
  );

  app.get(
    '/alarms/:id/history',
    {
      config: { permission: A.VIEW },
      schema: {
        tags,
        summary: "The alarm's state changes, newest first (offset, limit 1-200, default 50)",
        params: idParams,
        querystring: { type: 'object', properties: { graph: { type: 'string' }, offset: { type: 'string' }, limit: { type: 'string' } } },
        response: {
          200: { type: 'object', properties: { items: { type: 'array', items: eventSchema }, total: { type: 'integer' }, offset: { type: 'integer' }, limit: { type: 'integer' } } },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const found = await alarmOfRequest(request);
      const { offset, limit } = page(request.query);
      const { rows, total } = await alarmEvents(db, found.id, offset, limit);
      return { items: rows.map(alarmEventOf), total, offset, limit };
    },
  );

  app.get(
    '/alarms/:id/preview',
    {
      config: { permission: A.VIEW },
      schema: {
        tags,
        summary: "What the alarm's rule would have done over the metric's stored series in the last `days` (1-366, default 30)",
        params: idParams,
        querystring: { type: 'object', properties: { graph: { type: 'string' }, days: { type: 'string' } } },
        response: { 200: previewSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await alarmOfRequest(request);
      const days = parseDays(request.query);
      const rule = { ...alarmOf(found), webhook_secret: undefined };
      return previewRule(db, found.organization_id, found.process_id, rule, days, now());
    },
  );
}
