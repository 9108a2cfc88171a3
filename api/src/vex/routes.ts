// VEX routes (spec 7 "Applications", issue 7 item 8): a build's findings with their analyses,
// one finding with its advisory and trail, setting an analysis, importing a CycloneDX VEX onto the
// build and exporting the build's VEX. Every route takes ?graph=; the app and the build are looked
// up in the caller's process (404 'Invalid app key', 404).
import { PERMISSIONS, VEX_MAX_BYTES, type BuildVulnerabilityDetail, type BuildVulnerabilityPage, type BuildVulnerabilityQuery, type VexQuery } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf } from '../authorization/guard';
import { announceApplicationChange, APPLICATION_EVENTS, buildOfRequest, buildParams } from '../apps/index';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { graphQuery } from '../processes/index';
import { problems } from '../http/answer';
import { importVex } from './import';
import { VULNERABILITY_QUERY_SCHEMA, BUILD_VULNERABILITY_SCHEMA, DETAIL_SCHEMA, IMPORT_RESULT_SCHEMA, checkedQuery } from './schemas';
import { analyseFinding, buildVex, findingDetail, findingPage, findingsNamed, type FindingRow } from './service';

const AP = PERMISSIONS.applications;
const ANALYZE = { all: [AP.APPLICATION.ANALYZE, PERMISSIONS.modules.USE_VEX_ANALYSIS] };
/** VEX documents are small next to SBOMs; CISA's largest example is some kB. */
export { VEX_MAX_BYTES };

/** CycloneDX JSON's registered media type. */
const CYCLONEDX_JSON = 'application/vnd.cyclonedx+json';

const findingParams = {
  type: 'object',
  required: ['appKey', 'buildId', 'vulnId'],
  properties: { appKey: { type: 'string' }, buildId: { type: 'string' }, vulnId: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;
const findingQuery = {
  type: 'object',
  required: ['graph'],
  properties: { graph: { type: 'string' }, component: { type: 'string', maxLength: 2048, description: "the component's bom_ref" } },
} as const;

export async function vexRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['vex'];
  const db = app.identity.db;
  // CycloneDX's own media type (the export below answers with it) is JSON too: an exported VEX
  // sent back as it came is read like application/json, not refused with 415.
  app.addContentTypeParser(CYCLONEDX_JSON, { parseAs: 'string', bodyLimit: VEX_MAX_BYTES }, app.getDefaultJsonParser('error', 'error'));

  /** The one finding {vulnId} (and ?component) names in the build. */
  async function findingOf(request: FastifyRequest, buildId: string, on: Queryable = db): Promise<FindingRow> {
    const { vulnId } = request.params as { vulnId: string };
    const { component } = request.query as VexQuery;
    const found = await findingsNamed(on, buildId, vulnId, component);
    if (found.length === 0) throw new ApiProblem(404);
    if (found.length > 1) {
      throw new ApiProblem(409, `${vulnId} affects ${found.length} components of this build: name one with ?component=<bom_ref>.`);
    }
    return found[0];
  }

  async function detail(row: FindingRow): Promise<BuildVulnerabilityDetail> {
    return findingDetail(db, row);
  }

  app.post(
    '/apps/:appKey/builds/:buildId/vulnerabilities',
    {
      config: { permission: AP.APPLICATION.VIEW },
      schema: {
        tags,
        summary: "The build's findings with their VEX analyses, filtered and paged by the body (a read: spec 7's POST)",
        querystring: graphQuery,
        params: buildParams,
        body: VULNERABILITY_QUERY_SCHEMA,
        response: {
          200: {
            type: 'object',
            properties: {
              items: { type: 'array', items: BUILD_VULNERABILITY_SCHEMA },
              total: { type: 'integer' },
              by_state: { type: 'object', additionalProperties: { type: 'integer' } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request): Promise<BuildVulnerabilityPage> => {
      const { build } = await buildOfRequest(db, request);
      const query = checkedQuery((request.body ?? {}) as BuildVulnerabilityQuery);
      return findingPage(db, build.id, query);
    },
  );

  app.get(
    '/apps/:appKey/builds/:buildId/vulnerabilities/:vulnId',
    {
      config: { permission: AP.APPLICATION.VIEW },
      schema: {
        tags,
        summary: 'One finding (by its id, or an advisory id or alias with ?component=<bom_ref> when it affects several) with its analysis, advisory and trail',
        querystring: findingQuery,
        params: findingParams,
        response: { 200: DETAIL_SCHEMA, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { build } = await buildOfRequest(db, request);
      return detail(await findingOf(request, build.id));
    },
  );

  app.post(
    '/apps/:appKey/builds/:buildId/vulnerabilities/:vulnId/vex',
    {
      config: { permission: ANALYZE },
      schema: {
        tags,
        summary: "Set a finding's analysis: state, justification, response, detail (fields not sent stay; state null clears it), with an optional comment",
        querystring: findingQuery,
        params: findingParams,
        response: { 200: DETAIL_SCHEMA, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { application, build } = await buildOfRequest(db, request);
      const user = callerOf(request).user;
      const key = await app.database.transaction(async (tx) => {
        const finding = await findingOf(request, build.id, tx);
        await analyseFinding(tx, finding, request.body, user);
        await announceApplicationChange(tx, application, APPLICATION_EVENTS.ANALYSIS, { id: finding.id, kind: 'updated', build_id: build.id });
        return finding.id;
      });
      const [row] = await findingsNamed(db, build.id, key);
      return detail(row);
    },
  );

  app.post(
    '/apps/:appKey/builds/:buildId/vex',
    {
      config: { permission: ANALYZE },
      bodyLimit: VEX_MAX_BYTES,
      schema: {
        tags,
        summary: 'Import a CycloneDX VEX (JSON 1.4–1.6) onto the build: statements matched by bom-ref, BOM-Link and purl, the product itself by its root',
        querystring: graphQuery,
        params: buildParams,
        response: { 200: IMPORT_RESULT_SCHEMA, ...problems(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const { application, build } = await buildOfRequest(db, request);
      if (build.status !== 'DONE') throw new ApiProblem(409, `The build is ${build.status}: a VEX is imported once its findings are known.`);
      const user = callerOf(request).user;
      return app.database.transaction(async (tx) => {
        const imported = await importVex(tx, build.id, request.body, { id: user.id, login_id: user.login_id });
        await announceApplicationChange(tx, application, APPLICATION_EVENTS.ANALYSIS, { id: build.id, kind: 'updated', build_id: build.id });
        return imported;
      });
    },
  );

  app.get(
    '/apps/:appKey/builds/:buildId/vex',
    {
      config: { permission: { all: [AP.SBOM.EXPORT, PERMISSIONS.modules.USE_VEX_ANALYSIS] } },
      schema: {
        tags,
        summary: "The build's findings and analyses as a CycloneDX 1.6 VEX (JSON attachment)",
        querystring: graphQuery,
        params: buildParams,
        response: { 200: { type: 'object', additionalProperties: true }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { application, build } = await buildOfRequest(db, request);
      const document = await buildVex(db, application.app_key, build);
      const name = `${application.app_key}-build-${build.number}.vex.json`.replace(/[^A-Za-z0-9._-]/g, '_');
      reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.type('application/vnd.cyclonedx+json; charset=utf-8').send(JSON.stringify(document, null, 2));
    },
  );
}
