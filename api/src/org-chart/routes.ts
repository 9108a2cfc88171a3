// The organization chart's routes (issue 23 items 10, 11; docs/org-chart.md). The chart is the
// organization's: `graph` names a process of the caller's organization in which the permission
// is checked (view/upload/use org chart, each needing `use=>OrgChart`), and every process of the
// organization sees the same chart.
import fastifyMultipart from '@fastify/multipart';
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { readMultipart, type MultipartWords } from '../http/multipart';
import { ApiProblem, problem, PROBLEM_CONTENT_TYPE } from '../http/problem';
import { ORG_CHART_MAX_BYTES, tooLarge } from './parse';
import { changeReportSchema, chartSchema, graphQuery, personParams, personSchema, previewSchema, rejectionSchema, suggestionsQuery, suggestionsSchema } from './schemas';
import { chartOf, ChartRejected, importChart, personOf, previewChart, suggestionsFor, type ChartScope } from './service';

const R = PERMISSIONS.requirements;

export const NOT_MULTIPART = "Send the chart as multipart/form-data: the file in a field named 'file' (and, to import, the mapping in a field named 'mapping').";
export const EMPTY_FILE = 'The file is empty.';

export interface OrgChartOptions {
  /** Default ORG_CHART_MAX_BYTES. */
  maxBytes?: number;
}

interface ChartUpload {
  fileName: string;
  content: Buffer;
  mapping: string | undefined;
}

function chartScope(request: FastifyRequest): ChartScope {
  const caller = callerOf(request);
  // The permission was checked in this process: one of the caller's organization (else 404 already).
  processOf(request);
  return { organizationId: organizationOf(request), actor: { id: caller.user.id, login_id: caller.user.login_id }, sessionId: caller.session.record.id };
}

const fileNameOf = (raw: string | undefined) =>
  // oxlint-disable-next-line no-control-regex -- control characters are removed from a file name
  (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 255) || 'chart';

export async function orgChartRoutes(app: FastifyInstance, options: OrgChartOptions = {}): Promise<void> {
  const db = app.database;
  const tags = ['org chart'];
  const maxBytes = options.maxBytes ?? ORG_CHART_MAX_BYTES;
  // This family's own multipart parser (encapsulated): one file and the mapping field.
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 6, fieldSize: 16 * 1024 }, throwFileSizeLimit: true });
  const words: MultipartWords = { tooLarge: () => new ApiProblem(413, tooLarge(maxBytes)), refusal: NOT_MULTIPART, oneFile: 'Upload one file at a time.' };

  /** The upload's file and mapping field, read whole (the size is capped by the parser). */
  const readUpload = (request: FastifyRequest): Promise<ChartUpload> => {
    if (!request.isMultipart()) throw new ApiProblem(400, NOT_MULTIPART);
    return readMultipart(app, words, async () => {
      let upload: ChartUpload | undefined;
      let mapping: string | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'mapping') mapping = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file') throw new ApiProblem(400, NOT_MULTIPART);
        upload = { fileName: fileNameOf(part.filename), content: await part.toBuffer(), mapping: undefined };
      }
      if (!upload) throw new ApiProblem(400, NOT_MULTIPART);
      if (upload.content.length === 0) throw new ApiProblem(400, EMPTY_FILE, {}, { file: EMPTY_FILE });
      return { ...upload, mapping };
    });
  };

  app.post(
    '/org-chart/preview',
    {
      config: { permission: R.UPLOAD_ORG_CHART },
      schema: {
        tags,
        summary: "Read an org chart file (multipart field 'file': CSV or XLSX, at most 5 MB): its columns, first rows and a proposed mapping. Stores nothing.",
        querystring: graphQuery,
        response: { 200: previewSchema, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      chartScope(request);
      const upload = await readUpload(request);
      return previewChart(upload.fileName, upload.content);
    },
  );

  app.post(
    '/org-chart',
    {
      config: { permission: R.UPLOAD_ORG_CHART },
      schema: {
        tags,
        summary: "Import an org chart (multipart: 'file' and 'mapping', JSON of field → column index): replaces the organization's chart and reports what changed; 422 lists every row error and changes nothing.",
        querystring: graphQuery,
        response: { 200: changeReportSchema, 422: rejectionSchema, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const scope = chartScope(request);
      const upload = await readUpload(request);
      try {
        return await importChart(db, scope, upload.fileName, upload.content, upload.mapping);
      } catch (error) {
        if (!(error instanceof ChartRejected)) throw error;
        return reply.code(422).type(PROBLEM_CONTENT_TYPE).send({ ...problem(422, error.message), rows: error.rows });
      }
    },
  );

  app.get(
    '/org-chart',
    {
      config: { permission: R.VIEW_ORG_CHART },
      schema: {
        tags,
        summary: "The organization's chart: every person as a tuple of `columns` (with their portal user), in the file's order",
        querystring: graphQuery,
        response: { 200: chartSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => chartOf(db, chartScope(request).organizationId),
  );

  app.get(
    '/org-chart/people/:id',
    {
      config: { permission: R.VIEW_ORG_CHART },
      schema: {
        tags,
        summary: 'A person of the chart (by the id of the file): manager, direct reports, portal user',
        params: personParams,
        querystring: graphQuery,
        response: { 200: personSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => personOf(db, chartScope(request).organizationId, (request.params as { id: string }).id),
  );

  app.get(
    '/org-chart/suggestions',
    {
      config: { permission: R.USE_ORG_CHART },
      schema: {
        tags,
        summary: "Whom to assign a task to: the portal user of the owner's manager (owner: a user id) and the portal users of a department",
        querystring: suggestionsQuery,
        response: { 200: suggestionsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => suggestionsFor(db, chartScope(request).organizationId, request.query as { owner?: string; department?: string }),
  );
}
