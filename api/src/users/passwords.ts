import { setTimeout as sleep } from 'node:timers/promises';
import {
  PASSWORD_CHANGE_MESSAGES,
  OTP_RESET_MESSAGES,
  changePasswordSchema,
  formErrors,
  messageForStatus,
  resetPasswordSchema,
} from '@portal/shared/server';
import type { Mailer } from '../mail/mailer';
import { refuseCommonPassword } from '../identity/common-passwords';
import { hashPassword, verifyNothing, verifyPassword } from '../identity/passwords';
import { IdentityProblem } from '../http/answer';
import { deleteOtherSessions, deleteSessionsOfUser } from '../sessions/index';
import { admitSignIn, checkCodeWithinBudget, recordSignIn } from '../sessions/index';
import {
  openSession,
  passwordStepStatus,
  type CurrentSession,
  type IdentityContext,
  type IssuedSession,
} from '../sessions/service';
import { InputProblem } from '../http/answer';
import { consumeCode, issueCode } from './one-time-codes.repository';
import { findUserByUsername, updatePassword, type UserRecord } from './repository';

/**
 * Forgot password answers no sooner than this after the request arrived (real time), whether a
 * code was sent or not; the mail itself goes out in the background. The answer's timing then
 * tells nothing about which addresses are accounts.
 */
export const RESET_REQUEST_FLOOR_MS = 250;

export interface CodeAndPassword {
  code?: string;
  new_password?: string;
}

export interface PasswordAndNew {
  password?: string;
  new_password?: string;
}

/** The spec 5 reset form's rules, the repeat field being the API's own copy of the new password. */
export function resetErrors(body: CodeAndPassword): Record<string, string> {
  const errors = formErrors(resetPasswordSchema, { ...body, repeat_password: body.new_password ?? '' });
  return refuseCommonPassword(errors, 'new_password', body.new_password);
}

function changeErrors(body: PasswordAndNew): Record<string, string> {
  const errors = formErrors(changePasswordSchema, { ...body, repeat_password: body.new_password ?? '' });
  return refuseCommonPassword(errors, 'new_password', body.new_password);
}

export function resetCodeMail(user: UserRecord, code: string) {
  return {
    to: user.email,
    subject: 'Your password reset code',
    text: [
      `Hello ${user.name},`,
      '',
      `Your one-time code to reset the password of '${user.login_id}' is: ${code}`,
      '',
      'It is valid for 15 minutes and can be used once. If you did not ask for it, ignore this message.',
    ].join('\n'),
  };
}

/**
 * PATCH users/{username}/password/forget. A known, active user (by login id or email) gets a
 * one-time code by mail; anybody else nothing — and the caller cannot tell which happened.
 */
export async function requestPasswordReset(context: IdentityContext, mailer: Mailer, username: string): Promise<void> {
  const started = Date.now();
  const user = await findUserByUsername(context.db, username);
  if (user && !user.inactive) {
    const code = await issueCode(context.db, { userId: user.id, purpose: 'password_reset', now: context.now() });
    await mailer.sendMailLater(resetCodeMail(user, code));
  } else {
    // issueCode spends an argon2id hash; so does this.
    await verifyNothing(username);
  }
  const rest = started + RESET_REQUEST_FLOOR_MS - Date.now();
  if (rest > 0) await sleep(rest);
}

const wrongCode = () => new IdentityProblem(401, OTP_RESET_MESSAGES[401] ?? messageForStatus(401));

/**
 * PATCH users/{username}/password/otp-reset. The code sets a new password and signs the user in at
 * the password step (two-factor still to come); every other session of the user ends.
 */
