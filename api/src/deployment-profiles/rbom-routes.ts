// A profile's runtime BOM (spec 7 GET …/deploymentProfiles/{profileId}/requestDeploymentConfiguration;
// spec 6 RBOM view, export, share): computed on request (202 while pending: the UI asks again
// every 15 s), exported as CycloneDX 1.6 with lifecycle phase 'operations', and shared by expiring
// links (mailed to the recipients given) that anyone holding one may open until it expires or is revoked.
import { formatDate, PERMISSIONS, validateField, type RbomShareInput } from '@portal/shared/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationRecord } from '../apps/index';
import { callerOf } from '../authorization/guard';
import { ApiProblem } from '../http/problem';
import { problems } from '../http/answer';
import { configurationView, ensureConfiguration, type ConfigurationJobs } from './configuration';
import { rbomDocument, rbomFileName } from './cyclonedx';
import { configurationSchema, shareBody, shareSchema } from './schemas';
import { DEFAULT_SHARE_DAYS, rbomBuild, revokeRbomShare, sharedRbom, shareRbom, sharesOf, shareView, type ProfileRow } from './service';

const R = PERMISSIONS.applications.RBOM;
export const STILL_COMPUTING = 'The RBOM is still being computed: try again in a moment.';
export const LINK_UNKNOWN = 'This RBOM link is not valid.';
export const LINK_EXPIRED = 'This RBOM link has expired.';
export const LINK_REVOKED = 'This RBOM link was revoked.';
const CYCLONEDX_JSON = 'application/vnd.cyclonedx+json; version=1.6';

const profileParams = { type: 'object', required: ['appKey', 'id'], properties: { appKey: { type: 'string' }, id: { type: 'string' } } } as const;
const graphQuery = { type: 'object', required: ['graph'], properties: { graph: { type: 'string' } } } as const;

export interface RbomRouteOptions {
  configurations: ConfigurationJobs;
  profileOf: (request: FastifyRequest) => Promise<{ application: ApplicationRecord; profile: ProfileRow }>;
}

function sendDocument(reply: FastifyReply, document: unknown, fileName: string) {
  return reply.header('content-disposition', `attachment; filename="${fileName}"`).type(CYCLONEDX_JSON).send(JSON.stringify(document, null, 2));
}

