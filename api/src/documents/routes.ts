// The evidence library's documents (issue 23 item 7; docs/documents-api.md): a multipart upload of
// several files streamed to disk, list with folder/tag/search filters and paging, metadata with
// versions, download or in-page preview, metadata changes and delete. Evidence links, the CSV and
// POST attachments/share are in evidence-routes.ts.
import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_FILES, documentTooLarge, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { graphQuery, idParams, scopeOf } from '../analysis/service';
import { callerOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { multipartProblem, type MultipartWords } from '../http/multipart';
import { ApiProblem } from '../http/problem';
import { ContentCheck, contentDisposition, extensionOf, fileNameProblem, normalFolder, normalTags } from './content';
import { changeBody, documentDetailSchema, documentPageSchema, documentSummarySchema, downloadQuery, listQuery } from './schemas';
import { changeDocument, documentDetail, documentPage, removeDocument, storeUploads, versionToSend, withText, type CheckedFile } from './service';
import { createBlobStore, FileTooLarge, type BlobStore } from './storage';
import { evidenceRoutes } from './evidence-routes';

const D = PERMISSIONS.requirements.DOCUMENT;

export const NOT_MULTIPART = "Send the files as multipart/form-data in fields named 'files'.";
export const NO_FILES = 'Choose at least one file to upload.';
export const TOO_MANY_FILES = `Upload at most ${DOCUMENT_MAX_FILES} files at a time.`;
export const EMPTY_FILE = 'The file is empty.';
export const SAME_NAME_TWICE = 'Two files of the upload have the same name.';
export const REVIEW_BY_RULE = "The review-by date is a day as 'YYYY-MM-DD'.";

export interface DocumentsOptions {
  /** Default: the config's documentMaxBytes, else the contract's DOCUMENT_MAX_BYTES (250 MB). */
  maxBytes?: number;
  /** Default: DATA_DIR/files. */
  blobs?: BlobStore;
}

/** A preview shows the file in the page; nothing in it may run or reach anything (a PDF needs the viewer). */
const previewPolicy = (contentType: string) =>
  contentType === 'application/pdf'
    ? "default-src 'none'; object-src 'self'; frame-ancestors 'self'"
    : "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** A refusal while the body is still arriving: what is left of it is not read, the connection closes. */
const midUpload = (status: number, detail: string, field: string) => new ApiProblem(status, detail, { connection: 'close' }, { [field]: detail });

/** Reads the upload: its files checked and on disk (temporary), its folder and tags; all or nothing. */
async function readUpload(app: FastifyInstance, request: FastifyRequest, blobs: BlobStore, maxBytes: number) {
  const words: MultipartWords = { tooLarge: () => new ApiProblem(413, documentTooLarge(maxBytes), { connection: 'close' }), refusal: NOT_MULTIPART, oneFile: TOO_MANY_FILES };
  const files: CheckedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'files' && part.fieldname !== 'file') throw midUpload(400, NOT_MULTIPART, 'files');
      const name = part.filename ?? '';
      const problem = fileNameProblem(name);
      if (problem) throw midUpload(400, `${name ? `${name}: ` : ''}${problem}`, 'files');
      if (files.some((file) => file.name === name)) throw midUpload(400, SAME_NAME_TWICE, 'files');
      const check = new ContentCheck(extensionOf(name));
      if (check.refusal) throw midUpload(415, check.refusal, 'files');
      const received = await blobs.receive(part.file, check, maxBytes).catch((error: unknown) => {
        throw error instanceof FileTooLarge ? words.tooLarge() : error;
      });
      const verdict = check.finish();
      if (!verdict.ok || received.size === 0) {
        await blobs.discard(received);
        if (received.size === 0) throw midUpload(400, `${name}: ${EMPTY_FILE}`, 'files');
        if (!verdict.ok) throw midUpload(415, `${name}: ${verdict.detail}`, 'files');
      } else {
        files.push(await withText(received, verdict, name));
      }
    }
  } catch (error) {
    await Promise.all(files.map((file) => blobs.discard(file)));
    throw multipartProblem(app, error, words);
  }
  if (files.length === 0) throw new ApiProblem(400, NO_FILES, {}, { files: NO_FILES });
  return { files, fields };
}

function metadataOf(fields: Record<string, string>): { folder: string; tags: string[] } {
  const folder = normalFolder(fields.folder);
  if ('problem' in folder) throw new ApiProblem(400, folder.problem, {}, { folder: folder.problem });
  const tags = normalTags(fields.tags);
  if ('problem' in tags) throw new ApiProblem(400, tags.problem, {}, { tags: tags.problem });
  return { folder: folder.folder, tags: tags.tags };
}

/** A calendar day 'YYYY-MM-DD' that exists, or null; else the 400. */
function reviewByOf(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)) return value;
  throw new ApiProblem(400, REVIEW_BY_RULE, {}, { review_by: REVIEW_BY_RULE });
}

