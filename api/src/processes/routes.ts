// The processes family of the API (docs/authorization.md "Processes (projects)"): the processes
// the caller may open, creating one, and a process's details, notification settings and module
// configuration. Routes that name their process in the path declare 'authenticated' and check the
// permission in that process once it is found in the caller's organization (404 otherwise).
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { callerOf, organizationOf, processOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { findOrganizationById } from '../organizations/index';
import { problems } from '../http/answer';
import { applySwitches, effectiveConfiguration, PROCESS_SWITCHES } from './module-configuration';
import { completeSettings, parseNotificationSettings } from './notification-settings';
import {
  codeNameParams,
  codeParams,
  graphQuery,
  idParams,
  moduleConfigurationSchema,
  moduleSwitchesBody,
  newProcessBody,
  notificationSettingsBody,
  notificationSettingsSchema,
  processChangesBody,
  processSchema,
} from './schemas';
import {
  changeNotificationSettings,
  changeProcess,
  createProcess,
  moduleSwitchesOf,
  notificationSettingsOf,
  processesWithIds,
  processWithCode,
  processWithId,
  removeProcess,
  setModuleSwitches,
  type ProcessInput,
  type ProcessRecord,
} from './service';

const P = PERMISSIONS.processes;

/** A process's module configuration changed (issue 22): who must hear of it is not this family's to know. */
export interface ModuleConfigurationChange {
  organizationId: string;
  process: { id: string; code_name: string; name: string };
  actor: { id: string; login_id: string };
  /** The modules switched, with their new state. */
  switched: Partial<Record<(typeof PROCESS_SWITCHES)[number], boolean>>;
}

export interface ProcessesRoutesOptions {
  /** Runs in the change's transaction (app.ts wires the notification to the process's admins). */
  moduleConfigurationChanged?(tx: Queryable, change: ModuleConfigurationChange): Promise<void>;
}

export async function processesRoutes(app: FastifyInstance, options: ProcessesRoutesOptions = {}): Promise<void> {
  const tags = ['projects'];
  const db = app.identity.db;
  const params = (request: FastifyRequest) => request.params as Record<string, string>;

  /** The caller's organization's process of that code name, or 404. */
  async function processByCode(request: FastifyRequest, code: string): Promise<{ organizationId: string; process: ProcessRecord }> {
    const organizationId = organizationOf(request);
    const process = await processWithCode(db, organizationId, code);
    if (!process) throw new ApiProblem(404);
    return { organizationId, process };
  }

  async function organizationConfiguration(organizationId: string) {
    const organization = await findOrganizationById(db, organizationId);
    if (!organization) throw new ApiProblem(404);
    return organization.module_configuration;
  }

  app.get(
    '/projects',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'The processes the caller may open',
        response: { 200: { type: 'array', items: processSchema }, ...problems(401, 403) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (!caller.organization) return [];
      const ids = caller.access.projects.map((project) => project.id);
      return processesWithIds(db, caller.organization.id, ids);
    },
  );

  app.post(
    '/projects',
    {
      config: { permission: P.CREATE_PROCESS },
      schema: {
        tags,
        summary: 'Create a process; its creator is enrolled as ADMIN (402 beyond num_of_projects)',
        body: newProcessBody,
        response: { 201: processSchema, ...problems(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await createProcess(db, callerOf(request), organizationOf(request), (request.body ?? {}) as ProcessInput);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/projects/notificationSettings',
    {
      config: { permission: P.VIEW_PROCESS },
      schema: {
        tags,
        summary: "The process's notification settings: mail and portal per requirement and task event",
        querystring: graphQuery,
        response: { 200: notificationSettingsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      const organizationId = organizationOf(request);
      return { settings: completeSettings(await notificationSettingsOf(db, organizationId, process.id)) };
    },
  );

  app.post(
    '/projects/notificationSettings',
    {
      config: { permission: P.UPDATE_PROCESS },
      schema: {
        tags,
        summary: "Set the process's notification settings (events not sent keep theirs)",
        querystring: graphQuery,
        body: notificationSettingsBody,
        response: { 200: notificationSettingsSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const process = processOf(request);
      const organizationId = organizationOf(request);
      const changes = parseNotificationSettings(request.body);
      const settings = await changeNotificationSettings(db, organizationId, process.id, changes);
      return { settings: completeSettings(settings) };
    },
  );

  app.patch(
    '/projects/:id',
    {
      config: { permission: P.UPDATE_PROCESS, processParam: 'id' },
      schema: {
        tags,
        summary: "Change a process's name, type or dashboard type (update=>Process in that process)",
        params: idParams,
        body: processChangesBody,
        response: { 200: processSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const process = await processWithId(db, organizationId, params(request).id);
      if (!process) throw new ApiProblem(404);
      return changeProcess(db, organizationId, process, (request.body ?? {}) as ProcessInput);
    },
  );

  app.delete(
    '/projects/:codeName',
    {
      config: { permission: P.DELETE_PROCESS, processParam: 'codeName' },
      schema: {
        tags,
        summary: 'Delete a process with its memberships and data (delete=>Process in that process)',
        params: codeNameParams,
        response: { 204: { type: 'null' }, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { organizationId, process } = await processByCode(request, params(request).codeName);
      if (!(await removeProcess(db, organizationId, process.id))) throw new ApiProblem(404);
      return reply.code(204).send();
    },
  );

  app.get(
    '/projects/:code/moduleConfiguration',
    {
      config: { permission: P.VIEW_PROCESS_MODULE_CONFIGURATION, processParam: 'code' },
      schema: {
        tags,
        summary: "The modules the process uses and the organization's limits",
        params: codeParams,
        response: { 200: moduleConfigurationSchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const { organizationId, process } = await processByCode(request, params(request).code);
      const organization = await organizationConfiguration(organizationId);
      return effectiveConfiguration(organization, await moduleSwitchesOf(db, organizationId, process.id));
    },
  );

  app.patch(
    '/projects/:code/moduleConfiguration',
    {
      config: { permission: P.UPDATE_PROCESS_MODULE_CONFIGURATION, processParam: 'code' },
      schema: {
        tags,
        summary: "Switch the process's code or requirement module (on only where the organization has it on)",
        params: codeParams,
        body: moduleSwitchesBody,
        response: { 200: moduleConfigurationSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { organizationId, process } = await processByCode(request, params(request).code);
      const organization = await organizationConfiguration(organizationId);
      const current = await moduleSwitchesOf(db, organizationId, process.id);
      const switches = applySwitches(organization, current, request.body);
      const before = effectiveConfiguration(organization, current);
      const after = effectiveConfiguration(organization, switches);
      const switched = Object.fromEntries(PROCESS_SWITCHES.filter((name) => before[name] !== after[name]).map((name) => [name, after[name]]));
      await db.transaction(async (tx) => {
        await setModuleSwitches(tx, organizationId, process.id, switches);
        if (Object.keys(switched).length > 0 && options.moduleConfigurationChanged) {
          const { user } = callerOf(request);
          await options.moduleConfigurationChanged(tx, { organizationId, process, actor: { id: user.id, login_id: user.login_id }, switched });
        }
      });
      return after;
    },
  );
}
