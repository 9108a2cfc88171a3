// GET /api/sbom (spec 7 "SBOM", spec 3 "SBOM component"): a build's components as the flat list
// the client builds its tree from — bom_ref, project (the app key), parent (the parent's bom_ref) —
// with the derived level, total (components below it) and vulnerabilityCount (its own findings
// and those below it), its sub_components (children's bom_refs) and its vulnerabilities.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import { findApplication, findBuild, latestBuild } from '../apps/index';
import { buildSchema, buildView } from '../apps/index';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { INVALID_APP_KEY } from './ingest';
import { subtreeTotals } from './tree';

interface ComponentRow {
  position: number;
  bom_ref: string;
  type: string | null;
  group_name: string | null;
  name: string;
  version: string | null;
  purl: string | null;
  licenses: string[];
  parent: number | null;
  level: number | null;
  vulnerabilities: Array<{ id: string; severity: string }> | null;
}

export async function sbomRoutes(app: FastifyInstance): Promise<void> {
  const db = app.identity.db;
  app.get(
    '/sbom',
    {
      config: { permission: PERMISSIONS.applications.APPLICATION.VIEW },
      schema: {
        tags: ['sbom'],
        summary: "A build's SBOM components with bom_ref, project, parent, level, total, vulnerabilityCount and sub_components (default: the app's latest build)",
        querystring: {
          type: 'object',
          required: ['graph', 'app'],
          properties: { graph: { type: 'string' }, app: { type: 'string' }, build: { type: 'string' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              app_key: { type: 'string' },
              build: { ...buildSchema, type: ['object', 'null'] },
              components: { type: 'array', items: { type: 'object', additionalProperties: true } },
            },
          },
          ...problems(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const { app: appKey, build: buildId } = request.query as { app: string; build?: string };
      const application = await findApplication(db, organizationOf(request), appKey, processOf(request).id);
      if (!application) throw new ApiProblem(404, INVALID_APP_KEY);
      const build = buildId ? await findBuild(db, application.id, buildId) : await latestBuild(db, application.id);
      if (!build) {
        if (buildId) throw new ApiProblem(404);
        return { app_key: application.app_key, build: null, components: [] };
      }
      const rows = await db.query<ComponentRow>(
        `SELECT c.position, c.bom_ref, c.type, c.group_name, c.name, c.version, c.purl, c.licenses, c.parent, c.level,
                (SELECT json_agg(json_build_object('id', f.vulnerability_id, 'severity', f.severity) ORDER BY f.vulnerability_id)
                   FROM build_findings f WHERE f.build_id = c.build_id AND f.position = c.position) AS vulnerabilities
           FROM sbom_components c WHERE c.build_id = $1 ORDER BY c.position`,
        [build.id],
      );
      const parent = rows.map((row) => row.parent ?? -1);
      const level = rows.map((row) => row.level ?? 0);
      const { total, vulnerabilityCount } = subtreeTotals(parent, level, rows.map((row) => row.vulnerabilities?.length ?? 0));
      const children: string[][] = rows.map(() => []);
      rows.forEach((row) => {
        if (row.parent !== null && row.parent !== row.position && children[row.parent]) children[row.parent].push(row.bom_ref);
      });
      return {
        app_key: application.app_key,
        build: buildView(build),
        components: rows.map((row, index) => ({
          bom_ref: row.bom_ref,
          project: application.app_key,
          parent: row.parent === null ? null : (rows[row.parent]?.bom_ref ?? null),
          type: row.type,
          group: row.group_name,
          name: row.name,
          version: row.version,
          purl: row.purl,
          licenses: row.licenses,
          level: row.level,
          total: total[index],
          vulnerabilityCount: vulnerabilityCount[index],
          vulnerabilities: row.vulnerabilities ?? [],
          sub_components: children[index],
        })),
      };
    },
  );
}
