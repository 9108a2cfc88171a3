import { MFA_VERIFY_MESSAGES, SIGN_IN_MESSAGES, messageForStatus, type LoginPayload, type Session, type SessionFeatures } from '@portal/shared/server';
import { verifyNothing, verifyPassword } from '../identity/passwords';
import { newToken, sha256 } from '../identity/tokens';
import { INITIATOR_LOGIN, INITIATOR_USER } from '../authorization/principal';
import type { UserRecord } from '../authorization/principal';
import type { IdentityContext } from '../identity/context';
import { resolveAccess, toAccessControl } from '../authorization/access';
import { IdentityProblem } from '../http/answer';
import {
  deleteOtherSessions,
  deleteSession,
  findSessionByTokenHash,
  insertSession,
  touchSession,
  updateSession,
  type SessionRecord,
  type StoredAuthenticationStatus,
} from './repository';
import { admitSignIn, recordSignIn } from './throttles';
import type { CurrentSession } from '../authorization/principal';
import { findOrganizationName } from '../authorization/caller.repository';

export type { CurrentSession };

const DAY_MS = 24 * 3_600_000;
/**
 * How long the session of a sign-in with an expired password lives (idle and absolute): long
 * enough to type a new password twice, and it can do nothing else.
 */
export const PASSWORD_EXPIRED_SESSION_MS = 10 * 60_000;

/** The features every session answer carries; the sign-in screen reads them before anyone signs in. */
export function sessionFeatures(context: IdentityContext): SessionFeatures {
  // poc only when on: the flag is off for every deployment that did not ask for it.
  return { msal: context.oidc !== undefined, ...(context.poc ? { poc: true } : {}) };
}

/** The answer of GET sessions for a caller without a session. */
export function noSession(context: IdentityContext) {
  return { authenticated: false, authentication_status: '' as const, features: sessionFeatures(context) };
}



/** A session whose secret changed: the caller must set the new cookie. */
export interface IssuedSession extends CurrentSession {
  token: string;
}

/** How far behind the stored idle expiry may lag before a request moves it. */
const TOUCH_INTERVAL_MS = 60_000;

function idleExpiry(context: IdentityContext, now: Date): Date {
  return new Date(now.getTime() + context.settings.sessionIdleMs);
}

function passwordExpired(context: IdentityContext, user: UserRecord, now: Date): boolean {
  const days = context.settings.passwordMaxAgeDays;
  return days > 0 && now.getTime() - new Date(user.password_changed_at).getTime() > days * DAY_MS;
}

/**
 * POST sessions. Refused without looking at the password while the throttles hold the attempt
 * back (throttles.ts); an unknown username costs the same time as a wrong password. A right but
 * expired password answers a session in PasswordExpired, which only the expired-password change
 * accepts (the route answers it as the spec's 403).
 */
export async function signIn(
  context: IdentityContext,
  credentials: LoginPayload,
  address: string,
): Promise<IssuedSession> {
  const { db } = context;
  const now = context.now();
  const initiator = credentials.username === INITIATOR_LOGIN;
  const user = initiator ? undefined : await context.users.findUserByLogin(db, credentials.username);
  const attempt = { loginId: credentials.username, userId: user?.id ?? null, address };
  const history = await admitSignIn(context, attempt);
  if (initiator) {
    // The first run's Initiator: the password is the single-use initialization code.
    // No two-factor for it: the code is single use and the Initiator can only initialize.
    const valid = await context.spendInitializationCode(db, credentials.password, now);
    await recordSignIn(context, attempt, history, valid);
    if (!valid) throw new IdentityProblem(401, SIGN_IN_MESSAGES[401] ?? messageForStatus(401));
    return openSession(context, INITIATOR_USER, 'Authenticated');
  }
  const valid =
    user && !user.inactive
      ? await verifyPassword(user.password_hash, credentials.password)
      : await verifyNothing(credentials.password);
  await recordSignIn(context, attempt, history, valid);
  if (!valid || !user) throw new IdentityProblem(401, SIGN_IN_MESSAGES[401] ?? messageForStatus(401));
  if (passwordExpired(context, user, now)) return openSession(context, user, 'PasswordExpired');
  return openSession(context, user, passwordStepStatus(user));
}

/** Where a user stands once the password (or a one-time code standing for it) is proven. */
export function passwordStepStatus(user: UserRecord): StoredAuthenticationStatus {
  return user.mfa_enabled ? 'MfaVerification' : 'MfaSetup';
}

/**
 * A new session of `user` at `status`, under a new secret. Sign-in, password reset, expired-password
 * change and invitation completion all open their session here, at the password step: none of
 * them skips two-factor.
 */
