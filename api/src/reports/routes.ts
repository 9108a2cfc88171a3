// Reports (issue 6 item 13, docs/requirements-api.md "Standards, reports, statistics"):
// GET /reports/:kind?graph&format=json|csv|pdf.
import { PERMISSIONS, type ReportFormatQuery } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { reportCsv, reportPdf } from './render';
import { buildReport, isReportKind, REPORT_KINDS } from './reports';

const reportSchema = {
  type: 'object',
  required: ['kind', 'title', 'columns', 'rows'],
  properties: {
    kind: { type: 'string', enum: [...REPORT_KINDS] },
    title: { type: 'string' },
    columns: {
      type: 'array',
      items: { type: 'object', required: ['key', 'label'], properties: { key: { type: 'string' }, label: { type: 'string' } } },
    },
    rows: { type: 'array', items: { type: 'object', additionalProperties: { type: ['string', 'number', 'null'] } } },
  },
} as const;

/** '2026-04-06' of the clock's now, in UTC. */
export const isoDate = (now: Date): string => now.toISOString().slice(0, 10);

export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;

  app.get(
    '/reports/:kind',
    {
      config: { permission: PERMISSIONS.requirements.VIEW_REQUIREMENT },
      schema: {
        tags: ['reports'],
        summary: `A report of the process (${REPORT_KINDS.join(', ')}) as JSON, CSV or PDF (an attachment)`,
        params: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', maxLength: 32 } } },
        querystring: {
          type: 'object',
          properties: { graph: { type: 'string' }, format: { type: 'string', enum: ['json', 'csv', 'pdf'], default: 'json' } },
        },
        response: { 200: reportSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { kind } = request.params as { kind: string };
      const process = processOf(request);
      if (!isReportKind(kind)) throw new ApiProblem(404, `There is no '${kind}' report (reports: ${REPORT_KINDS.join(', ')}).`);
      const now = app.identity.now();
      const report = await buildReport(db, kind, { processId: process.id, today: isoDate(now) });
      const format = (request.query as ReportFormatQuery).format ?? 'json';
      if (format === 'json') return report;
      const name = `${process.code_name.toLowerCase().replace(/[^a-z0-9_.-]/g, '_')}-${kind}-report-${isoDate(now)}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('x-content-type-options', 'nosniff');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(`\ufeff${reportCsv(report)}`);
      const pdf = await reportPdf(report, { process: process.name, generatedAt: now.toISOString() });
      return reply.type('application/pdf').send(pdf);
    },
  );
}
