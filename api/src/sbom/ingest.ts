// POST /api/apps/{appKey}/builds (issue 7 items 2–3): an SBOM uploaded as a new build of the app,
// by a signed-in user (ingest=>SBOM in the app's process) or by a CI pipeline presenting its CI/CD
// ingestion module's API key in X-Api-Key (the key's organization scopes the app). Who may upload
// is settled before the body is read; the body is then inflated, parsed, validated and stored in
// one transaction, and processed in the background as a job (build-jobs.ts; 202 with the PENDING build).
import fastifyMultipart from '@fastify/multipart';
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { partsWithin, readMultipart, type MultipartWords } from '../http/multipart';
import { problems } from '../http/answer';
import { findApplication, type ApplicationRecord } from '../apps/index';
import { buildSchema, buildView } from '../apps/index';
import { inflateIfGzip, SBOM_MAX_UPLOAD_BYTES, tooLarge } from './body';
import { announceStored } from './events';
import { parseSbom } from './parse';
import { INVALID_APP_KEY } from '../apps/index';
import { defineBuildJobs } from './build-jobs';
import type { BuildFollowUps } from './processing';
import { storeBuild, type Uploader } from './store.repository';
import { recordServiceModuleUse } from '../service-modules/service';

export const NO_SBOM = "No SBOM was sent: send it as the multipart field 'bom' or as the request body (JSON or XML, optionally gzip-compressed).";
export const NOT_A_CICD_KEY = "This API key is not a CI/CD ingestion module's key: SBOM uploads take the key of a 'cicd-ingestion' service module.";

interface Upload {
  application: ApplicationRecord;
  uploader: Uploader;
}

declare module 'fastify' {
  interface FastifyRequest {
    sbomUpload?: Upload;
  }
}

/**
 * Who uploads, and into which app: the module of the API key (resolved by the guard, which
 * answers 401 for an unknown key), or the signed-in caller, whom the guard let through with
 * ingest=>SBOM in the app's process (uploadProcess).
 */
async function authorizeUpload(app: FastifyInstance, request: FastifyRequest): Promise<Upload> {
  const db = app.database;
  const appKey = (request.params as { appKey: string }).appKey;
  const holder = request.apiKeyHolder;
  if (holder) {
    if (holder.type !== 'cicd-ingestion') throw new ApiProblem(403, NOT_A_CICD_KEY);
    const application = await findApplication(db, holder.organization_id, appKey);
    if (!application) throw new ApiProblem(404, INVALID_APP_KEY);
    return { application, uploader: { userId: null, serviceModuleId: holder.id } };
  }
  const caller = callerOf(request);
  // `graph` names the process (the guard found it, or answered 404); without it, the app's.
  const application = caller.organization && caller.process ? await findApplication(db, caller.organization.id, appKey, caller.process.id) : undefined;
  if (!application) throw new ApiProblem(404, INVALID_APP_KEY);
  return { application, uploader: { userId: caller.user.id, serviceModuleId: null } };
}

/** The process of the `:appKey` app, where a session's upload needs ingest=>SBOM (the guard asks). */
function uploadProcess(app: FastifyInstance) {
  return {
    param: 'appKey',
    async resolve(request: FastifyRequest, organizationId: string | null): Promise<string> {
      const application = organizationId ? await findApplication(app.database, organizationId, (request.params as { appKey: string }).appKey) : undefined;
      if (!application) throw new ApiProblem(404, INVALID_APP_KEY);
      return application.process_id;
    },
  };
}

export const ONE_SBOM_PER_UPLOAD = "Send one SBOM per upload: the field 'bom' appears more than once.";
export const ONE_FILE_PER_UPLOAD = "Send one SBOM per upload: a multipart upload holds one file, the field 'bom'.";
export const MULTIPART_LIMITS =
  "The multipart body holds too many parts: send one file, the field 'bom', with at most 10 other fields.";

const MULTIPART_WORDS: MultipartWords = {
  tooLarge: () => tooLarge('SBOM', SBOM_MAX_UPLOAD_BYTES),
  refusal: "Send the SBOM as the multipart field 'bom' or as the request body (JSON or XML, optionally gzip-compressed).",
  oneFile: ONE_FILE_PER_UPLOAD,
  tooManyParts: MULTIPART_LIMITS,
};

/** The uploaded bytes: the multipart field `bom` (a file or a value), or the body. */
async function uploadedBytes(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) return readMultipart(app, MULTIPART_WORDS, () => multipartBom(request));
  const body = request.body;
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  throw new ApiProblem(400, NO_SBOM);
}

