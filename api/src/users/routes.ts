import { PERMISSIONS, type ForgotPasswordPayload, type InvitationCompletion } from '@portal/shared/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Mailer } from '../mail/mailer';
import { readSessionToken, setSessionCookie } from '../http/session-cookie';
import { sessionSchema } from '../sessions/index';
import { currentSession, describeSession, type IdentityContext, type IssuedSession } from '../sessions/service';
import { answer, problems } from '../http/answer';
import { completeInvitation, createInvitation, lookupInvitation, sendInvitationCode, type InvitationInput } from './invitations';
import { changeExpiredPassword, changePassword, requestPasswordReset, resetPasswordWithCode } from './passwords';

// Lengths are bounded so that nobody makes the server hash megabytes; which fields are required,
// and their formats, are checked with the spec 5 messages by the services.
const text = { type: 'string', maxLength: 1024 } as const;
const usernameParams = {
  type: 'object',
  required: ['username'],
  properties: { username: { type: 'string', minLength: 1, maxLength: 255 } },
} as const;
const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;
const body = (...fields: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(fields.map((field) => [field, text])),
});
const noContent = { 204: { type: 'null' } };

export interface UsersRoutesOptions {
  identity: IdentityContext;
  mailer: Mailer;
}

/** The account calls of Users (spec 7): passwords and invitations. */
export async function usersRoutes(app: FastifyInstance, { identity, mailer }: UsersRoutesOptions): Promise<void> {
  const tags = ['users'];
  const current = (request: FastifyRequest) => currentSession(identity, readSessionToken(request));
  const issue = async (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    setSessionCookie(request, reply, issued.token);
    return describeSession(identity, issued);
  };
  const params = (request: FastifyRequest) => request.params as { username: string };
  const payload = <T>(request: FastifyRequest) => (request.body ?? {}) as T;

  app.patch(
    '/users/:username/password/forget',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Mail a one-time code for a password reset; 204 whether or not the user exists',
        params: usernameParams,
        body: body('username'),
        response: noContent,
      },
    },
    async (request, reply) => {
      const { username } = payload<Partial<ForgotPasswordPayload>>(request);
      await requestPasswordReset(identity, mailer, username || params(request).username);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/users/:username/password/otp-reset',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with the mailed code; signs in at the two-factor step',
        params: usernameParams,
        body: body('code', 'new_password'),
        response: { 200: sessionSchema, ...problems(400, 401, 429) },
      },
    },
    async (request, reply) =>
      answer(reply, async () =>
        issue(request, reply, await resetPasswordWithCode(identity, params(request).username, payload(request), request.ip)),
      ),
  );

  app.patch(
    '/users/:username/changePassword',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "The signed-in user's own password, the current one required",
        params: usernameParams,
        body: body('password', 'new_password'),
        response: { ...noContent, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        await changePassword(identity, await current(request), params(request).username, payload(request), request.ip);
        return reply.code(204).send();
      }),
  );

  app.patch(
    '/users/:username/password/changeExpired',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary:
          'Replace an expired password, from the session the 403 of POST sessions opened; signs in at the two-factor step',
        params: usernameParams,
        body: body('password', 'new_password'),
        response: { 200: sessionSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      answer(reply, async () =>
        issue(
          request,
          reply,
          await changeExpiredPassword(identity, await current(request), params(request).username, payload(request), request.ip),
        ),
      ),
  );

  app.post(
    '/users/invitations',
    {
      config: { permission: PERMISSIONS.administration.USER.CREATE },
      schema: {
        tags,
        summary: "Invite a user into the caller's organization (inactive until the invitation is completed)",
        body: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 1024 },
            name: { type: 'string', maxLength: 1024 },
            login_id: { type: 'string', maxLength: 1024 },
            roles: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 255 } },
          },
        },
        response: {
          201: { type: 'object', required: ['token', 'link'], properties: { token: { type: 'string' }, link: { type: 'string' } } },
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const origin = `${request.protocol}://${request.host}`;
        const created = await createInvitation(identity, mailer, await current(request), payload<InvitationInput>(request), origin);
        return reply.code(201).send(created);
      }),
  );

  app.get(
    '/users/invitation/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The invited address of a live invitation',
        params: tokenParams,
        response: { 200: { type: 'object', required: ['email'], properties: { email: { type: 'string' } } }, ...problems(404) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        reply.header('cache-control', 'no-store');
        return lookupInvitation(identity, (request.params as { token: string }).token);
      }),
  );

  app.patch(
    '/users/invitation/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Empty body: mail a one-time code. Code and new password: activate and sign in (two-factor setup)',
        params: tokenParams,
        body: body('code', 'new_password'),
        response: { 200: sessionSchema, ...noContent, ...problems(400, 401, 404) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const { token } = request.params as { token: string };
        const given = payload<Partial<InvitationCompletion>>(request);
        if (given.code === undefined && given.new_password === undefined) {
          await sendInvitationCode(identity, mailer, token);
          return reply.code(204).send();
        }
        return issue(request, reply, await completeInvitation(identity, token, given));
      }),
  );
}
