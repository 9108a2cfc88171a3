// The portfolio SBOM view's two lists (issue 24 item 5, spec 7 "GET componentsVulnerabilities;
// GET resourcesVulnerabilities"): across every application of the process (?graph=), the vulnerable
// components of each app's current build, and each app with its counts. Read with the permission
// of the applications list; another organization's process is not found (404) by the guard.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import { problems } from '../http/answer';
import { parseComponentsQuery, parseResourcesQuery } from './portfolio-query';
import { componentsPageSchema, resourcesPageSchema } from './portfolio-views';
import { portfolioComponents, portfolioResources } from './service';

const A = PERMISSIONS.applications;

/** The lists' parameters, for the OpenAPI document: graph is required here (400 before the handler); the rest are read by portfolio-query.ts. */
const text = (description: string) => ({ type: 'string', description }) as const;
const pageParameters = {
  graph: text('the process code name'),
  severity: text('CRITICAL, HIGH, MEDIUM, LOW, NONE, UNKNOWN (several separated by commas)'),
  q: text('text to look for (1 to 200 characters)'),
  order: text('asc or desc'),
  limit: text('page size, 1 to 200 (default 50)'),
  offset: text('rows to skip, 0 to 100000'),
};
const componentsQuery = {
  type: 'object',
  required: ['graph'],
  properties: {
    ...pageParameters,
    sort: text('severity (default), applications or name'),
    application: text('an app key: components of that app'),
    ecosystem: text('a purl type: npm, maven, composer, …'),
  },
} as const;
const resourcesQuery = {
  type: 'object',
  required: ['graph'],
  properties: { ...pageParameters, sort: text('severity (default), components, name or build_date') },
} as const;

export async function portfolioSbomRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['apps'];
  const db = app.identity.db;

  app.get(
    '/apps/componentsVulnerabilities',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary:
          "The process's vulnerable components across every app's current (newest processed) build: per component (purl, else group/name@version) " +
          'its apps, its vulnerabilities (severity, KEV active exploit, each app\'s VEX analysis state) and counts per severity. ' +
          'Filters severity (comma list), q (component name/purl or vulnerability id/alias), application (app key), ecosystem (purl type); ' +
          'sort severity|applications|name, order asc|desc; limit (≤ 200) and offset, with the total',
        querystring: componentsQuery,
        response: { 200: componentsPageSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = parseComponentsQuery(request.query);
      return portfolioComponents(db, organizationOf(request), processOf(request).id, query);
    },
  );

  app.get(
    '/apps/resourcesVulnerabilities',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary:
          "The process's apps with their current (newest processed) build: vulnerable components, findings per severity, active exploits, newest build date. " +
          'Filters severity (apps with a finding of it; comma list), q (app key or name); sort severity|components|name|build_date, order asc|desc; limit (≤ 200) and offset, with the total',
        querystring: resourcesQuery,
        response: { 200: resourcesPageSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = parseResourcesQuery(request.query);
      return portfolioResources(db, organizationOf(request), processOf(request).id, query);
    },
  );
}
