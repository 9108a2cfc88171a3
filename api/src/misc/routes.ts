import type { FastifyInstance } from 'fastify';

export interface MiscRoutesOptions {
  /** The product version (the root package.json); the UI polls it to announce a new version. */
  version: string;
}

export async function miscRoutes(app: FastifyInstance, options: MiscRoutesOptions): Promise<void> {
  app.get(
    '/misc/version',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['misc'],
        summary: 'The running product version (spec 7: the app-version file)',
        response: {
          200: { type: 'object', required: ['version'], properties: { version: { type: 'string' } } },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { version: options.version };
    },
  );
}