export async function openSession(
  context: IdentityContext,
  user: UserRecord,
  status: StoredAuthenticationStatus,
): Promise<IssuedSession> {
  const now = context.now();
  const token = newToken();
  const expired = status === 'PasswordExpired';
  const record = await insertSession(context.db, {
    tokenHash: sha256(token),
    userId: user.login_id === INITIATOR_LOGIN ? null : user.id,
    status,
    now,
    idleExpiresAt: expired ? new Date(now.getTime() + PASSWORD_EXPIRED_SESSION_MS) : idleExpiry(context, now),
    absoluteExpiresAt: new Date(now.getTime() + (expired ? PASSWORD_EXPIRED_SESSION_MS : context.settings.sessionAbsoluteMs)),
  });
  return { token, record, user };
}

/**
 * The session of a cookie token, or undefined when there is none or it has ended (idle or
 * absolute timeout, logout, a newer sign-in, the user deactivated). Seeing it extends its idle time.
 */
export async function currentSession(context: IdentityContext, token: string | undefined): Promise<CurrentSession | undefined> {
  if (!token) return undefined;
  const { db } = context;
  const record = await findSessionByTokenHash(db, sha256(token));
  if (!record) return undefined;
  const now = context.now();
  const user = record.user_id === null ? INITIATOR_USER : await context.users.findUserById(db, record.user_id);
  if (
    !user ||
    user.inactive ||
    now >= new Date(record.idle_expires_at) ||
    now >= new Date(record.absolute_expires_at)
  ) {
    await deleteSession(db, record.id);
    return undefined;
  }
  // The idle expiry moves with use, but writing it on every request would make every API call a
  // write: it is moved once the stored value is more than a minute behind (idle timeouts are
  // minutes long, so the session lives at most that minute less).
  const idleExpiresAt = idleExpiry(context, now);
  if (idleExpiresAt.getTime() - new Date(record.idle_expires_at).getTime() < TOUCH_INTERVAL_MS) return { record, user };
  await touchSession(db, record.id, now, idleExpiresAt);
  return { record: { ...record, last_seen_at: now, idle_expires_at: idleExpiresAt }, user };
}

/**
 * Moves a session to its next authentication step under a new secret (no fixation across
 * steps). Reaching Authenticated ends the user's other sessions: one active session per user.
 */
export async function advanceSession(
  context: IdentityContext,
  current: CurrentSession,
  status: StoredAuthenticationStatus,
): Promise<IssuedSession> {
  const token = newToken();
  const now = context.now();
  await context.db.transaction(async (tx) => {
    await updateSession(tx, current.record.id, {
      tokenHash: sha256(token),
      status,
      pendingMfaSecret: null,
      failedCodes: 0,
      ...(status === 'Authenticated' ? { authenticatedAt: now } : {}),
    });
    if (status === 'Authenticated') await deleteOtherSessions(tx, current.user.id, current.record.id);
  });
  const record: SessionRecord = {
    ...current.record,
    authentication_status: status,
    pending_mfa_secret: null,
    failed_codes: 0,
    authenticated_at: status === 'Authenticated' ? now : current.record.authenticated_at,
  };
  if (status === 'Authenticated') context.onAuthenticated?.(record, current.user);
  return { token, record, user: current.user };
}

/** Too many wrong second-factor codes end the session: the password must be given again. */
export const MFA_FAILURE_LIMIT = 5;

export async function recordWrongCode(context: IdentityContext, current: CurrentSession): Promise<never> {
  const failed = current.record.failed_codes + 1;
  if (failed >= MFA_FAILURE_LIMIT) await deleteSession(context.db, current.record.id);
  else await updateSession(context.db, current.record.id, { failedCodes: failed });
  throw new IdentityProblem(401, MFA_VERIFY_MESSAGES[401] ?? messageForStatus(401));
}

export async function signOut(context: IdentityContext, current: CurrentSession | undefined): Promise<void> {
  if (current) await deleteSession(context.db, current.record.id);
}

/**
 * The spec 3 Session of a live session. A session in PasswordExpired is not one the shell knows:
 * it is described as none (the sign-in screen), and only the expired-password change uses it.
 */
export async function describeSession(
  context: IdentityContext,
  current: CurrentSession,
): Promise<Session | ReturnType<typeof noSession>> {
  const { record, user } = current;
  if (record.authentication_status === 'PasswordExpired') return noSession(context);
  const organization = user.organization_id ? await findOrganizationName(context.db, user.organization_id) : undefined;
  const authenticated = record.authentication_status === 'Authenticated';
  return {
    session_id: record.id,
    timestamp: new Date(record.created_at).getTime(),
    authenticated,
    authentication_status: record.authentication_status,
    organization: organization ?? null,
    user: { id: user.id, login_id: user.login_id, name: user.name },
    // Spec 2.3: the Initiator (one-time-password login) has no access control: the shell offers LOGOUT.
    access_control:
      authenticated && record.user_id !== null ? toAccessControl(await resolveAccess(context.db, user)) : null,
    edition: 'Enterprise',
    tenancy: false,
    roles: authenticated ? user.roles : [],
    features: sessionFeatures(context),
  };
}

export type { IdentityContext };
