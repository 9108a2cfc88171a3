// The settings of a process's applications (spec 7 "Applications", appSettings): whether each is
// under continuous monitoring — read and set one at a time (by id or app key) or several at once.
import { PERMISSIONS, type AppSettingsChange } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { INVALID_APP_KEY } from './lookup';
import { problems } from '../http/answer';
import { applicationSummaries, applicationWithId, applicationWithKey, saveApplication, type ApplicationRecord } from './service';
import { graphQuery, settingsSchema, settingsView } from './views';

const A = PERMISSIONS.applications;

export const NO_APP_NAMED = (index: number) => `Setting ${index + 1} names no application: give its id or app_key.`;

const settingsBody = {
  type: 'object',
  required: ['enable_continuous_monitoring'],
  properties: { enable_continuous_monitoring: { type: 'boolean' } },
} as const;

export async function appSettingsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['apps'];
  const db = app.identity.db;
  const params = (request: FastifyRequest) => request.params as Record<string, string>;

  app.get(
    '/apps/appSettings',
    {
      config: { permission: A.APPLICATION.LIST },
      schema: {
        tags,
        summary: "The settings of the process's applications (enable_continuous_monitoring)",
        querystring: graphQuery,
        response: { 200: { type: 'array', items: settingsSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => (await applicationSummaries(db, organizationOf(request), processOf(request).id)).map(settingsView),
  );

  app.put(
    '/apps/appSettings',
    {
      config: { permission: A.UPDATE_APPLICATION_SETTINGS },
      schema: {
        tags,
        summary: 'Set the settings of several applications at once: [{ id (or app_key), enable_continuous_monitoring }]',
        querystring: graphQuery,
        body: {
          type: 'array',
          maxItems: 1000,
          items: {
            type: 'object',
            required: ['enable_continuous_monitoring'],
            properties: { id: { type: 'string' }, app_key: { type: 'string' }, enable_continuous_monitoring: { type: 'boolean' } },
          },
        },
        response: { 200: { type: 'array', items: settingsSchema }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const process = processOf(request);
      const changes = request.body as Array<{ id?: string; app_key?: string; enable_continuous_monitoring: boolean }>;
      // An entry that names no app is a malformed request, not an unknown app.
      const unnamed = changes.findIndex((change) => !change.id && !change.app_key);
      if (unnamed >= 0) throw new ApiProblem(400, NO_APP_NAMED(unnamed), {}, { [`[${unnamed}]`]: 'needs id or app_key' });
      await app.database.transaction(async (tx) => {
        for (const change of changes) {
          const found = change.id
            ? await applicationWithId(tx, organizationId, change.id, process.id)
            : change.app_key
              ? await applicationWithKey(tx, organizationId, change.app_key, process.id)
              : undefined;
          if (!found) throw new ApiProblem(404, INVALID_APP_KEY);
          await saveApplication(tx, found, { ...found, enable_continuous_monitoring: change.enable_continuous_monitoring });
        }
      });
      return (await applicationSummaries(db, organizationId, process.id)).map(settingsView);
    },
  );

  async function settingsTarget(request: FastifyRequest): Promise<ApplicationRecord> {
    const key = params(request).id;
    const organizationId = organizationOf(request);
    const processId = processOf(request).id;
    const found = (await applicationWithId(db, organizationId, key, processId)) ?? (await applicationWithKey(db, organizationId, key, processId));
    if (!found) throw new ApiProblem(404, INVALID_APP_KEY);
    return found;
  }

  app.get(
    '/apps/appSettings/:id',
    {
      config: { permission: A.APPLICATION.VIEW },
      schema: {
        tags,
        summary: "One application's settings (by id or app key)",
        querystring: graphQuery,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        response: { 200: settingsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => settingsView(await settingsTarget(request)),
  );

  app.put(
    '/apps/appSettings/:id',
    {
      config: { permission: A.UPDATE_APPLICATION_SETTINGS },
      schema: {
        tags,
        summary: "Set one application's settings (by id or app key)",
        querystring: graphQuery,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
        body: settingsBody,
        response: { 200: settingsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await settingsTarget(request);
      const enable = (request.body as AppSettingsChange).enable_continuous_monitoring;
      await app.database.transaction((tx) => saveApplication(tx, found, { ...found, enable_continuous_monitoring: enable }));
      return settingsView({ ...found, enable_continuous_monitoring: enable });
    },
  );
}
