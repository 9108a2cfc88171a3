import { PERMISSIONS, SIGN_IN_MESSAGES, messageForStatus, type LoginPayload } from '@portal/shared/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problem, problemSchema, sendProblem } from '../http/problem';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../http/session-cookie';
import { completeMfaSetup, disableOwnMfa, startMfaSetup, verifyMfa } from './mfa';
import { IdentityProblem } from '../http/answer';
import { codeParamsSchema, loginSchema, mfaSetupSchema, recoveryCodesSchema, sessionSchema } from './schemas';
import {
  currentSession,
  describeSession,
  noSession,
  signIn,
  signOut,
  type CurrentSession,
  type IdentityContext,
  type IssuedSession,
} from './service';

const problems = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, problemSchema]));

/** Runs a handler, answering an IdentityProblem with its exact message as problem+json. */
async function answer<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await fn();
  } catch (error) {
    if (!(error instanceof IdentityProblem)) throw error;
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return sendProblem(reply, problem(error.status, error.detail));
  }
}

export interface SessionsRoutesOptions {
  identity: IdentityContext;
}

export async function sessionsRoutes(app: FastifyInstance, { identity }: SessionsRoutesOptions): Promise<void> {
  const current = (request: FastifyRequest): Promise<CurrentSession | undefined> =>
    currentSession(identity, readSessionToken(request));
  const issue = async (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    setSessionCookie(request, reply, issued.token);
    return describeSession(identity, issued);
  };
  const tags = ['sessions'];

  app.post(
    '/sessions',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Sign in with username and password',
        body: loginSchema,
        response: { 200: sessionSchema, ...problems(400, 401, 403, 429) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const body = request.body as LoginPayload;
        const issued = await signIn(identity, body, request.ip);
        if (issued.record.authentication_status === 'PasswordExpired') {
          // The spec's 403, with the cookie of the session that may change the expired password.
          setSessionCookie(request, reply, issued.token);
          throw new IdentityProblem(403, SIGN_IN_MESSAGES[403] ?? messageForStatus(403));
        }
        return issue(request, reply, issued);
      }),
  );

  app.get(
    '/sessions',
    { config: { permission: 'public' }, schema: { tags, summary: 'The current session', response: { 200: sessionSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await current(request);
      return session ? describeSession(identity, session) : noSession(identity);
    },
  );

  app.delete(
    '/sessions',
    {
      config: { permission: 'public' },
      schema: { tags, summary: 'Sign out: the session ends on the server', response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      await signOut(identity, await current(request));
      clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.post(
    '/sessions/mfa',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'A new two-factor secret and its QR code, for a session in MfaSetup',
        response: { 200: mfaSetupSchema, ...problems(401, 403) },
      },
    },
    async (request, reply) => answer(reply, async () => startMfaSetup(identity, await current(request))),
  );

  app.post(
    '/sessions/mfa/setup/:code',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Confirm two-factor setup with a code of the app; answers the recovery codes',
        params: codeParamsSchema,
        response: { 200: recoveryCodesSchema, ...problems(401, 403, 409) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const { code } = request.params as { code: string };
        const done = await completeMfaSetup(identity, await current(request), code);
        setSessionCookie(request, reply, done.token);
        return { recovery_codes: done.recoveryCodes };
      }),
  );

  app.post(
    '/sessions/mfa/verify/:code',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Second step of sign-in: a TOTP code or an unused recovery code',
        params: codeParamsSchema,
        response: { 200: sessionSchema, ...problems(401, 403, 429) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const { code } = request.params as { code: string };
        return issue(request, reply, await verifyMfa(identity, await current(request), code, request.ip));
      }),
  );

  app.delete(
    '/sessions/mfa',
    {
      // Disable MFA is a demo-only item of the user menu (spec 2.3): the demo permission.
      config: { permission: PERMISSIONS.development.PERFORM_DEMO },
      schema: {
        tags,
        summary: 'Disable two-factor for the signed-in user (set up again at the next sign-in)',
        response: { 204: { type: 'null' }, ...problems(401, 403) },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        await disableOwnMfa(identity, await current(request));
        return reply.code(204).send();
      }),
  );
}