export async function documentsRoutes(app: FastifyInstance, options: DocumentsOptions = {}): Promise<void> {
  const db = app.identity.db;
  const tags = ['documents'];
  const maxBytes = options.maxBytes ?? app.config.documentMaxBytes ?? DOCUMENT_MAX_BYTES;
  const blobs = options.blobs ?? createBlobStore(app.config.dataDir);
  // busboy cuts a file one byte past the limit; the store's count refuses it (413).
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes + 1, files: DOCUMENT_MAX_FILES, fields: 5, parts: DOCUMENT_MAX_FILES + 5, fieldSize: 4096 },
    throwFileSizeLimit: false,
    // The name as sent, path and all: a name with a path is refused, not quietly cut to its base.
    preservePath: true,
  });

  app.post(
    '/documents',
    {
      config: { permission: D.UPLOAD },
      bodyLimit: maxBytes,
      schema: {
        tags,
        summary: "Upload files into the library (multipart: fields 'files', optional 'folder', 'tags' and 'task' — a task id to attach them to); a name already in the folder becomes a new version",
        querystring: graphQuery,
        response: { 201: { type: 'object', properties: { documents: { type: 'array', items: documentSummarySchema } } }, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      if (!request.isMultipart()) throw new ApiProblem(400, NOT_MULTIPART);
      const { files, fields } = await readUpload(app, request, blobs, maxBytes);
      let metadata: { folder: string; tags: string[] };
      try {
        metadata = metadataOf(fields);
      } catch (error) {
        await Promise.all(files.map((file) => blobs.discard(file)));
        throw error;
      }
      const attachTo = fields.task === undefined ? undefined : { caller: callerOf(request), taskId: fields.task };
      return reply.code(201).send({ documents: await storeUploads(db, blobs, scope, metadata.folder, metadata.tags, files, attachTo) });
    },
  );

  app.get(
    '/documents',
    {
      config: { permission: D.LIST },
      schema: { tags, summary: 'A page of the library (folder, tag and q filter; q searches names and text content)', querystring: listQuery, response: { 200: documentPageSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => {
      const query = request.query as { folder?: string; tag?: string; q?: string; offset: number; limit: number };
      const folder = query.folder === undefined ? undefined : normalFolder(query.folder);
      if (folder && 'problem' in folder) throw new ApiProblem(400, folder.problem, {}, { folder: folder.problem });
      return documentPage(db, scopeOf(request), { ...query, folder: folder?.folder, q: query.q?.trim() });
    },
  );

  app.get(
    '/documents/:id',
    {
      config: { permission: D.VIEW },
      schema: { tags, summary: 'A document with its versions (newest first) and the requirements it is evidence for', params: idParams, querystring: graphQuery, response: { 200: documentDetailSchema, ...problems(400, 401, 403, 404) } },
    },
    async (request) => documentDetail(db, scopeOf(request), (request.params as { id: string }).id),
  );

  app.get(
    '/documents/:id/download',
    {
      config: { permission: D.VIEW },
      // After the portal's security headers (root onSend): a preview runs nothing and loads nothing.
      onSend: async (request, reply, payload) => {
        if (reply.statusCode === 200) {
          const inline = (request.query as { inline?: boolean }).inline === true;
          reply.header('content-security-policy', inline ? previewPolicy(String(reply.getHeader('content-type'))) : "default-src 'none'; sandbox");
        }
        return payload;
      },
      schema: {
        tags,
        summary: 'The bytes of a version (default the current one): a download, or inline=true for a preview in the page; nosniff and a sandboxing CSP',
        params: idParams,
        querystring: downloadQuery,
        response: problems(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { version, inline } = request.query as { version?: number; inline: boolean };
      const stored = await versionToSend(db, blobs, scopeOf(request), id, version);
      return reply
        .header('content-type', stored.content_type)
        .header('content-disposition', contentDisposition(stored.name, inline))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', stored.size)
        .send(blobs.open(stored.sha256));
    },
  );

  app.patch(
    '/documents/:id',
    {
      config: { permission: D.UPLOAD },
      schema: { tags, summary: "Change a document's folder, tags, owner (a user id) or review-by date", params: idParams, querystring: graphQuery, body: changeBody, response: { 200: documentSummarySchema, ...problems(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const body = request.body as { folder?: string; tags?: string[]; owner?: string | null; review_by?: string | null };
      let tagList: string[] | undefined;
      if (body.tags !== undefined) {
        const parsed = normalTags(body.tags);
        if ('problem' in parsed) throw new ApiProblem(400, parsed.problem, {}, { tags: parsed.problem });
        tagList = parsed.tags;
      }
      return changeDocument(db, scopeOf(request), (request.params as { id: string }).id, {
        folder: body.folder,
        tags: tagList,
        owner: body.owner,
        reviewBy: body.review_by === undefined ? undefined : reviewByOf(body.review_by),
      });
    },
  );

  app.delete(
    '/documents/:id',
    {
      config: { permission: D.DELETE },
      schema: { tags, summary: 'Delete a document with its versions and evidence links', params: idParams, querystring: graphQuery, response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await removeDocument(db, blobs, scopeOf(request), (request.params as { id: string }).id);
      return reply.code(204).send();
    },
  );

  await evidenceRoutes(app, { blobs, maxBytes });
}
