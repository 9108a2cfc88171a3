// Documents as evidence (issue 23 items 8-9): links between a document and the requirements of its
// process (many to many), a requirement's evidence, the evidence of every requirement as CSV, and
// POST attachments/share (spec 7): a requirement's attachment shared into the library. Documents as
// a task's attachments (item 2): links between a document and the tasks of its process, a task's
// attachments.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { graphQuery, idParams, scopeOf } from '../analysis/service';
import { callerOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { ApiProblem } from '../http/problem';
import { normalFolder } from './content';
import { documentSummarySchema, evidenceSchema, linkParams, shareBody, taskLinkParams } from './schemas';
import { attachmentsOf, evidenceCsv, evidenceOf, setEvidence, setTaskAttachment, shareAttachment } from './service';
import type { BlobStore } from './storage';

const D = PERMISSIONS.requirements.DOCUMENT;

export async function evidenceRoutes(app: FastifyInstance, options: { blobs: BlobStore; maxBytes: number }): Promise<void> {
  const db = app.identity.db;
  const tags = ['documents'];
  const { blobs, maxBytes } = options;

  for (const [method, linked] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/documents/:id/requirements/:requirementId',
      config: { permission: D.UPLOAD },
      schema: {
        tags,
        summary: linked ? 'Make the document evidence for a requirement of its process' : 'Remove the document from the evidence of the requirement',
        params: linkParams,
        querystring: graphQuery,
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404, 409) },
      },
      handler: async (request, reply) => {
        const { id, requirementId } = request.params as { id: string; requirementId: string };
        await setEvidence(db, scopeOf(request), id, requirementId, linked);
        return reply.code(204).send();
      },
    });
  }

  for (const [method, linked] of [['PUT', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/documents/:id/tasks/:taskId',
      config: { permission: D.UPLOAD },
      schema: {
        tags,
        summary: linked
          ? 'Attach the document to a task of its process (who may act on the task, or edit a general task)'
          : 'Detach the document from the task (who may act on the task, or edit a general task)',
        params: taskLinkParams,
        querystring: graphQuery,
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { id, taskId } = request.params as { id: string; taskId: string };
        await setTaskAttachment(db, callerOf(request), scopeOf(request), id, taskId, linked);
        return reply.code(204).send();
      },
    });
  }

  app.get(
    '/tasks/:id/attachments',
    {
      config: { permission: D.VIEW },
      schema: {
        tags,
        summary: 'The documents attached to the task (who may view the task and documents)',
        params: idParams,
        querystring: graphQuery,
        response: { 200: { type: 'array', items: evidenceSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => attachmentsOf(db, callerOf(request), scopeOf(request), (request.params as { id: string }).id),
  );

  app.get(
    '/requirements/:id/evidence',
    {
      config: { permission: D.LIST },
      schema: { tags, summary: 'The documents that are evidence for the requirement', params: idParams, querystring: graphQuery, response: { 200: { type: 'array', items: evidenceSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => evidenceOf(db, scopeOf(request), (request.params as { id: string }).id),
  );

  app.get(
    '/documents/evidence.csv',
    {
      config: { permission: D.LIST },
      schema: { tags, summary: 'The evidence of every requirement of the process as CSV (requirement, title, document, version, linked_at)', querystring: graphQuery, response: problems(400, 401, 403, 404) },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="evidence-${scope.processCode.replace(/[^a-z0-9_-]/g, '_')}.csv"`)
        .send(await evidenceCsv(db, scope));
    },
  );

  app.post(
    '/attachments/share',
    {
      config: { permission: D.UPLOAD },
      schema: {
        tags,
        summary: "Share a requirement's attachment into the library (a new document, or a new version of the one of that name in the folder)",
        querystring: graphQuery,
        body: shareBody,
        response: { 201: documentSummarySchema, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const body = request.body as { attachment_id: string; folder?: string };
      const folder = normalFolder(body.folder);
      if ('problem' in folder) throw new ApiProblem(400, folder.problem, {}, { folder: folder.problem });
      return reply.code(201).send(await shareAttachment(db, blobs, scopeOf(request), body.attachment_id, folder.folder, maxBytes));
    },
  );
}
