// Upload of a scanner's file into a process's findings (issue 24 item 2; docs/operations-findings.md):
// the multipart field 'file' or the body, gzip accepted, into an application's or a repository's
// scope, by a signed-in member or a CI's scanner-module key; answered with the import's summary.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { findApplication, INVALID_APP_KEY } from '../apps/index';
import { problems } from '../http/answer';
import { gunzipWithin, InflatedTooLarge, INFLATION_BUDGET_BYTES } from '../http/inflate';
import { partsWithin, readMultipart, type MultipartWords } from '../http/multipart';
import { ApiProblem } from '../http/problem';
import type { ApiKeyHolder } from '../authorization/principal';
import { processWithCode } from '../processes/service';
import type { EventScope } from '../realtime/audience';
import { recordServiceModuleUse } from '../service-modules/service';
import { FindingImportError } from './importers';
import { UPLOAD_FINDINGS } from './permissions';
import { importSummarySchema, parseUploadQuery, type UploadQuery } from './schemas';
import { eventScope } from './request';
import { uploadFindings } from './service';

/** The most an upload may carry (compressed or not), and the most a gzip upload may inflate to. */
export const FINDINGS_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
export const FINDINGS_MAX_INFLATED_BYTES = INFLATION_BUDGET_BYTES;

const MiB = (bytes: number) => Math.round(bytes / (1024 * 1024));
export const FINDINGS_TOO_LARGE = `The scanner's file is larger than the ${MiB(FINDINGS_MAX_UPLOAD_BYTES)} MiB accepted.`;
export const FINDINGS_INFLATED_TOO_LARGE = `The gzip-compressed file inflates to more than the ${MiB(FINDINGS_MAX_INFLATED_BYTES)} MiB accepted.`;
export const NO_FILE = "No file was sent: send the scanner's output as the multipart field 'file' or as the request body (optionally gzip-compressed).";
export const ONE_FILE = "Send one file per upload, the multipart field 'file'.";
export const NOT_A_SCANNER_KEY =
  "This API key is not a code-quality or pipeline-management module's key: findings uploads take the key of such a service module.";
export const CI_NEEDS_PROCESS = "With an API key, name the process in 'graph' (its code name), or upload to an 'application', whose process it is.";
export const NO_SUCH_PROCESS = "No process of the key's organization has this code name.";

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
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
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