export async function rbomRoutes(app: FastifyInstance, { configurations, profileOf }: RbomRouteOptions): Promise<void> {
  const tags = ['deployment profiles'];
  const db = app.database;
  const now = () => app.identity.now();

  /** The profile's RBOM, computed; 409 while it is not (yet). */
  async function readyRbom(request: FastifyRequest) {
    const { application, profile } = await profileOf(request);
    const configuration = await ensureConfiguration(app.database, configurations, profile);
    if (configuration.status === 'FAILED') throw new ApiProblem(409, configuration.message ?? STILL_COMPUTING);
    if (configuration.status !== 'READY') throw new ApiProblem(409, configuration.message ?? STILL_COMPUTING);
    const build = await rbomBuild(db, configuration.build_id);
    return { application, profile, configuration, build };
  }

  app.get(
    '/apps/:appKey/deploymentProfiles/:id/requestDeploymentConfiguration',
    {
      config: { permission: R.VIEW },
      schema: {
        tags,
        summary:
          "The profile's runtime BOM: the attached build's components that run by the profile's rule, with their findings, and those left out with why. 202 PENDING while it is computed or the build is processed (ask again: the UI polls every 15 s); 409 without a usable build",
        querystring: graphQuery,
        params: profileParams,
        response: { 200: configurationSchema, 202: configurationSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { profile } = await profileOf(request);
      const configuration = await ensureConfiguration(app.database, configurations, profile);
      const view = await configurationView(db, profile, configuration);
      return reply.code(view.status === 'PENDING' ? 202 : 200).send(view);
    },
  );

  app.get(
    '/apps/:appKey/deploymentProfiles/:id/rbom',
    {
      config: { permission: R.EXPORT },
      schema: {
        tags,
        summary: "Export the profile's RBOM as CycloneDX 1.6 JSON (metadata.lifecycles: operations; properties name the profile, environment and build); 409 while it is not computed",
        querystring: graphQuery,
        params: profileParams,
        response: { 200: { type: 'object', additionalProperties: true }, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { application, profile, configuration, build } = await readyRbom(request);
      const document = await rbomDocument(db, {
        appKey: application.app_key,
        profile: { name: profile.name, environment: profile.environment },
        build,
        positions: configuration.positions,
      });
      return sendDocument(reply, document, rbomFileName(application.app_key, profile.name, build.number));
    },
  );

  app.post(
    '/apps/:appKey/deploymentProfiles/:id/shares',
    {
      config: { permission: R.SHARE },
      schema: {
        tags,
        summary: "Share the profile's RBOM by a link valid expires_in_days (1-30, default 7), mailed to the recipients given; the link (answered once, never stored) opens the CycloneDX document without signing in",
        querystring: graphQuery,
        params: profileParams,
        body: shareBody,
        response: { 201: shareSchema, ...problems(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const input = (request.body ?? {}) as RbomShareInput;
      const recipients = [...new Set((input.recipients ?? []).map((address) => address.trim()).filter(Boolean))];
      const fields: Record<string, string> = {};
      recipients.forEach((address, index) => {
        const message = validateField({ format: 'email' }, address);
        if (message) fields[`recipients[${index}]`] = message;
      });
      const [first] = Object.values(fields);
      if (first) throw new ApiProblem(400, first, {}, fields);
      const { application, profile, configuration, build } = await readyRbom(request);
      const caller = callerOf(request);
      const { row, token } = await shareRbom(db, {
        profileId: profile.id,
        buildId: build.id,
        positions: configuration.positions,
        recipients,
        days: input.expires_in_days ?? DEFAULT_SHARE_DAYS,
        userId: caller.user.id,
        now: now(),
      });
      const url = `${request.protocol}://${request.host}/api/rbom/shared/${token}`;
      const what = `the runtime BOM of ${application.name} (${application.app_key}) as deployed by the profile ${profile.name} (${profile.environment}, build ${build.number})`;
      for (const to of recipients) {
        await app.mailer.sendMailLater({
          to,
          subject: `Runtime BOM of ${application.app_key} (${profile.name})`,
          text: `${caller.user.name} shared ${what} with you.\n\nDownload it (CycloneDX 1.6 JSON) until ${formatDate(row.expires_at)}:\n${url}\n`,
        });
      }
      return reply.code(201).send(shareView(row, now(), url));
    },
  );

  app.get(
    '/apps/:appKey/deploymentProfiles/:id/shares',
    {
      config: { permission: R.SHARE },
      schema: { tags, summary: "The profile's shared links, newest first, with their status (active, expired, revoked)", querystring: graphQuery, params: profileParams, response: { 200: { type: 'array', items: shareSchema }, ...problems(400, 401, 403, 404) } },
    },
    async (request) => {
      const { profile } = await profileOf(request);
      return sharesOf(db, profile.id, now());
    },
  );

  app.delete(
    '/apps/:appKey/deploymentProfiles/:id/shares/:shareId',
    {
      config: { permission: R.SHARE },
      schema: {
        tags,
        summary: 'Revoke a shared link: it no longer opens',
        querystring: graphQuery,
        params: { type: 'object', required: ['appKey', 'id', 'shareId'], properties: { appKey: { type: 'string' }, id: { type: 'string' }, shareId: { type: 'string' } } },
        response: { 204: { type: 'null' }, ...problems(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { profile } = await profileOf(request);
      if (!(await revokeRbomShare(db, profile.id, (request.params as { shareId: string }).shareId, now()))) throw new ApiProblem(404);
      return reply.code(204).send();
    },
  );

  app.get(
    '/rbom/shared/:token',
    {
      // The link is the credential: 256 random bits, kept only hashed, expiring, revocable.
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'A shared RBOM (CycloneDX 1.6 JSON) by its link; 404 for an unknown link, 410 once expired or revoked',
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 128 } } },
        response: { 200: { type: 'object', additionalProperties: true }, ...problems(404, 410) },
      },
    },
    async (request, reply) => {
      const shared = await sharedRbom(db, (request.params as { token: string }).token);
      if (!shared || shared.build_id === null) throw new ApiProblem(404, LINK_UNKNOWN);
      if (shared.revoked_at !== null) throw new ApiProblem(410, LINK_REVOKED);
      if (new Date(shared.expires_at).getTime() <= now().getTime()) throw new ApiProblem(410, LINK_EXPIRED);
      const document = await rbomDocument(db, {
        appKey: shared.app_key,
        profile: { name: shared.profile_name, environment: shared.environment },
        build: { id: shared.build_id, number: shared.build_number!, serial_number: shared.serial_number, root_ref: shared.root_ref },
        positions: shared.positions,
      });
      return sendDocument(reply, document, rbomFileName(shared.app_key, shared.profile_name, shared.build_number!));
    },
  );
}
