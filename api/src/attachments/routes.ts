// Attachments of a requirement (issue 6 item 9; docs/requirements-api.md "Analysis"): a
// multipart upload (field `file`) of at most ATTACHMENT_MAX_BYTES, of an allowed type checked by
// extension and content, stored whole in one row — an upload refused or cut off writes nothing.
// Downloads are always attachments with nosniff and never an HTML or SVG type.
import fastifyMultipart from '@fastify/multipart';
import { hasInjectionMarker, MESSAGES, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { findRequirement, graphQuery, idParams, scopeOf, userRefSchema } from '../analysis/service';
import { readOneFile, type MultipartWords } from '../http/multipart';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { attachmentsOf, downloadOf, removeAttachment, storeAttachment } from './service';
import { ATTACHMENT_MAX_BYTES, classify, cleanFileName, contentDisposition, isScriptableType, OCTET_STREAM, tooLarge } from './files';

const D = PERMISSIONS.requirements.DOCUMENT;

export const NOT_MULTIPART = "Send the file as multipart/form-data in a field named 'file'.";
export const ONE_ATTACHMENT = 'Attach one file at a time.';
export const EMPTY_FILE = 'The file is empty.';
export const NO_FILE_NAME = 'The file has no name.';

export type { Attachment } from './service';

const attachmentSchema = {
  type: 'object',
  required: ['id', 'requirement_id', 'name', 'size', 'content_type', 'uploaded_by', 'created_at'],
  properties: {
    id: { type: 'string' },
    requirement_id: { type: 'string' },
    name: { type: 'string' },
    size: { type: 'integer' },
    content_type: { type: 'string' },
    uploaded_by: userRefSchema,
    created_at: { type: 'string' },
  },
} as const;

export interface AttachmentOptions {
  /** Default ATTACHMENT_MAX_BYTES (env ATTACHMENT_MAX_BYTES). */
  maxBytes?: number;
}

export async function attachmentsRoutes(app: FastifyInstance, options: AttachmentOptions = {}): Promise<void> {
  const db = app.identity.db;
  const tags = ['requirements'];
  const fromEnvironment = Number(process.env.ATTACHMENT_MAX_BYTES);
  const maxBytes = options.maxBytes ?? (Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : ATTACHMENT_MAX_BYTES);
  // Only this plugin parses multipart bodies.
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 }, throwFileSizeLimit: true });
  const words: MultipartWords = { tooLarge: () => new ApiProblem(413, tooLarge(maxBytes)), refusal: NOT_MULTIPART, oneFile: ONE_ATTACHMENT };

  app.post(
    '/requirements/:id/attachments',
    {
      config: { permission: D.UPLOAD },
      schema: {
        tags,
        summary: `Attach a file (multipart field 'file'; at most 10 MB; pdf, png, jpeg, gif, txt, md, csv, json, xml, docx, xlsx, pptx, zip)`,
        params: idParams,
        querystring: graphQuery,
        response: { 201: attachmentSchema, ...problems(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      await findRequirement(db, scope, id);
      if (!request.isMultipart()) throw new ApiProblem(400, NOT_MULTIPART);
      const file = await readOneFile(app, request, 'file', words);
      const { content } = file;
      if (file.truncated || content.length > maxBytes) throw new ApiProblem(413, tooLarge(maxBytes));
      const name = cleanFileName(file.filename ?? '');
      if (name === '') throw new ApiProblem(400, NO_FILE_NAME, {}, { file: NO_FILE_NAME });
      if (hasInjectionMarker(name)) throw new ApiProblem(400, MESSAGES.invalidInput, {}, { file: MESSAGES.invalidInput });
      if (content.length === 0) throw new ApiProblem(400, EMPTY_FILE, {}, { file: EMPTY_FILE });
      const verdict = classify(name, content, file.mimetype);
      if (!verdict.ok) throw new ApiProblem(verdict.status, verdict.detail, {}, { file: verdict.detail });
      return reply.code(201).send(await storeAttachment(db, scope, id, { name, contentType: verdict.contentType, content }));
    },
  );

  app.get(
    '/requirements/:id/attachments',
    {
      config: { permission: D.LIST },
      schema: {
        tags,
        summary: "A requirement's attachments, oldest first (without their content)",
        params: idParams,
        querystring: graphQuery,
        response: { 200: { type: 'array', items: attachmentSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return attachmentsOf(db, scopeOf(request), (request.params as { id: string }).id);
    },
  );

  app.get(
    '/attachments/:id/download',
    {
      config: { permission: D.VIEW },
      // After the portal's security headers (root onSend): a file opened anyway runs nothing.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('content-security-policy', "default-src 'none'; sandbox");
        return payload;
      },
      schema: {
        tags,
        summary: 'The bytes of an attachment, as a download (Content-Disposition: attachment; nosniff; never HTML)',
        params: idParams,
        querystring: graphQuery,
        response: problems(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { id } = request.params as { id: string };
      const row = await downloadOf(db, scope, id);
      const bytes = row.content;
      const type = isScriptableType(row.content_type) ? OCTET_STREAM : row.content_type;
      return reply
        .header('content-type', type)
        .header('content-disposition', contentDisposition(row.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', bytes.length)
        .send(bytes);
    },
  );

  app.delete(
    '/attachments/:id',
    {
      config: { permission: D.DELETE },
      schema: {
        tags,
        summary: 'Delete an attachment (not of a deleted requirement: 409)',
        params: idParams,
        querystring: graphQuery,
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await removeAttachment(db, scope, (request.params as { id: string }).id);
      return reply.code(204).send();
    },
  );
}
