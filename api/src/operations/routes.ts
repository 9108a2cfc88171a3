// The security findings of a process (issue 24 items 2–5; docs/operations-findings.md): upload of a
// scanner's file (multipart field 'file' or the body, gzip accepted) into an application's or a
// repository's scope, answered with the import's summary; the list with filters, sort, keyset
// paging and totals; one finding with its history; triage of one or many; the CSV export,
// streamed. Permissions in permissions.ts; another organization's or process's finding is a 404.
import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { findApplication, INVALID_APP_KEY } from '../apps/index';
import { problems } from '../http/answer';
import { gunzipWithin, InflatedTooLarge, INFLATION_BUDGET_BYTES } from '../http/inflate';
import { isUuid } from '../http/input';
import { partsWithin, readMultipart, type MultipartWords } from '../http/multipart';
import { ApiProblem } from '../http/problem';
import type { ApiKeyHolder } from '../authorization/principal';
import { processWithCode } from '../processes/service';
import type { EventScope } from '../realtime/audience';
import { recordServiceModuleUse } from '../service-modules/service';
import { FindingImportError } from './importers';
import { UPLOAD_FINDINGS, TRIAGE_FINDINGS, VIEW_FINDINGS, visibleFindings } from './permissions';
import { parseFindingsQuery } from './query';
import { findingSchema, importSummarySchema, parseExportSelection, parseTriage, parseUploadQuery, type UploadQuery } from './schemas';
import { filterOfRequest } from './request';
import { allFindings, findingDetail, findingImport, findingsList, findingView, selectedFindingsAsSarif, triageVisible, uploadFindings } from './service';

/** The most an upload may carry (compressed or not), and the most a gzip upload may inflate to. */
export const FINDINGS_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
export const FINDINGS_MAX_INFLATED_BYTES = INFLATION_BUDGET_BYTES;

const MiB = (bytes: number) => Math.round(bytes / (1024 * 1024));
export const FINDINGS_TOO_LARGE = `The scanner's file is larger than the ${MiB(FINDINGS_MAX_UPLOAD_BYTES)} MiB accepted.`;
export const FINDINGS_INFLATED_TOO_LARGE = `The gzip-compressed file inflates to more than the ${MiB(FINDINGS_MAX_INFLATED_BYTES)} MiB accepted.`;
export const NO_FILE = "No file was sent: send the scanner's output as the multipart field 'file' or as the request body (optionally gzip-compressed).";
export const ONE_FILE = "Send one file per upload, the multipart field 'file'.";
export const NOT_FOUND = 'No such finding in this process.';
export const SOME_NOT_FOUND = 'Some of these findings are not in this process: nothing was changed.';
export const SOME_NOT_FOUND_EXPORT = 'Some of these findings are not in this process: nothing was exported.';
export const NOT_A_SCANNER_KEY =
  "This API key is not a code-quality or pipeline-management module's key: findings uploads take the key of such a service module.";
export const CI_NEEDS_PROCESS = "With an API key, name the process in 'graph' (its code name), or upload to an 'application', whose process it is.";
export const NO_SUCH_PROCESS = "No process of the key's organization has this code name.";
export const NO_SUCH_IMPORT = 'No such import.';

/** The service modules whose key a CI presents to upload findings. */
export const SCANNER_MODULE_TYPES: readonly string[] = ['code-quality', 'pipeline-management'];

/** Who uploads, and into which process: the signed-in caller (the guard checked scan=>Application), or a module's key. */
interface FindingsUploader {
  process: EventScope;
  userId: string | null;
  module: ApiKeyHolder | null;
  query: UploadQuery;
}

declare module 'fastify' {
  interface FastifyRequest {
    findingsUploader?: FindingsUploader;
  }
}

const MULTIPART_WORDS: MultipartWords = {
  tooLarge: () => new ApiProblem(413, FINDINGS_TOO_LARGE),
  refusal: NO_FILE,
  oneFile: ONE_FILE,
  tooManyParts: ONE_FILE,
};

async function multipartFile(request: FastifyRequest): Promise<Buffer> {
  let found: Buffer | undefined;
  for await (const part of partsWithin(request, FINDINGS_MAX_UPLOAD_BYTES)) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || found) throw new ApiProblem(400, ONE_FILE);
    found = await part.toBuffer();
  }
  if (!found) throw new ApiProblem(400, NO_FILE, {}, { file: 'is required' });
  return found;
}

/** The uploaded bytes, inflated when gzip (declared, or by the magic bytes): 413 past the caps. */
async function uploadedBytes(app: FastifyInstance, request: FastifyRequest): Promise<{ bytes: Buffer; release(): void }> {
  let raw: Buffer;
  if (request.isMultipart()) raw = await readMultipart(app, MULTIPART_WORDS, () => multipartFile(request));
  else if (Buffer.isBuffer(request.body)) raw = request.body;
  else throw new ApiProblem(400, NO_FILE);
  if (raw.length === 0) throw new ApiProblem(400, NO_FILE);
  const encoding = request.isMultipart() ? '' : (request.headers['content-encoding'] ?? '').toLowerCase().trim();
  if (encoding !== '' && encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') {
    throw new ApiProblem(415, `Content-Encoding ${JSON.stringify(encoding)} is not accepted; send the file as it is or gzip-compressed.`);
  }
  const gzip = raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b;
  if (!gzip) {
    if (encoding === 'gzip' || encoding === 'x-gzip') throw new ApiProblem(400, 'The body is declared gzip-compressed (Content-Encoding: gzip) but is not gzip data.');
    return { bytes: raw, release: () => undefined };
  }
  try {
    return await gunzipWithin(raw, FINDINGS_MAX_INFLATED_BYTES);
  } catch (error) {
    if (error instanceof InflatedTooLarge) throw new ApiProblem(413, FINDINGS_INFLATED_TOO_LARGE);
    throw new ApiProblem(400, `The gzip-compressed file could not be inflated: ${(error as Error).message}.`);
  }
}

