import { MFA_SETUP_MESSAGES, messageForStatus } from '@portal/shared/server';
import { newRecoveryCode, normalizeRecoveryCode, sha256 } from '../identity/tokens';
import {
  claimTotpStep,
  disableMfa,
  enableMfa,
  replaceRecoveryCodes,
  spendRecoveryCode,
  updateSession,
} from './repository';
import { IdentityProblem } from '../http/answer';
import { advanceSession, recordWrongCode, type CurrentSession, type IdentityContext, type IssuedSession } from './service';
import { checkCodeWithinBudget } from './throttles';
import { newTotpSecret, totpQrCode, totpStep } from './totp';

export const RECOVERY_CODE_COUNT = 10;

function requireStatus(current: CurrentSession | undefined, status: CurrentSession['record']['authentication_status']): CurrentSession {
  if (!current) throw new IdentityProblem(401, messageForStatus(401));
  if (current.record.authentication_status !== status) throw new IdentityProblem(403, messageForStatus(403));
  return current;
}

/** POST sessions/mfa: a fresh secret for the setup wizard, kept sealed on the session until proven. */
export async function startMfaSetup(
  context: IdentityContext,
  current: CurrentSession | undefined,
): Promise<{ qrcode: string; secret: string }> {
  const session = requireStatus(current, 'MfaSetup');
  const secret = newTotpSecret();
  await updateSession(context.db, session.record.id, { pendingMfaSecret: context.box.seal(secret) });
  return { qrcode: await totpQrCode(secret, session.user.login_id), secret };
}

/**
 * POST sessions/mfa/setup/{code}: the code proves the app holds the secret; two-factor is on,
 * ten recovery codes are issued (shown once, stored hashed) and the session is Authenticated.
 */
export async function completeMfaSetup(
  context: IdentityContext,
  current: CurrentSession | undefined,
  code: string,
): Promise<IssuedSession & { recoveryCodes: string[] }> {
  const session = requireStatus(current, 'MfaSetup');
  const sealed = session.record.pending_mfa_secret;
  const now = context.now();
  const step = sealed ? totpStep(context.box.open(sealed), code, now) : undefined;
  if (!sealed || step === undefined) {
    throw new IdentityProblem(409, MFA_SETUP_MESSAGES[409] ?? messageForStatus(409));
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await context.db.transaction(async (tx) => {
    await enableMfa(tx, session.user.id, sealed, step, now);
    await replaceRecoveryCodes(tx, session.user.id, recoveryCodes.map((recovery) => sha256(normalizeRecoveryCode(recovery))), now);
  });
  const issued = await advanceSession(context, session, 'Authenticated');
  return { ...issued, user: { ...issued.user, mfa_enabled: true, mfa_secret: sealed }, recoveryCodes };
}

/**
 * POST sessions/mfa/verify/{code}: a TOTP code newer than the last one accepted, or an unused
 * recovery code (spent now). Wrong codes of either kind count against the account's budget,
 * whichever session sent them (throttles.ts): past it, 429 even for a right code.
 */
export async function verifyMfa(
  context: IdentityContext,
  current: CurrentSession | undefined,
  code: string,
  address: string,
): Promise<IssuedSession> {
  const session = requireStatus(current, 'MfaVerification');
  const { user } = session;
  const now = context.now();
  const account = { loginId: user.login_id, userId: user.id, address };
  const accepted = await checkCodeWithinBudget(context, 'second_factor', account, async () => {
    const step = user.mfa_secret ? totpStep(context.box.open(user.mfa_secret), code, now) : undefined;
    return step !== undefined
      ? claimTotpStep(context.db, user.id, step)
      : spendRecoveryCode(context.db, user.id, sha256(normalizeRecoveryCode(code)), now);
  });
  if (!accepted) return recordWrongCode(context, session);
  return advanceSession(context, session, 'Authenticated');
}

/**
 * DELETE sessions/mfa: turns two-factor off for the signed-in user, who must set it up again at
 * the next sign-in. The spec gates it by the demo permission; until the authorization issue
 * brings permissions, an Authenticated session is what it requires.
 */
export async function disableOwnMfa(context: IdentityContext, current: CurrentSession | undefined): Promise<void> {
  const session = requireStatus(current, 'Authenticated');
  // The Initiator has no two-factor to disable.
  if (session.record.user_id === null) throw new IdentityProblem(403, messageForStatus(403));
  await context.db.transaction((tx) => disableMfa(tx, session.user.id, context.now()));
}
