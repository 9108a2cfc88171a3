// The security findings of a process (issue 24 items 2–5; docs/operations-findings.md): upload of a
// scanner's file (upload-routes.ts); an import's status; the list with filters, sort, keyset
// paging and totals; one finding with its history; triage of one or many; the CSV export,
// streamed. Permissions in permissions.ts; another organization's or process's finding is a 404.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { isUuid } from '../http/input';
import { ApiProblem } from '../http/problem';
import { TRIAGE_FINDINGS, VIEW_FINDINGS, visibleFindings } from './permissions';
import { parseFindingsQuery } from './query';
import { findingSchema, importSummarySchema, parseExportSelection, parseTriage } from './schemas';
import { eventScope, filterOfRequest } from './request';
import { allFindings, findingDetail, findingImport, findingsList, findingView, selectedFindingsAsSarif, slaOfProcess, triageVisible } from './service';
import { NOT_A_SCANNER_KEY, SCANNER_MODULE_TYPES, uploadRoutes } from './upload-routes';

export const NOT_FOUND = 'No such finding in this process.';
export const SOME_NOT_FOUND = 'Some of these findings are not in this process: nothing was changed.';
export const SOME_NOT_FOUND_EXPORT = 'Some of these findings are not in this process: nothing was exported.';
export const NO_SUCH_IMPORT = 'No such import.';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const graphQuery = { type: 'object', properties: { graph: { type: 'string' } } } as const;
const triageAnswer = { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } }, state: { type: 'string' } } } as const;

const CSV_HEADER = ['id', 'severity', 'category', 'state', 'tool', 'rule', 'title', 'scope', 'location', 'first_seen', 'last_seen', 'due_date', 'reason', 'expires_at', 'cwe'];

