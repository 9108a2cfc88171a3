// The service modules family of the API (docs/authorization.md "Service modules"): the caller's
// organization's modules, per type, with write-only secrets and an API key shown once. Another
// organization's module id is a 404; an unknown type a 400.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { organizationOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { INVALID_API_KEY } from '../http/api-key';
import { configsView } from './configs';
import {
  apiKeySchema,
  configsBody,
  configsSchema,
  createdServiceModuleSchema,
  idParams,
  issuedApiKeySchema,
  moduleChangesBody,
  newModuleBody,
  serviceModuleSchema,
  typeParams,
} from './schemas';
import {
  addServiceModule,
  apiKeyView,
  changeServiceModule,
  listServiceModuleViews,
  moduleOf,
  removeServiceModule,
  replaceServiceModuleConfigs,
  rotateApiKey,
  typeOf,
  type NewModuleInput,
} from './service';

const M = PERMISSIONS.operations.SERVICE_MODULE;


export async function serviceModulesRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['modules'];
  const { identity } = app;
  const db = identity.db;
  const params = (request: FastifyRequest) => request.params as Record<string, string>;
  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

  // A pipeline checks its key before it uploads anything: which module the key belongs to.
  app.get(
    '/modules/whoami',
    {
      // Authenticated by the module's API key (X-Api-Key, resolved by the guard), not by a session.
      config: { permission: 'public', apiKey: true },
      schema: {
        tags,
        summary: 'The service module an API key (X-Api-Key header) belongs to; 401 for an unknown or rotated key',
        response: {
          200: {
            type: 'object',
            required: ['id', 'type', 'name'],
            properties: { id: { type: 'string' }, type: { type: 'string' }, name: { type: 'string' } },
          },
          ...problems(401),
        },
      },
    },
    async (request) => {
      const holder = request.apiKeyHolder;
      if (!holder) throw new ApiProblem(401, INVALID_API_KEY);
      return { id: holder.id, type: holder.type, name: holder.name };
    },
  );

  app.get(
    '/modules',
    {
      config: { permission: M.LIST },
      schema: {
        tags,
        summary: "The organization's service modules (secret settings null)",
        response: { 200: { type: 'array', items: serviceModuleSchema }, ...problems(401, 403, 404) },
      },
    },
    async (request) => listServiceModuleViews(db, organizationOf(request)),
  );

  app.post(
    '/modules/:type',
    {
      config: { permission: M.CREATE },
      schema: {
        tags,
        summary: 'Add a service module of that type; its API key is answered this once',
        params: typeParams,
        body: newModuleBody,
        response: { 201: createdServiceModuleSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const created = await addServiceModule(identity, organizationId, typeOf(params(request).type), body(request) as NewModuleInput);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/modules/:type',
    {
      config: { permission: M.UPDATE },
      schema: {
        tags,
        summary: 'Rename or recategorize the module `id` of that type',
        params: typeParams,
        body: moduleChangesBody,
        response: { 200: serviceModuleSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      return changeServiceModule(identity, organizationId, typeOf(params(request).type), body(request));
    },
  );

  app.delete(
    '/modules/:id',
    {
      config: { permission: M.DELETE },
      schema: {
        tags,
        summary: 'Delete a service module (its API key stops working)',
        params: idParams,
        response: { 204: { type: 'null' }, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await removeServiceModule(db, organizationOf(request), params(request).id))) throw new ApiProblem(404);
      return reply.code(204).send();
    },
  );

  app.get(
    '/modules/:id/apiKey',
    {
      config: { permission: M.VIEW },
      schema: {
        tags,
        summary: "The module's API key as it may be shown again: its prefix and age",
        params: idParams,
        response: { 200: apiKeySchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const key = apiKeyView(await moduleOf(db, organizationOf(request), params(request).id));
      if (!key) throw new ApiProblem(404, 'The module has no API key; rotate it to issue one.');
      return key;
    },
  );

  app.post(
    '/modules/:id/apiKey',
    {
      config: { permission: M.UPDATE },
      schema: {
        tags,
        summary: 'Issue a new API key (answered this once); the old one stops working at once',
        params: idParams,
        response: { 200: issuedApiKeySchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => rotateApiKey(identity, organizationOf(request), params(request).id),
  );

  app.get(
    '/modules/:id/configs',
    {
      config: { permission: M.VIEW },
      schema: {
        tags,
        summary: "The module's settings (secret ones null)",
        params: idParams,
        response: { 200: configsSchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const module = await moduleOf(db, organizationOf(request), params(request).id);
      return configsView(module.type, module.configs);
    },
  );

  app.put(
    '/modules/:id/configs',
    {
      config: { permission: M.UPDATE },
      schema: {
        tags,
        summary: "Replace the module's settings; a secret sent as null or left out keeps its value",
        params: idParams,
        body: configsBody,
        response: { 200: configsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => replaceServiceModuleConfigs(identity, organizationOf(request), params(request).id, body(request)),
  );
}