function eventScope(request: FastifyRequest): EventScope {
  const process = processOf(request);
  return { organizationId: organizationOf(request), processId: process.id, processCode: process.code_name };
}

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const graphQuery = { type: 'object', properties: { graph: { type: 'string' } } } as const;
const triageAnswer = { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } }, state: { type: 'string' } } } as const;

/**
 * Settled before the body is read: the query (400), then who uploads into which process. A key:
 * its module must be a code-quality or pipeline-management one (403), the process the `graph` of
 * the key's organization or the `application`'s (404). A named application must be the process's (404).
 */
async function uploaderOf(app: FastifyInstance, request: FastifyRequest): Promise<FindingsUploader> {
  const holder = request.apiKeyHolder;
  if (holder && !SCANNER_MODULE_TYPES.includes(holder.type)) throw new ApiProblem(403, NOT_A_SCANNER_KEY);
  const query = parseUploadQuery(request.query);
  const unknownApplication = () => new ApiProblem(404, INVALID_APP_KEY, {}, { application: INVALID_APP_KEY });
  if (!holder) {
    const process = eventScope(request);
    if (query.application !== undefined && !(await findApplication(app.database, process.organizationId, query.application, process.processId))) throw unknownApplication();
    return { process, userId: callerOf(request).user.id, module: null, query };
  }
  const graph = (request.query as { graph?: unknown }).graph;
  let processId: string | undefined;
  let processCode: string | undefined;
  if (typeof graph === 'string' && graph !== '') {
    const process = await processWithCode(app.database, holder.organization_id, graph);
    if (!process) throw new ApiProblem(404, NO_SUCH_PROCESS);
    processId = process.id;
    processCode = process.code_name;
  }
  if (query.application !== undefined) {
    const application = await findApplication(app.database, holder.organization_id, query.application, processId);
    if (!application) throw unknownApplication();
    processId = application.process_id;
    processCode = application.process_code;
  }
  if (!processId || !processCode) throw new ApiProblem(400, CI_NEEDS_PROCESS);
  return { process: { organizationId: holder.organization_id, processId, processCode }, userId: null, module: holder, query };
}

/** The upload, in a context of its own: it reads bodies as bytes (any type) or multipart. */
async function uploadRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FINDINGS_MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, {
    limits: { fileSize: FINDINGS_MAX_UPLOAD_BYTES, fieldSize: 4096, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });
  app.post(
    '/security/findings',
    {
      bodyLimit: FINDINGS_MAX_UPLOAD_BYTES,
      // A session with scan=>Application (the guard checks it), or a code-quality or
      // pipeline-management module's X-Api-Key (its type checked here), before the body is read.
      config: { permission: UPLOAD_FINDINGS, apiKey: true },
      onRequest: async (request) => {
        request.findingsUploader = await uploaderOf(app, request);
      },
      schema: {
        tags: ['security'],
        summary:
          "Upload a scanner's output (SARIF 2.1.0, Semgrep, Checkov, KICS, tfsec, Trivy, ASFF, Prowler OCSF, Defender CSV/JSON; multipart field 'file' or the body; gzip accepted) " +
          "into an application's or a repository's findings: new, seen again, fixed and reopened. A session (200), or a CI with a code-quality or " +
          'pipeline-management module key in X-Api-Key (202, Location: the import)',
        querystring: {
          type: 'object',
          properties: { graph: { type: 'string' }, application: { type: 'string' }, repository: { type: 'string' }, format: { type: 'string' } },
        },
        response: { 200: importSummarySchema, 202: importSummarySchema, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const uploader = request.findingsUploader;
      if (!uploader) throw new ApiProblem(401);
      const { process, query } = uploader;
      const upload = await uploadedBytes(app, request);
      try {
        const now = app.identity.now();
        const target = { organizationId: process.organizationId, processId: process.processId, scope: query.scope, userId: uploader.userId, now };
        const summary = await uploadFindings(app.database, target, process, upload.bytes, query.format);
        const answer = { ...summary, scope: query.scope };
        if (!uploader.module) return answer;
        // A CI key's upload is its module's sync (the Service Modules screen's "Last sync"); the
        // import is recorded when this answers: its status URL tells the same, later.
        await recordServiceModuleUse(app.database, uploader.module, now);
        const location = `/api/security/imports/${summary.importId}?graph=${encodeURIComponent(process.processCode.toLowerCase())}`;
        return reply.code(202).header('location', location).send({ ...answer, status: 'DONE', status_url: location });
      } catch (error) {
        if (error instanceof FindingImportError) throw new ApiProblem(400, error.message, {}, { file: error.message });
        throw error;
      } finally {
        upload.release();
      }
    },
  );
}

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
    async (request) => {
      const query = parseFindingsQuery(request.query);
      return findingsList(db, await filterOfRequest(app, request, query), query);
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
      const filter = await filterOfRequest(app, request, query);
      async function* records() {
        yield CSV_HEADER;
        for await (const row of allFindings(db, filter, query)) {
          const finding = findingView(row, filter.sla);
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