/** A cell a spreadsheet would run as a formula is quoted as text (CSV injection). */
const cell = (value: string | null) => (value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function locationText(location: unknown): string {
  if (!location || typeof location !== 'object') return '';
  const where = location as { kind?: string; file?: string; region?: { startLine?: number | null } | null; resourceId?: string };
  if (where.kind === 'code') return `${where.file ?? ''}${where.region?.startLine ? `:${where.region.startLine}` : ''}`;
  return where.resourceId ?? '';
}

export async function findingsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database;
  const tags = ['security'];
  await app.register(uploadRoutes);

  app.get(
    '/security/findings',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary:
          'The findings of the process the caller may see: filters (category, severity, state — comma lists — tool, scope or application, q in rule, file, resource and title), ' +
          'sort and order, a page by cursor, the total and the counts per severity and category',
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: findingSchema },
              total: { type: 'integer' },
              totals: { type: 'object', additionalProperties: true },
              next_cursor: { type: ['string', 'null'] },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const query = parseFindingsQuery(request.query);
      // The answer is JSON text already (page.repository.ts): sent as it is, the schema documents it.
      return reply.type('application/json; charset=utf-8').send(await findingsList(db, filterOfRequest(app, request, query), query));
    },
  );

  app.get(
    '/security/findings/export.csv',
    {
      config: { permission: VIEW_FINDINGS },
      schema: { tags, summary: "The findings of the list's filter and sort as CSV (every page, streamed)", ...problems(400, 401, 403, 404) },
    },
    async (request, reply) => {
      const query = parseFindingsQuery(request.query);
      const process = processOf(request);
      const filter = filterOfRequest(app, request, query);
      const { sla } = await slaOfProcess(db, filter.organizationId, filter.processId);
      async function* records() {
        yield CSV_HEADER;
        for await (const row of allFindings(db, filter, query)) {
          const finding = findingView(row, sla);
          yield [
            finding.id,
            finding.severity,
            finding.category,
            finding.state,
            cell(finding.tool.name),
            cell(finding.rule.id),
            cell(finding.title),
            cell(finding.scope),
            cell(locationText(finding.location)),
            finding.firstSeen,
            finding.lastSeen,
            finding.dueDate ?? '',
            cell(finding.reason),
            finding.expiresAt ?? '',
            finding.rule.cwe.join(' '),
          ];
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="findings-${process.code_name.replace(/[^a-zA-Z0-9_-]/g, '_')}.csv"`)
        .send(Readable.from(records()).pipe(stringify({ record_delimiter: '\r\n' })));
    },
  );

  app.post(
    '/security/findings/export.sarif',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary: 'The selected findings (ids) as one SARIF 2.1.0 log, a run per tool: importable into GitHub code scanning (docs/operations-findings.md)',
        querystring: graphQuery,
        ...problems(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const ids = parseExportSelection(request.body);
      const process = processOf(request);
      const log = await selectedFindingsAsSarif(db, organizationOf(request), process.id, visibleFindings(callerOf(request)), ids);
      if (!log) throw new ApiProblem(404, SOME_NOT_FOUND_EXPORT);
      return reply
        .header('content-type', 'application/sarif+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="findings-${process.code_name.replace(/[^a-zA-Z0-9_-]/g, '_')}.sarif"`)
        .send(JSON.stringify(log));
    },
  );

  app.get(
    '/security/findings/:id',
    {
      config: { permission: VIEW_FINDINGS },
      schema: {
        tags,
        summary: 'One finding with its rule, its history (imports that fixed or reopened it, triage decisions), oldest first, and the related findings of other tools (same CWE and location)',
        params: idParams,
        querystring: graphQuery,
        response: { 200: { ...findingSchema, properties: { ...findingSchema.properties, history: { type: 'array', items: { type: 'object', additionalProperties: true } }, related: { type: 'array', items: { type: 'object', additionalProperties: true } } } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const process = processOf(request);
      const detail = isUuid(id) ? await findingDetail(db, organizationOf(request), process.id, visibleFindings(callerOf(request)), id.toLowerCase()) : undefined;
      if (!detail) throw new ApiProblem(404, NOT_FOUND);
      return detail;
    },
  );

  app.get(
    '/security/imports/:id',
    {
      // A session with a findings view in the graph's process, or the uploading CI's module key (its organization's imports).
      config: { permission: VIEW_FINDINGS, apiKey: true },
      schema: {
        tags,
        summary: "An upload's status and counts (new, seen again, fixed, reopened) and its tools' runs: the status URL of a CI upload",
        params: idParams,
        querystring: graphQuery,
        response: { 200: { ...importSummarySchema, properties: { ...importSummarySchema.properties, status: { type: 'string' }, created_at: { type: 'string' }, runs: { type: 'array', items: { type: 'object', additionalProperties: true } } } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const holder = request.apiKeyHolder;
      if (holder && !SCANNER_MODULE_TYPES.includes(holder.type)) throw new ApiProblem(403, NOT_A_SCANNER_KEY);
      const organizationId = holder ? holder.organization_id : organizationOf(request);
      const processId = holder ? null : processOf(request).id;
      const found = isUuid(id) ? await findingImport(db, organizationId, processId, id.toLowerCase()) : undefined;
      if (!found) throw new ApiProblem(404, NO_SUCH_IMPORT);
      return found;
    },
  );

  const today = () => app.identity.now().toISOString().slice(0, 10);

  async function decide(request: FastifyRequest, id?: string) {
    const caller = callerOf(request);
    const process = eventScope(request);
    if (id !== undefined && !isUuid(id)) throw new ApiProblem(404, NOT_FOUND);
    const decision = parseTriage(request.body, today(), id);
    const changed = await triageVisible(app.database, process, visibleFindings(caller), decision, {
      userId: caller.user.id,
      sessionId: caller.session.record.id,
      now: app.identity.now(),
    });
    if (!changed) throw new ApiProblem(404, id ? NOT_FOUND : SOME_NOT_FOUND);
    return { ids: changed, state: decision.state };
  }

  app.put(
    '/security/findings/:id/state',
    {
      config: { permission: TRIAGE_FINDINGS },
      schema: {
        tags,
        summary: "A person's decision on one finding: open, confirmed, false_positive, or risk_accepted with a reason and an expiry date; recorded in its history",
        params: idParams,
        querystring: graphQuery,
        response: { 200: triageAnswer, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => decide(request, (request.params as { id: string }).id),
  );

  app.post(
    '/security/findings/triage',
    {
      config: { permission: TRIAGE_FINDINGS },
      schema: {
        tags,
        summary: 'One decision on many findings (ids, state, reason; expires_at for a risk acceptance): all of them or, when one is not the process\'s, none',
        querystring: graphQuery,
        response: { 200: triageAnswer, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => decide(request),
  );
}
