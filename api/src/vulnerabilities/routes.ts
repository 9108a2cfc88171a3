// The vulnerability database's API: one vulnerability by id or alias (advisories are public data,
// the same for every organization), and importing OSV advisories (a JSON record or array, an OSV
// zip export, as the body or a multipart field 'file').
import fastifyMultipart from '@fastify/multipart';
import { ADVISORY_UPLOAD_MAX_BYTES, ADVISORY_UPLOAD_TOO_LARGE as TOO_LARGE, any, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseHostileValues } from '../http/hostile-values';
import { readOneFile } from '../http/multipart';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { databaseSummary, importKevUpload, vulnerabilityOf } from './service';
import { AdvisoryImporter } from './sources';

/** The largest advisory upload (OSV's biggest per-ecosystem zip exports are some hundred MB). */
export { ADVISORY_UPLOAD_MAX_BYTES };
export const NOT_AN_ADVISORY_UPLOAD =
  "Send OSV advisories as a JSON body (one record or an array), a zip body (application/zip), or a multipart field named 'file'.";
export const ONE_IMPORT_FILE = 'Send one file per import.';
export const NOT_A_KEV_UPLOAD =
  "Send CISA's known exploited vulnerabilities catalog (known_exploited_vulnerabilities.json) as a JSON body or a multipart field named 'file'.";

const vulnerabilitySchema = {
  type: 'object',
  required: ['id', 'aliases', 'modified', 'severity', 'activeExploit', 'record'],
  properties: {
    id: { type: 'string' },
    aliases: { type: 'array', items: { type: 'string' } },
    summary: { type: 'string', nullable: true },
    details: { type: 'string', nullable: true },
    published: { type: 'string', nullable: true },
    modified: { type: 'string' },
    severity: { type: 'string', enum: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] },
    score: { type: 'number', nullable: true },
    vector: { type: 'string', nullable: true },
    activeExploit: { type: 'boolean' },
    knownExploited: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          cveId: { type: 'string' },
          vendorProject: { type: 'string', nullable: true },
          product: { type: 'string', nullable: true },
          vulnerabilityName: { type: 'string', nullable: true },
          dateAdded: { type: 'string', nullable: true },
          dueDate: { type: 'string', nullable: true },
          knownRansomwareCampaignUse: { type: 'string', nullable: true },
        },
      },
    },
    record: { type: 'object', additionalProperties: true, description: 'The OSV record as imported' },
  },
} as const;

const kevCountsSchema = {
  type: 'object',
  required: ['catalogVersion', 'read', 'added', 'updated', 'invalid'],
  properties: {
    catalogVersion: { type: 'string', nullable: true },
    read: { type: 'integer' },
    added: { type: 'integer' },
    updated: { type: 'integer' },
    invalid: { type: 'integer' },
  },
} as const;

const importCountsSchema = {
  type: 'object',
  required: ['read', 'added', 'updated', 'unchanged', 'withdrawn', 'removed', 'invalid', 'problems'],
  properties: {
    read: { type: 'integer' },
    added: { type: 'integer' },
    updated: { type: 'integer' },
    unchanged: { type: 'integer' },
    withdrawn: { type: 'integer' },
    removed: { type: 'integer' },
    invalid: { type: 'integer' },
    problems: { type: 'array', items: { type: 'string' } },
  },
} as const;

const nullableTime = { type: 'string', format: 'date-time', nullable: true } as const;

const databaseSummarySchema = {
  type: 'object',
  required: ['advisories', 'ecosystems', 'lastImportedAt', 'newestModified', 'knownExploited'],
  properties: {
    advisories: { type: 'integer' },
    ecosystems: {
      type: 'array',
      items: { type: 'object', required: ['ecosystem', 'advisories'], properties: { ecosystem: { type: 'string' }, advisories: { type: 'integer' } } },
    },
    lastImportedAt: nullableTime,
    newestModified: nullableTime,
    knownExploited: {
      type: 'object',
      required: ['entries', 'catalogVersion', 'lastImportedAt'],
      properties: { entries: { type: 'integer' }, catalogVersion: { type: 'string', nullable: true }, lastImportedAt: nullableTime },
    },
  },
} as const;

