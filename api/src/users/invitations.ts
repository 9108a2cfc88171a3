import { INVALID_INVITATION_MESSAGE, OTP_RESET_MESSAGES, messageForStatus, type InvitationLookup } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { hashPassword } from '../identity/passwords';
import { newToken, sha256 } from '../identity/tokens';
import type { Mailer } from '../mail/mailer';
import { IdentityProblem } from '../http/answer';
import { openSession, passwordStepStatus, type CurrentSession, type IdentityContext, type IssuedSession } from '../sessions/service';
import { InputProblem } from '../http/answer';
import { consumeCode, deleteCodes, issueCode } from './one-time-codes.repository';
import { resetErrors, type CodeAndPassword } from './passwords';
import { activateUser, findLiveInvitation, findUserById, insertInvitationToken, insertUser, markInvitationUsed, type UserRecord } from './repository';
import { NEW_USER_FIELDS, fieldErrors } from './service';

/** An invitation link is valid this long, and once. */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
export const INVITATION_PATH = '/user-invitation/';
// Never a valid argon2 hash: an invited user cannot sign in before setting a password.
const NO_PASSWORD = '!invited';
const PROCESS_ROLE = /^[A-Za-z][A-Za-z0-9_ ]*$/;

export interface InvitationInput {
  email?: string;
  name?: string;
  login_id?: string;
  roles?: string[];
}

export interface CreatedInvitation {
  token: string;
  /** The path of the invitation screen; the mail carries it under the caller's origin. */
  link: string;
}

const invalid = () => new IdentityProblem(404, INVALID_INVITATION_MESSAGE);

/** An invited user to be: inactive, without a password, until the invitation is completed. */
export interface Invitee {
  organizationId: string | null;
  login_id: string;
  name: string;
  email: string;
  roles: string[];
}

/**
 * Inserts the inactive user and its invitation (inside the caller's transaction); resolves to the
 * link token, or undefined when the login id is taken (nothing is written then).
 */
export async function insertInvitation(
  tx: Queryable,
  invitee: Invitee,
  inviterId: string,
  now: Date,
): Promise<{ user: UserRecord; token: string } | undefined> {
  const user = await insertUser(tx, {
    organizationId: invitee.organizationId,
    loginId: invitee.login_id,
    name: invitee.name,
    email: invitee.email,
    passwordHash: NO_PASSWORD,
    roles: invitee.roles,
    now,
    inactive: true,
  });
  if (!user) return undefined;
  const token = newToken();
  await insertInvitationToken(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    invitedBy: inviterId,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    createdAt: now,
  });
  return { user, token };
}

export interface InvitationMail {
  to: string;
  name: string;
  login_id: string;
  inviterName: string;
  token: string;
  /** The scheme and host the link is opened at (the caller's). */
  origin: string;
  /** A line before the link, e.g. what the invitation is for. */
  purpose?: string;
}

/** Mails the invitation link in the background (queued once this resolves); resolves to the link's path. */
export async function mailInvitation(mailer: Mailer, mail: InvitationMail): Promise<string> {
  const link = `${INVITATION_PATH}${mail.token}`;
  await mailer.sendMailLater({
    to: mail.to,
    subject: 'You are invited to the portal',
    text: [
      `Hello ${mail.name},`,
      '',
      ...(mail.purpose ? [mail.purpose, ''] : []),
      `${mail.inviterName} invites you to the portal as '${mail.login_id}'. Open this link to set your password:`,
      `${mail.origin}${link}`,
      '',
      'The link is valid for 7 days.',
    ].join('\n'),
  });
  return link;
}

/**
 * POST users/invitations: an inactive user in the inviter's organization, and a link mailed to
 * them. Requires an Authenticated user with an organization; which users may invite (the
 * "users create" permission) comes with the authorization issue.
 */