async function multipartBom(request: FastifyRequest): Promise<Buffer> {
  let found: Buffer | undefined;
  for await (const part of partsWithin(request, SBOM_MAX_UPLOAD_BYTES)) {
    if (part.fieldname !== 'bom') {
      if (part.type === 'file') await part.toBuffer();
      continue;
    }
    if (found) throw new ApiProblem(400, ONE_SBOM_PER_UPLOAD);
    if (part.type === 'file') found = await part.toBuffer();
    else {
      if (part.valueTruncated) throw tooLarge('SBOM', SBOM_MAX_UPLOAD_BYTES);
      found = Buffer.from(String(part.value), 'utf8');
    }
  }
  if (!found) throw new ApiProblem(400, NO_SBOM, {}, { bom: 'is required' });
  return found;
}

export interface IngestionOptions {
  /** What the VEX and licenses families do with each processed build (app.ts wires them). */
  followUps: BuildFollowUps;
}

export async function ingestionRoutes(app: FastifyInstance, { followUps }: IngestionOptions): Promise<void> {
  // Processing runs as a job; the job queue's close waits for the one running.
  const builds = defineBuildJobs(app.jobs, {
    database: app.database,
    followUps,
    log: app.log,
    notify: () => app.outboxRelay.notify(),
    timeoutMs: app.config.sbomIngestionTimeoutMs,
  });
  app.addHook('onReady', async () => {
    // Builds a stopped server left unprocessed are sent again.
    await builds.resume();
  });

  // This plugin reads bodies itself: as bytes (JSON, XML, gzip — any type) or multipart.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: SBOM_MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, {
    limits: { fileSize: SBOM_MAX_UPLOAD_BYTES, fieldSize: SBOM_MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/apps/:appKey/builds',
    {
      bodyLimit: SBOM_MAX_UPLOAD_BYTES,
      // A session with ingest=>SBOM in the app's process (the guard checks it), or a CI/CD
      // ingestion module's X-Api-Key (the guard resolves it; its type is checked here), both
      // before the body is read.
      config: { permission: PERMISSIONS.applications.SBOM.INGEST, apiKey: true, processFrom: uploadProcess(app) },
      onRequest: async (request) => {
        request.sbomUpload = await authorizeUpload(app, request);
      },
      schema: {
        tags: ['apps'],
        summary:
          "Upload an SBOM (CycloneDX 1.2–1.6 JSON/XML, SPDX 2.3 JSON; multipart field 'bom' or the body; gzip accepted) as a new build; " +
          'a session with ingest=>SBOM or a CI/CD ingestion module key in X-Api-Key. 202: processing in the background.',
        params: { type: 'object', required: ['appKey'], properties: { appKey: { type: 'string' } } },
        querystring: { type: 'object', properties: { graph: { type: 'string' } } },
        response: { 202: buildSchema, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const upload = request.sbomUpload;
      if (!upload) throw new ApiProblem(401);
      const raw = await uploadedBytes(app, request);
      if (raw.length === 0) throw new ApiProblem(400, NO_SBOM);
      const inflated = await inflateIfGzip(raw, request.isMultipart() ? undefined : request.headers['content-encoding']);
      let stored: Awaited<ReturnType<typeof storeBuild>>;
      try {
        stored = await storeBuild(app.database, upload.application.id, parseSbom(inflated.bytes), upload.uploader, announceStored);
      } finally {
        // The inflated bytes are done with: the next upload waiting for the budget may inflate.
        inflated.release();
      }
      // A CI key's upload is its module's sync (the Service Modules screen's "Last sync").
      if (request.apiKeyHolder) await recordServiceModuleUse(app.database, request.apiKeyHolder, new Date(stored.created_at));
      // Sent once the answer is: PGlite's queries hold the event loop while they run. What
      // processing would read back of the components, it is handed (when this process runs it).
      let sent = false;
      const send = () => {
        if (sent) return;
        sent = true;
        builds.send(stored.id, stored.components).catch((error: unknown) => app.log.error({ err: error, buildId: stored.id }, 'SBOM processing job not sent'));
      };
      reply.raw.once('finish', send);
      reply.raw.once('close', send);
      // The server's own time for the upload (since the request arrived), for pipelines and benchmarks.
      reply.header('server-timing', `ingest;dur=${reply.elapsedTime.toFixed(1)}`);
      reply.header('location', `/api/apps/${encodeURIComponent(upload.application.app_key)}/builds/${stored.id}`);
      return reply.code(202).send(buildView(stored));
    },
  );
}

export { INVALID_APP_KEY };
