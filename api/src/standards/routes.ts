// Security standards (issue 6 item 15, docs/requirements-api.md "Standards, reports, statistics"):
// importing an OSCAL catalog into the process's requirement tree as a background job, the job's
// progress, and the catalogs imported so far.
import { CATALOG_MAX_BYTES, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { graphQuery, idParams } from '../processes/index';
import { problems } from '../http/answer';
import { checkCatalogText, type ImportTarget } from './import';
import { createImportRunner } from './jobs';
import { CatalogError, parseCatalog, readCatalogDocument, type ParsedCatalog } from './oscal';
import { standardsOf } from './service';

/** The largest catalog accepted (the full SP 800-53 rev5 catalog is ~10 MB). */
export { CATALOG_MAX_BYTES };

const importSchema = {
  type: 'object',
  required: ['id', 'status', 'title', 'processed', 'total', 'created', 'updated', 'error', 'started_at', 'finished_at'],
  properties: {
    id: { type: 'string' },
    status: { type: 'string', enum: ['RUNNING', 'DONE', 'FAILED'] },
    title: { type: 'string' },
    processed: { type: 'integer' },
    total: { type: 'integer' },
    created: { type: 'integer' },
    updated: { type: 'integer' },
    error: { type: ['string', 'null'] },
    started_at: { type: 'string' },
    finished_at: { type: ['string', 'null'] },
  },
} as const;

const standardSchema = {
  type: 'object',
  required: ['id', 'title', 'version', 'controls', 'imported_at'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    version: { type: 'string' },
    controls: { type: 'integer' },
    imported_at: { type: 'string' },
  },
} as const;

export { INTERRUPTED } from './jobs';

/** The catalog of a request body, or 400 naming what is missing. */
export function catalogOf(body: unknown): ParsedCatalog {
  try {
    const parsed = parseCatalog(readCatalogDocument(body));
    checkCatalogText(parsed);
    return parsed;
  } catch (error) {
    if (error instanceof CatalogError) throw new ApiProblem(400, error.message);
    throw error;
  }
}

export async function standardsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['standards'];
  const db = app.identity.db;
  // Imports run as jobs; the job queue's close waits for the one running.
  const runner = createImportRunner(app.database, {
    jobs: app.jobs,
    log: app.log,
    // The import may run in another process: the read caches of this one (a second at most,
    // http/read-cache.ts) see its requirements once they expire.
    committed: () => app.outboxRelay.notify(),
    changes: app.changes,
    expiryCheckSeconds: app.config.jobExpiryCheckSeconds,
  });
  // Imports no job can finish any more are FAILED; those whose job a stopped process lost are queued again.
  app.addHook('onReady', async () => runner.resume());

  const targetOf = (request: FastifyRequest): ImportTarget => {
    const caller = callerOf(request);
    const process = processOf(request);
    return {
      organizationId: organizationOf(request),
      processId: process.id,
      processCode: process.code_name,
      actor: { id: caller.user.id, login_id: caller.user.login_id },
      sessionId: caller.session.record.id,
    };
  };

  app.post(
    '/standards/imports',
    {
      config: { permission: PERMISSIONS.requirements.CREATE_REQUIREMENT },
      bodyLimit: CATALOG_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Import an OSCAL catalog (JSON) into the process as a requirement tree (group → control → enhancement); runs in the background',
        querystring: graphQuery,
        body: { type: 'object', description: 'an OSCAL catalog document: { "catalog": { "metadata", "groups" | "controls" } }' },
        response: { 202: importSchema, ...problems(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const target = targetOf(request);
      const parsed = catalogOf(request.body);
      return reply.code(202).send(await runner.start(target, parsed));
    },
  );

  app.get(
    '/standards/imports/:id',
    {
      config: { permission: PERMISSIONS.requirements.LIST_REQUIREMENT },
      schema: {
        tags,
        summary: 'A standard import: its status and progress (processed of total requirements)',
        querystring: graphQuery,
        params: idParams,
        response: { 200: importSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      const found = await runner.find(db, process.id, (request.params as { id: string }).id);
      if (!found) throw new ApiProblem(404);
      return found;
    },
  );

  app.get(
    '/standards',
    {
      config: { permission: PERMISSIONS.administration.SECURITY_STANDARD.LIST },
      schema: {
        tags,
        summary: 'The security standards (catalogs) imported into the process',
        querystring: graphQuery,
        response: { 200: { type: 'array', items: standardSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      const rows = await standardsOf(db, process.id, organizationOf(request));
      return rows.map((row) => ({ ...row, imported_at: new Date(row.imported_at).toISOString() }));
    },
  );
}
