import { PERMISSIONS, fieldSchema, messageForStatus, type InitializationPayload, type InitializationResult } from '@portal/shared/server';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../identity/passwords';
import { ensureOrganization } from '../organizations/index';
import { clearSessionCookie, readSessionToken } from '../http/session-cookie';
import { IdentityProblem } from '../http/answer';
import { deleteInitiatorSessions } from '../sessions/index';
import { currentSession, type CurrentSession, type IdentityContext } from '../sessions/service';
import { answer, InputProblem, problems } from '../http/answer';
import { insertUser } from '../users/index';
import { fieldErrors, newUserErrors } from '../users/service';
import { GLOBAL_ADMIN_ROLE, countUsers } from './initiator';
import { deleteCodes } from '../users/index';

const ORGANIZATION_FIELDS = Object.freeze({ name: fieldSchema({ required: true, max: 255 }) });

/** POST administration/initialization as received: the contract's InitializationPayload, any part of which may be missing. */
export interface InitializationInput {
  organization?: Partial<InitializationPayload['organization']>;
  admin?: Partial<InitializationPayload['admin']>;
}

export type Initialized = InitializationResult;

const text = { type: 'string', maxLength: 1024 } as const;

function initializationErrors(input: InitializationInput): Record<string, string> {
  const prefixed = (prefix: string, errors: Record<string, string>) =>
    Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${prefix}.${field}`, message]));
  const admin = input.admin ?? {};
  return {
    ...prefixed('organization', fieldErrors(ORGANIZATION_FIELDS, { name: input.organization?.name?.trim() })),
    ...prefixed(
      'admin',
      newUserErrors({ name: admin.name?.trim(), login_id: admin.login_id, email: admin.email, password: admin.password }),
    ),
  };
}

/**
 * POST administration/initialization (spec 4.1): the Initiator creates the first organization and
 * the Global Admin, and its session ends. The Global Admin belongs to no organization (spec 4.1
 * sends such an admin to /administration/global) and sets up two-factor at the first sign-in.
 */
export async function initialize(
  context: IdentityContext,
  current: CurrentSession | undefined,
  input: InitializationInput,
): Promise<Initialized> {
  if (!current || current.record.user_id !== null || current.record.authentication_status !== 'Authenticated') {
    throw new IdentityProblem(403, messageForStatus(403));
  }
  const errors = initializationErrors(input);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  const admin = { name: '', login_id: '', email: '', password: '', ...input.admin };
  const passwordHash = await hashPassword(admin.password);
  const now = context.now();
  return context.db.transaction(async (tx) => {
    if ((await countUsers(tx)) > 0) throw new IdentityProblem(409, messageForStatus(409));
    const { organization } = await ensureOrganization(tx, (input.organization?.name ?? '').trim());
    const user = await insertUser(tx, {
      organizationId: null,
      loginId: admin.login_id,
      name: admin.name.trim(),
      email: admin.email,
      passwordHash,
      roles: [GLOBAL_ADMIN_ROLE],
      now,
    });
    if (!user) throw new IdentityProblem(409, messageForStatus(409));
    await deleteInitiatorSessions(tx);
    await deleteCodes(tx, null, 'initialization');
    return { organization: { id: organization.id, name: organization.name }, admin: { login_id: user.login_id } };
  });
}

export async function initializationRoutes(app: FastifyInstance, { identity }: { identity: IdentityContext }): Promise<void> {
  app.post(
    '/administration/initialization',
    {
      config: { permission: PERMISSIONS.processes.INITIALIZE_SYSTEM },
      schema: {
        tags: ['administration'],
        summary: 'First run: the Initiator creates the first organization and its Global Admin',
        body: {
          type: 'object',
          properties: {
            organization: { type: 'object', properties: { name: text } },
            admin: {
              type: 'object',
              properties: { name: text, login_id: text, email: text, password: text },
            },
          },
        },
        response: {
          201: {
            type: 'object',
            required: ['organization', 'admin'],
            properties: {
              organization: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string' }, name: { type: 'string' } } },
              admin: { type: 'object', required: ['login_id'], properties: { login_id: { type: 'string' } } },
            },
          },
          ...problems(400, 403, 409),
        },
      },
    },
    async (request, reply) =>
      answer(reply, async () => {
        const current = await currentSession(identity, readSessionToken(request));
        const done = await initialize(identity, current, (request.body ?? {}) as InitializationInput);
        clearSessionCookie(request, reply);
        return reply.code(201).send(done);
      }),
  );
}
