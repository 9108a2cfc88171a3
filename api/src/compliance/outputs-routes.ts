// The routes of the compliance templates and exports (docs/compliance.md, "Templates" and
// "Exports"): the shipped templates listed (with the process's SLA in SI-2's checks) and applied to
// an imported catalog in one action; the OSCAL assessment results of the process or of one standard
// and the CycloneDX attestation of an application, answered as downloads. The process is `graph`'s;
// another organization's or process's standard or application answers 404 (a standard named in the
// body of an application of templates: a 400 of `standard_id`, as a check's task_id is).
import { all, COMPLIANCE_EXPORT_FILES, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, processOf } from '../authorization/guard';
import { graphQuery, scopeOf } from '../analysis/service';
import { applicationOfRequest } from '../apps/index';
import { publicUrlOf } from '../config';
import { problems } from '../http/answer';
import { slaOfProcess } from '../operations/service';
import { applyTemplates } from './apply';
import { attestationExport, oscalExport, type ExportTarget } from './exports/service';
import { reasonFilter, type ComplianceContext } from './service';
import { complianceTemplates } from './templates';

const R = PERMISSIONS.requirements;
const A = PERMISSIONS.applications;

const templateSchema = {
  type: 'object',
  required: ['control_id', 'label', 'title', 'rationale', 'checks'],
  properties: {
    control_id: { type: 'string' },
    label: { type: 'string' },
    title: { type: 'string' },
    rationale: { type: 'string' },
    checks: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
} as const;

const appliedSchema = {
  type: 'object',
  required: ['standard_id', 'added', 'skipped'],
  properties: {
    standard_id: { type: 'string' },
    added: {
      type: 'array',
      items: {
        type: 'object',
        required: ['control_id', 'requirement_id', 'code', 'check_id', 'kind', 'description'],
        properties: { control_id: { type: 'string' }, requirement_id: { type: 'string' }, code: { type: 'string' }, check_id: { type: 'string' }, kind: { type: 'string' }, description: { type: 'string' } },
      },
    },
    skipped: {
      type: 'array',
      items: {
        type: 'object',
        required: ['control_id', 'requirement_id', 'code', 'kind', 'reason'],
        properties: { control_id: { type: 'string' }, requirement_id: { type: ['string', 'null'] }, code: { type: ['string', 'null'] }, kind: { type: 'string' }, reason: { type: 'string' } },
      },
    },
  },
} as const;

const appKeyParams = { type: 'object', required: ['appKey'], properties: { appKey: { type: 'string' } } } as const;

export async function complianceOutputRoutes(app: FastifyInstance, options: { context: ComplianceContext }): Promise<void> {
  const { context } = options;
  const tags = ['compliance'];
  const publicUrl = publicUrlOf(app.config);
  const targetOf = (request: FastifyRequest): ExportTarget => {
    const caller = callerOf(request);
    return { scope: scopeOf(request), organization: caller.organization!, processName: processOf(request).name, publicUrl, visible: reasonFilter(caller) };
  };
  const download = (name: string) => `attachment; filename="${name}"`;

  app.get(
    '/compliance/templates',
    {
      config: { permission: R.LIST_REQUIREMENT },
      schema: { tags, summary: "The shipped templates: NIST SP 800-53 controls and the checks that evidence them (SI-2's from the process's SLA)", querystring: graphQuery, response: { 200: { type: 'array', items: templateSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => {
      const scope = scopeOf(request);
      return complianceTemplates((await slaOfProcess(context.db, scope.organizationId, scope.processId)).sla);
    },
  );

  app.post(
    '/compliance/templates/apply',
    {
      config: { permission: R.UPDATE_REQUIREMENT },
      schema: {
        tags,
        summary: "Apply the templates to an imported catalog: each control's checks added to its requirement (by control id), those it already has skipped; evaluated at once",
        querystring: graphQuery,
        body: { type: 'object', description: '{ standard_id, controls? }' },
        response: { 200: appliedSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => applyTemplates(context, scopeOf(request), request.body),
  );

  app.get(
    '/compliance/export/oscal',
    {
      config: { permission: R.VIEW_REQUIREMENT },
      schema: {
        tags,
        summary: 'The OSCAL 1.1.2 assessment results (JSON) of the process, or of one standard (standard: its id), as a download',
        querystring: { type: 'object', required: ['graph'], properties: { graph: { type: 'string', minLength: 1 }, standard: { type: 'string' } } },
        response: problems(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { standard } = request.query as { standard?: string };
      const { name, document } = await oscalExport(context, targetOf(request), standard ?? null);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', download(COMPLIANCE_EXPORT_FILES.oscal(name)))
        .header('x-content-type-options', 'nosniff')
        .send(JSON.stringify(document, null, 2));
    },
  );

  app.get(
    '/apps/:appKey/compliance/attestation',
    {
      config: { permission: all(A.APPLICATION.VIEW, R.VIEW_REQUIREMENT) },
      schema: {
        tags,
        summary: "The application's CycloneDX 1.6 attestation: the requirements checked against its evidence, met and not met, with claims and evidence, as a download (404 Invalid app key)",
        querystring: graphQuery,
        params: appKeyParams,
        response: problems(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const application = await applicationOfRequest(context.db, request);
      const document = await attestationExport(context, targetOf(request), application);
      return reply
        .header('content-type', 'application/vnd.cyclonedx+json; charset=utf-8')
        .header('content-disposition', download(COMPLIANCE_EXPORT_FILES.cyclonedx(application.app_key.replace(/[^a-zA-Z0-9_.-]+/g, '_'))))
        .header('x-content-type-options', 'nosniff')
        .send(JSON.stringify(document, null, 2));
    },
  );
}