export async function resetPasswordWithCode(
  context: IdentityContext,
  username: string,
  body: CodeAndPassword,
  address: string,
): Promise<IssuedSession> {
  const errors = resetErrors(body);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  const { db } = context;
  const now = context.now();
  const user = await findUserByUsername(db, username);
  const code = body.code ?? '';
  // Each code survives CODE_FAILURE_LIMIT wrong guesses, but anyone may have a new one mailed:
  // the account's wrong codes, whichever code they were meant for, are limited too.
  const account = { loginId: user?.login_id ?? username, userId: user?.id ?? null, address };
  const valid = await checkCodeWithinBudget(context, 'reset_code', account, () =>
    user && !user.inactive ? consumeCode(db, { userId: user.id, purpose: 'password_reset', code, now }) : verifyNothing(code),
  );
  if (!valid || !user) throw wrongCode();
  const passwordHash = await hashPassword(body.new_password ?? '');
  await db.transaction(async (tx) => {
    await updatePassword(tx, user.id, passwordHash, now);
    await deleteSessionsOfUser(tx, user.id);
  });
  return openSession(context, user, passwordStepStatus(user));
}

/** The session's user's current password, checked like a sign-in: throttled and counted alike. */
async function checkCurrentPassword(context: IdentityContext, user: UserRecord, password: string, address: string): Promise<void> {
  const attempt = { loginId: user.login_id, userId: user.id, address };
  const history = await admitSignIn(context, attempt);
  const valid = !user.inactive && (await verifyPassword(user.password_hash, password));
  await recordSignIn(context, attempt, history, valid);
  if (!valid) throw new IdentityProblem(401, PASSWORD_CHANGE_MESSAGES[401] ?? messageForStatus(401));
}

function names(user: UserRecord, username: string): boolean {
  const wanted = username.toLowerCase();
  return user.login_id.toLowerCase() === wanted || user.email.toLowerCase() === wanted;
}

/**
 * PATCH users/{username}/changePassword (settings): the signed-in user's own password, the
 * current one required. The session stays; any other of the user ends.
 */
export async function changePassword(
  context: IdentityContext,
  current: CurrentSession | undefined,
  username: string,
  body: PasswordAndNew,
  address: string,
): Promise<void> {
  if (!current) throw new IdentityProblem(401, messageForStatus(401));
  const { record, user } = current;
  if (record.authentication_status !== 'Authenticated' || record.user_id === null || !names(user, username)) {
    throw new IdentityProblem(403, messageForStatus(403));
  }
  const errors = changeErrors(body);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  await checkCurrentPassword(context, user, body.password ?? '', address);
  const passwordHash = await hashPassword(body.new_password ?? '');
  await context.db.transaction(async (tx) => {
    await updatePassword(tx, user.id, passwordHash, context.now());
    await deleteOtherSessions(tx, user.id, record.id);
  });
}

/**
 * PATCH users/{username}/password/changeExpired: only inside the sign-in attempt whose password
 * has expired — the PasswordExpired session POST sessions answered with its 403, of that very
 * user — the current password and a different new one; signs in at the password step like POST
 * sessions. Without a session 401, from any other session 403 (the catalogue's messages).
 */
export async function changeExpiredPassword(
  context: IdentityContext,
  current: CurrentSession | undefined,
  username: string,
  body: PasswordAndNew,
  address: string,
): Promise<IssuedSession> {
  if (!current) throw new IdentityProblem(401, messageForStatus(401));
  const { record, user } = current;
  if (record.authentication_status !== 'PasswordExpired' || record.user_id === null || !names(user, username)) {
    throw new IdentityProblem(403, messageForStatus(403));
  }
  const errors = changeErrors(body);
  if (Object.keys(errors).length > 0) throw new InputProblem(errors);
  await checkCurrentPassword(context, user, body.password ?? '', address);
  const now = context.now();
  const passwordHash = await hashPassword(body.new_password ?? '');
  await context.db.transaction(async (tx) => {
    await updatePassword(tx, user.id, passwordHash, now);
    await deleteSessionsOfUser(tx, user.id);
  });
  return openSession(context, { ...user, password_changed_at: now }, passwordStepStatus(user));
}
