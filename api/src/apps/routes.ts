// The applications family of the API (spec 7 "Applications", issue 7 items 1–4): a process's
// applications ("Security Posture" with vulnerability counts by severity), their settings
// (settings-routes.ts), their SBOM builds (upload: ../sbom/ingest.ts; processing status), and
// searches over components, vulnerabilities and builds. Every route takes ?graph=<process>; an app
// key not in that process of the caller's organization answers 404 'Invalid app key'.
import { APPLICATION_TAG_LIMITS, checkPermission, hasInjectionMarker, messageForStatus, PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { applicationOfRequest } from './lookup';
import { appSettingsRoutes } from './settings-routes';
import { portfolioSbomRoutes } from './portfolio-routes';
import {
  applicationSummaries,
  buildFindings,
  buildOf,
  buildsOf,
  buildSearch,
  buildSeverityCounts,
  changeApplication,
  componentSearch,
  createApplication,
  removeApplication,
  vulnerabilitySearch,
  BUILD_SEARCH_CATEGORIES,
  type ApplicationInput,
  type ApplicationRecord,
} from './service';
import {
  appSchema,
  appSummarySchema,
  appSummaryView,
  appView,
  buildSchema,
  buildView,
  graphQuery,
  severitiesSchema,
  severityView,
} from './views';

const A = PERMISSIONS.applications;
/** Path segments under /api/apps that are routes, not app keys. */
export const RESERVED_APP_KEYS = ['appSettings', 'components', 'vulnerabilities', 'builds', 'monitoring', 'componentsVulnerabilities', 'resourcesVulnerabilities', 'licenses', 'planes'];
const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

const appKeyParams = { type: 'object', required: ['appKey'], properties: { appKey: { type: 'string' } } } as const;
const appBody = {
  type: 'object',
  properties: {
    app_key: { type: 'string' },
    name: { type: 'string' },
    portfolio: { type: ['string', 'null'] },
    tags: { type: 'array', items: { type: 'string' } },
    enable_continuous_monitoring: { type: 'boolean' },
  },
} as const;

export const TAGS_MESSAGE = `The tags are at most ${APPLICATION_TAG_LIMITS.count}, each of 1 to ${APPLICATION_TAG_LIMITS.length} characters.`;

/** The tags as sent (trimmed, once each), or the current ones when absent; undefined after an error. */
function tagsOf(errors: Record<string, string>, value: unknown, current: readonly string[]): string[] | undefined {
  if (value === undefined) return [...current];
  const tags = Array.isArray(value) ? [...new Set(value.map((tag) => (typeof tag === 'string' ? tag.trim() : '')))] : [];
  const valid =
    Array.isArray(value) &&
    tags.length <= APPLICATION_TAG_LIMITS.count &&
    tags.every((tag) => tag !== '' && [...tag].length <= APPLICATION_TAG_LIMITS.length && !hasInjectionMarker(tag));
  if (!valid) errors.tags = TAGS_MESSAGE;
  return valid ? tags : undefined;
}

export { duplicateAppKey } from './service';

/** The fields of a new or changed app, checked (spec 5 style messages per field). */
function applicationInput(body: Record<string, unknown>, current?: ApplicationRecord): ApplicationInput {
  const errors: Record<string, string> = {};
  const text = (field: string, required: boolean): string | null | undefined => {
    const value = body[field];
    if (value === undefined) return undefined;
    if (value === null) {
      if (required) errors[field] = `The ${field.replace('_', ' ')} is required.`;
      return null;
    }
    const trimmed = String(value).trim();
    if (required && trimmed === '') errors[field] = `The ${field.replace('_', ' ')} is required.`;
    else if (Buffer.byteLength(trimmed) > 255) errors[field] = `The ${field.replace('_', ' ')} may have at most 255 characters.`;
    return trimmed === '' ? null : trimmed;
  };
  const appKey = text('app_key', true) ?? current?.app_key;
  if (appKey === undefined) errors.app_key ??= 'The app key is required.';
  else if (appKey !== null && !errors.app_key) {
    if (!APP_KEY.test(appKey)) errors.app_key = "The app key may hold letters, digits, '.', '_' and '-', and starts with a letter or a digit.";
    else if (RESERVED_APP_KEYS.some((reserved) => reserved.toLowerCase() === appKey.toLowerCase())) {
      errors.app_key = `'${appKey}' is a reserved word and cannot be an app key.`;
    }
  }
  const name = text('name', true) ?? current?.name ?? appKey ?? null;
  const portfolio = body.portfolio === undefined ? (current?.portfolio ?? null) : text('portfolio', false) ?? null;
  const monitoring = body.enable_continuous_monitoring ?? current?.enable_continuous_monitoring ?? false;
  const tags = tagsOf(errors, body.tags, current?.tags ?? []);
  const [first] = Object.values(errors);
  if (first) throw new ApiProblem(400, first, {}, errors);
  return { app_key: appKey!, name: name!, portfolio, tags: tags!, enable_continuous_monitoring: monitoring as boolean };
}

/**
 * enable_continuous_monitoring is an app setting (spec 6 "app settings update"): turning it on or
 * off through POST or PUT /apps also needs update=>ApplicationSettings, as PUT /apps/appSettings
 * does — 403 before anything is written.
 */
function assertMaySetMonitoring(request: FastifyRequest, input: ApplicationInput, current?: ApplicationRecord): void {
  if (input.enable_continuous_monitoring === (current?.enable_continuous_monitoring ?? false)) return;
  const caller = callerOf(request);
  if (!checkPermission(caller.access, A.UPDATE_APPLICATION_SETTINGS, caller.context)) throw new ApiProblem(403, messageForStatus(403));
}

export async function applicationsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['apps'];
  const db = app.identity.db;
  const params = (request: FastifyRequest) => request.params as Record<string, string>;
  const query = (request: FastifyRequest) => request.query as Record<string, string | undefined>;
  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

  const applicationOf = (request: FastifyRequest) => applicationOfRequest(db, request);

  app.get(
    '/apps',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary: "Security Posture: the process's applications with their latest build and its vulnerabilities by severity",
        querystring: graphQuery,
        response: { 200: { type: 'array', items: appSummarySchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => (await applicationSummaries(db, organizationOf(request), processOf(request).id)).map(appSummaryView),
  );

  app.post(
    '/apps',
    {
      config: { permission: A.APPLICATION.CREATE },
      schema: {
        tags,
        summary: "Create an application in the process (app_key unique in the organization; 402 beyond the organization's num_of_apps; monitoring on also needs update=>ApplicationSettings)",
        querystring: graphQuery,
        body: appBody,
        response: { 201: appSchema, ...problems(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const input = applicationInput(body(request));
      assertMaySetMonitoring(request, input);
      const created = await createApplication(app.database, organizationId, process, input);
      return reply.code(201).send(appView(created));
    },
  );

  const searchQuery = (extra: Record<string, unknown> = {}) =>
    ({
      type: 'object',
      required: ['graph'],
      properties: { graph: { type: 'string' }, search: { type: 'string', maxLength: 255 }, ...extra },
    }) as const;

  app.get(
    '/apps/components/search',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary: "Components (name, group or purl containing the text) of the latest build of the process's apps; empty text: []",
        querystring: searchQuery(),
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => componentSearch(db, organizationOf(request), processOf(request).id, query(request).search ?? ''),
  );

  app.get(
    '/apps/vulnerabilities/search',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary: "Findings (advisory id or alias containing the text) in the latest build of the process's apps; empty text: []",
        querystring: searchQuery(),
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => vulnerabilitySearch(db, organizationOf(request), processOf(request).id, query(request).search ?? ''),
  );

  app.get(
    '/apps/builds/search',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary: `Builds whose app (key, name, portfolio), component or vulnerability matches the text; category: ${BUILD_SEARCH_CATEGORIES.join(', ')} (default all); empty text: []`,
        querystring: searchQuery({ category: { type: 'string' } }),
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) =>
      buildSearch(db, organizationOf(request), processOf(request).id, query(request).search ?? '', query(request).category),
  );

  app.get(
    '/apps/:appKey',
    {
      config: { permission: A.APPLICATION.VIEW },
      schema: {
        tags,
        summary: 'An application with its builds, newest first (404 Invalid app key)',
        querystring: graphQuery,
        params: appKeyParams,
        response: {
          200: {
            type: 'object',
            properties: { ...appSchema.properties, builds: { type: 'array', items: buildSchema }, vulnerabilities: severitiesSchema },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const application = await applicationOf(request);
      const [summary] = (await applicationSummaries(db, application.organization_id, application.process_id)).filter((row) => row.id === application.id);
      return {
        ...appView(application),
        vulnerabilities: severityView(summary?.severities ?? null),
        builds: (await buildsOf(db, application.id)).map(buildView),
      };
    },
  );

  app.put(
    '/apps/:appKey',
    {
      config: { permission: A.APPLICATION.UPDATE },
      schema: {
        tags,
        summary: 'Change an application: app_key, name, portfolio, enable_continuous_monitoring (changing it also needs update=>ApplicationSettings; fields not sent stay)',
        querystring: graphQuery,
        params: appKeyParams,
        body: appBody,
        response: { 200: appSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const application = await applicationOf(request);
      const input = applicationInput(body(request), application);
      assertMaySetMonitoring(request, input, application);
      return appView(await changeApplication(app.database, application, input));
    },
  );

  app.delete(
    '/apps/:appKey',
    {
      config: { permission: A.APPLICATION.DELETE },
      schema: {
        tags,
        summary: 'Delete an application with its builds, components and findings',
        querystring: graphQuery,
        params: appKeyParams,
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const application = await applicationOf(request);
      await removeApplication(app.database, application);
      return reply.code(204).send();
    },
  );

  app.get(
    '/apps/:appKey/builds/:buildId',
    {
      config: { permission: A.APPLICATION.VIEW },
      schema: {
        tags,
        summary:
          'A build (by id or number) and its processing status (PENDING, PROCESSING, DONE, FAILED) with its vulnerabilities by severity; ?sbom=true adds the findings',
        querystring: { type: 'object', required: ['graph'], properties: { graph: { type: 'string' }, sbom: { type: 'boolean' } } },
        params: { type: 'object', required: ['appKey', 'buildId'], properties: { appKey: { type: 'string' }, buildId: { type: 'string' } } },
        response: {
          200: {
            type: 'object',
            properties: {
              ...buildSchema.properties,
              app_key: { type: 'string' },
              vulnerabilities: severitiesSchema,
              findings: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const application = await applicationOf(request);
      const build = await buildOf(db, application.id, params(request).buildId);
      if (!build) throw new ApiProblem(404);
      const view = {
        ...buildView(build),
        app_key: application.app_key,
        vulnerabilities: severityView(await buildSeverityCounts(db, build.id)),
      };
      if (!(request.query as { sbom?: boolean }).sbom) return view;
      const findings = await buildFindings(db, build.id);
      return { ...view, findings };
    },
  );

  await app.register(appSettingsRoutes);
  await app.register(portfolioSbomRoutes);
}
