// The proof-of-concept family of spec 3 (`poc`): what the POC screens of the side navigation need
// from the server. Behind the poc feature flag (POC_FEATURES) like the screens: with the flag off
// the family answers 404, as if it did not exist.
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS } from '@portal/shared/server';
import { problems } from '../http/answer';
import { ApiProblem } from '../http/problem';

const tags = ['poc'];

export async function pocRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/poc/grafana',
    {
      // The guard of the /poc routes (spec 6 development items).
      config: { permission: PERMISSIONS.development.VIEW_INFO },
      schema: {
        tags,
        summary: 'The Grafana dashboard /poc/grafana embeds (GRAFANA_DASHBOARD_URL; null when not configured); 404 while the poc feature flag is off',
        response: {
          200: {
            type: 'object',
            required: ['url'],
            properties: { url: { type: ['string', 'null'] } },
          },
          ...problems(401, 403, 404),
        },
      },
    },
    async () => {
      if (!app.config.pocFeatures) throw new ApiProblem(404);
      return { url: app.config.grafanaDashboardUrl ?? null };
    },
  );
}
