// The organizations family of the API (docs/authorization.md "Organizations"): the Global Admin's
// list, view, create, delete, module configuration and trials; the subscription of the caller's
// organization; its settings, which its admin manages (settings.ts). An unknown or malformed id is
// a 404, and so is another organization's for its admin.
import { PERMISSIONS } from '@portal/shared/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerOf, organizationOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { parseModuleConfiguration } from './moduleConfiguration';
import {
  idParams,
  moduleConfigurationBody,
  newOrganizationBody,
  organizationSchema,
  organizationSettingsBody,
  organizationSettingsSchema,
  subscriptionSchema,
  trialBody,
} from './schemas';
import {
  createOrganization,
  createTrialOrganization,
  configureModules,
  describeOrganization,
  findOrganization,
  listOrganizationViews,
  removeOrganization,
  subscriptionOf,
  type NewOrganizationInput,
  type TrialInput,
} from './service';
import { changeOrganizationSettings, organizationSettingsOf, type NotificationSettingsRules, type SettingsCaller } from './settings';

const ORGANIZATION = PERMISSIONS.processes.GLOBAL_ORGANIZATION;

export interface OrganizationsRoutesOptions {
  /** The processes family's notification settings, which the organization's defaults follow. */
  notificationSettings: NotificationSettingsRules;
}

export async function organizationsRoutes(app: FastifyInstance, { notificationSettings }: OrganizationsRoutesOptions): Promise<void> {
  const tags = ['organizations'];
  const { identity, mailer } = app;
  const db = identity.db;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const settingsCallerOf = (request: FastifyRequest): SettingsCaller => {
    const caller = callerOf(request);
    return { organizationId: organizationOf(request), userId: caller.user.id, loginId: caller.user.login_id, sessionId: caller.session.record.id };
  };

  app.get(
    '/organizations',
    {
      config: { permission: ORGANIZATION.LIST },
      schema: {
        tags,
        summary: 'Every organization with its subscription, module configuration and usage (Global Admin)',
        response: { 200: { type: 'array', items: organizationSchema }, ...problems(401, 403) },
      },
    },
    async () => {
      return listOrganizationViews(db);
    },
  );

  app.get(
    '/organizations/subscription',
    {
      config: { permission: PERMISSIONS.processes.VIEW_SUBSCRIPTION },
      schema: {
        tags,
        summary: "The caller's organization: edition, trial, limits and usage",
        response: { 200: subscriptionSchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => subscriptionOf(db, organizationOf(request), identity.now()),
  );

  app.get(
    '/organizations/:id',
    {
      config: { permission: ORGANIZATION.VIEW },
      schema: {
        tags,
        summary: 'One organization (Global Admin)',
        params: idParams,
        response: { 200: organizationSchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => {
      const organization = await findOrganization(db, idOf(request));
      if (!organization) throw new ApiProblem(404);
      return describeOrganization(db, organization);
    },
  );

  app.post(
    '/organizations',
    {
      config: { permission: ORGANIZATION.CREATE },
      schema: {
        tags,
        summary: 'Create an organization and its first admin (active, ORG_ADMIN)',
        body: newOrganizationBody,
        response: { 201: organizationSchema, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createOrganization(identity, (request.body ?? {}) as NewOrganizationInput);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/organizations/trials',
    {
      config: { permission: ORGANIZATION.CREATE },
      schema: {
        tags,
        summary: 'Create a 14-day trial organization whose admin is invited by mail',
        body: trialBody,
        response: { 201: organizationSchema, ...problems(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createTrialOrganization(identity, mailer, (request.body ?? {}) as TrialInput, {
        inviter: callerOf(request).user,
        origin: `${request.protocol}://${request.host}`,
      });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/organizations/:id',
    {
      config: { permission: ORGANIZATION.DELETE },
      schema: {
        tags,
        summary: 'Delete an organization with its users, processes and data',
        params: idParams,
        response: { 204: { type: 'null' }, ...problems(401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await removeOrganization(db, idOf(request)))) throw new ApiProblem(404);
      return reply.code(204).send();
    },
  );

  app.put(
    '/organizations/:id/moduleConfiguration',
    {
      config: { permission: ORGANIZATION.CONFIGURE_MODULES },
      schema: {
        tags,
        summary: "Set an organization's modules and limits (-1: unlimited)",
        params: idParams,
        body: moduleConfigurationBody,
        response: { 200: organizationSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // An unknown organization is a 404 before its input is judged.
      if (!(await findOrganization(db, idOf(request)))) throw new ApiProblem(404);
      const parsed = parseModuleConfiguration(request.body);
      if (parsed.errors) throw new ApiProblem(400, Object.values(parsed.errors)[0], {}, parsed.errors);
      const updated = await configureModules(db, idOf(request), parsed.configuration);
      if (!updated) throw new ApiProblem(404);
      return describeOrganization(db, updated);
    },
  );

  app.get(
    '/organizations/:id/settings',
    {
      config: { permission: PERMISSIONS.processes.MANAGE_ORGANIZATION },
      schema: {
        tags,
        summary: "The caller's organization as its admin manages it: name, contacts, default notification settings",
        params: idParams,
        response: { 200: organizationSettingsSchema, ...problems(401, 403, 404) },
      },
    },
    async (request) => organizationSettingsOf(db, notificationSettings, settingsCallerOf(request), idOf(request)),
  );

  app.patch(
    '/organizations/:id/settings',
    {
      config: { permission: PERMISSIONS.processes.MANAGE_ORGANIZATION },
      schema: {
        tags,
        summary: "Change the caller's organization: name, contacts, default notification settings (parts left out are kept)",
        params: idParams,
        body: organizationSettingsBody,
        response: { 200: organizationSettingsSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request) => changeOrganizationSettings(db, notificationSettings, settingsCallerOf(request), idOf(request), request.body),
  );
}