export async function createInvitation(
  context: IdentityContext,
  mailer: Mailer,
  current: CurrentSession | undefined,
  input: InvitationInput,
  origin: string,
): Promise<CreatedInvitation> {
  if (!current) throw new IdentityProblem(401, messageForStatus(401));
  const inviter = current.user;
  if (current.record.authentication_status !== 'Authenticated' || !inviter.organization_id) {
    throw new IdentityProblem(403, messageForStatus(403));
  }
  const roles = input.roles ?? [];
  const errors = fieldErrors(
    { login_id: NEW_USER_FIELDS.login_id, name: NEW_USER_FIELDS.name, email: NEW_USER_FIELDS.email },
    { login_id: input.login_id, name: input.name?.trim(), email: input.email },
  );
  // Only process roles: a global role is never handed out by an invitation.
  const badRole = roles.find((role) => !PROCESS_ROLE.test(role));
  if (badRole !== undefined) errors.roles = `'${badRole}' is not a role name.`;
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);

  const invitee: Invitee = {
    organizationId: inviter.organization_id,
    login_id: input.login_id ?? '',
    name: (input.name ?? '').trim(),
    email: input.email ?? '',
    roles,
  };
  const now = context.now();
  const inserted = await context.db.transaction((tx) => insertInvitation(tx, invitee, inviter.id, now));
  if (!inserted) throw new InputProblem({ login_id: `A user with login id '${input.login_id}' already exists.` });
  const { token } = inserted;
  const link = await mailInvitation(mailer, {
    to: invitee.email,
    name: invitee.name,
    login_id: invitee.login_id,
    inviterName: inviter.name,
    token,
    origin,
  });
  return { token, link };
}

interface LiveInvitation {
  id: string;
  user: UserRecord;
}

/** The invitation of a token: unused, unexpired, its user still waiting for activation. */
async function liveInvitation(db: Queryable, token: string, now: Date): Promise<LiveInvitation> {
  const row = await findLiveInvitation(db, sha256(token), now);
  const user = row ? await findUserById(db, row.user_id) : undefined;
  if (!row || !user || !user.inactive) throw invalid();
  return { id: row.id, user };
}

/** GET users/invitation/{token}. */
export async function lookupInvitation(context: IdentityContext, token: string): Promise<InvitationLookup> {
  const { user } = await liveInvitation(context.db, token, context.now());
  return { email: user.email };
}

/** PATCH users/invitation/{token} with an empty body: a one-time code to the invited address. */
export async function sendInvitationCode(context: IdentityContext, mailer: Mailer, token: string): Promise<void> {
  const { user } = await liveInvitation(context.db, token, context.now());
  const code = await issueCode(context.db, { userId: user.id, purpose: 'invitation', now: context.now() });
  await mailer.sendMail({
    to: user.email,
    subject: 'Your invitation code',
    text: [
      `Hello ${user.name},`,
      '',
      `Your one-time code to set the password of '${user.login_id}' is: ${code}`,
      '',
      'It is valid for 15 minutes and can be used once.',
    ].join('\n'),
  });
}

/**
 * PATCH users/invitation/{token} with code and new password: the user is activated with that
 * password, the invitation spent, and the user signed in at the password step (two-factor setup).
 */
export async function completeInvitation(
  context: IdentityContext,
  token: string,
  body: CodeAndPassword,
): Promise<IssuedSession> {
  const { db } = context;
  const now = context.now();
  const invitation = await liveInvitation(db, token, now);
  const errors = resetErrors(body);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  const { user } = invitation;
  if (!(await consumeCode(db, { userId: user.id, purpose: 'invitation', code: body.code ?? '', now }))) {
    throw new IdentityProblem(401, OTP_RESET_MESSAGES[401] ?? messageForStatus(401));
  }
  const passwordHash = await hashPassword(body.new_password ?? '');
  await db.transaction(async (tx) => {
    await activateUser(tx, user.id, passwordHash, now);
    await markInvitationUsed(tx, invitation.id, now);
    await deleteCodes(tx, user.id, 'invitation');
  });
  const active: UserRecord = { ...user, inactive: false, password_hash: passwordHash, password_changed_at: now };
  return openSession(context, active, passwordStepStatus(active));
}