export async function vulnerabilitiesRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['vulnerabilities'];
  const db = app.identity.db;
  await app.register(fastifyMultipart, {
    limits: { fileSize: ADVISORY_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });
  app.addContentTypeParser(['application/zip', 'application/x-zip-compressed', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: ADVISORY_UPLOAD_MAX_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  app.get(
    '/vulnerabilities/:id',
    {
      config: { permission: PERMISSIONS.applications.APPLICATION.VIEW },
      schema: {
        tags,
        summary: 'A vulnerability by its id or any alias (GHSA, CVE, …), with its severity and known-exploited status (view=>Application, checked in the ?graph process)',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 255 } } },
        querystring: { type: 'object', properties: { graph: { type: 'string' } } },
        response: { 200: vulnerabilitySchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const found = await vulnerabilityOf(db, id);
      if (!found) throw new ApiProblem(404);
      return found;
    },
  );

  app.get(
    '/vulnerabilities/imports',
    {
      // Read-only for organization administrators (access=>Administration), as the screen is.
      config: { permission: any(PERMISSIONS.applications.IMPORT_ADVISORIES, PERMISSIONS.administration.ADMINISTRATOR) },
      schema: {
        tags,
        summary: 'What the vulnerability database holds: advisories per ecosystem, when they were last imported, and the KEV catalog (for those who import into it, and read-only for organization administrators)',
        response: { 200: databaseSummarySchema, ...problems(401, 403) },
      },
    },
    async () => databaseSummary(db),
  );

  /** The upload: a multipart field 'file', a binary body or a JSON body; `refusal` says what to send instead. */
  async function uploadedBytes(request: FastifyRequest, refusal = NOT_AN_ADVISORY_UPLOAD): Promise<{ bytes: Uint8Array; source: string } | { json: unknown }> {
    if (request.isMultipart()) {
      const file = await readOneFile(app, request, 'file', { tooLarge: () => new ApiProblem(413, TOO_LARGE), refusal, oneFile: `${ONE_IMPORT_FILE} ${refusal}` });
      if (file.truncated) throw new ApiProblem(413, TOO_LARGE);
      return { bytes: file.content, source: file.filename || 'upload' };
    }
    if (Buffer.isBuffer(request.body)) return { bytes: request.body, source: 'upload' };
    if (request.body === undefined || request.body === null) throw new ApiProblem(400, refusal);
    return { json: request.body };
  }

  app.post(
    '/vulnerabilities/imports',
    {
      // A record the database cannot store is counted invalid (osv.ts), the others are imported.
      config: { permission: PERMISSIONS.applications.IMPORT_ADVISORIES, checksBodyValues: true },
      bodyLimit: ADVISORY_UPLOAD_MAX_BYTES,
      schema: {
        tags,
        summary: "Import OSV advisories into the vulnerability database (JSON record or array, OSV zip export, or multipart field file); every organization's builds are matched against it, so a Global Admin's",
        response: { 200: importCountsSchema, ...problems(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const upload = await uploadedBytes(request);
      const importer = new AdvisoryImporter(db);
      if ('json' in upload) {
        for (const record of Array.isArray(upload.json) ? upload.json : [upload.json]) await importer.add(record);
      } else {
        if (upload.bytes.length === 0) throw new ApiProblem(400, NOT_AN_ADVISORY_UPLOAD);
        await importer.addBytes(upload.bytes, upload.source);
      }
      const counts = await importer.finish();
      if (counts.read === 0 && counts.invalid > 0) throw new ApiProblem(400, counts.problems[0] ?? NOT_AN_ADVISORY_UPLOAD);
      return counts;
    },
  );

  app.post(
    '/vulnerabilities/kev',
    {
      config: { permission: PERMISSIONS.applications.IMPORT_ADVISORIES },
      bodyLimit: ADVISORY_UPLOAD_MAX_BYTES,
      schema: {
        tags,
        summary: "Import CISA's known exploited vulnerabilities catalog (JSON body or multipart field file): matched findings are flagged active exploit; a Global Admin's, as advisories are",
        response: { 200: kevCountsSchema, ...problems(400, 401, 403, 413, 415) },
      },
    },
    async (request) => {
      const upload = await uploadedBytes(request, NOT_A_KEV_UPLOAD);
      let catalog: unknown;
      if ('json' in upload) catalog = upload.json;
      else {
        try {
          catalog = JSON.parse(Buffer.from(upload.bytes).toString('utf8'));
        } catch {
          throw new ApiProblem(400, `${upload.source} is not JSON. ${NOT_A_KEV_UPLOAD}`);
        }
        // A JSON body was looked at as it arrived; a file is looked at here.
        refuseHostileValues('body', catalog);
      }
      return importKevUpload(app.database, catalog);
    },
  );
}
