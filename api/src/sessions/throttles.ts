// The limits on guessing (issue 20): failed sign-ins are throttled per (account, address) and
// slowed per account, never locking the owner out from their usual address; wrong second-factor
// and password-reset codes are limited per account across sessions. Every count lives in the
// database, so several API processes share it.
import { TOO_MANY_CODES_MESSAGE, TOO_MANY_SIGN_INS_MESSAGE } from '@portal/shared/server';
import { IdentityProblem } from '../http/answer';
import {
  countSecurityEvents,
  deleteSecurityEvent,
  insertSecurityEvent,
  lockCounter,
  recordSignInAttempt,
  rememberSignInAddress,
  signInHistory,
  type SecurityEventKind,
  type SignInHistory,
} from './repository';
import type { IdentityContext } from '../identity/context';

const MINUTE_MS = 60_000;
/** The window of the (account, address) limit. */
export const SIGN_IN_PAIR_WINDOW_MS = 15 * MINUTE_MS;
/** The window of the per-account slow-down and of the per-address limit. */
export const SIGN_IN_WINDOW_MS = 60 * MINUTE_MS;

/** Wrong codes an account may get in CODE_WINDOW_MS (second factor; password reset apart). */
export const ACCOUNT_CODE_FAILURE_LIMIT = 5;
export const CODE_WINDOW_MS = 15 * MINUTE_MS;

const retryAfter = (ms: number) => ({ 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) });

/** One sign-in (or current-password check): the account as typed, its user if any, the client address. */
export interface SignInAttempt {
  loginId: string;
  userId: string | null;
  address: string;
}

/**
 * Refuses an attempt with 429 (and Retry-After) before any password is looked at, when:
 * - this account has had signInPairLimit failures from this address in the last 15 minutes;
 * - this address has had signInAddressLimit failures in the last hour, whatever the accounts;
 * - this account has had signInAccountLimit failures in the last hour, from anywhere, and the
 *   address is not one it signed in from before: such addresses share one attempt per
 *   signInAccountIntervalMs. Its usual addresses are let through: no account is locked.
 * Answers what it counted, for recordSignIn.
 */
export async function admitSignIn(context: IdentityContext, attempt: SignInAttempt): Promise<SignInHistory> {
  const { settings } = context;
  const now = context.now().getTime();
  const history = await signInHistory(context.db, {
    ...attempt,
    pairSince: new Date(now - SIGN_IN_PAIR_WINDOW_MS),
    since: new Date(now - SIGN_IN_WINDOW_MS),
  });
  if (history.pair >= settings.signInPairLimit) {
    const oldest = history.pairOldest?.getTime() ?? now;
    throw new IdentityProblem(429, TOO_MANY_SIGN_INS_MESSAGE, retryAfter(oldest + SIGN_IN_PAIR_WINDOW_MS - now));
  }
  if (history.address >= settings.signInAddressLimit) {
    throw new IdentityProblem(429, TOO_MANY_SIGN_INS_MESSAGE, retryAfter(SIGN_IN_WINDOW_MS));
  }
  if (history.account >= settings.signInAccountLimit && !history.usual && history.lastUnusual) {
    const next = history.lastUnusual.getTime() + settings.signInAccountIntervalMs;
    if (now < next) throw new IdentityProblem(429, TOO_MANY_SIGN_INS_MESSAGE, retryAfter(next - now));
  }
  return history;
}

/**
 * Records an admitted attempt. The right password makes the address one of the user's usual
 * ones; the failure that reaches a limit is a security event (once per limit reached).
 */
export async function recordSignIn(
  context: IdentityContext,
  attempt: SignInAttempt,
  history: SignInHistory,
  succeeded: boolean,
): Promise<void> {
  const { db, settings } = context;
  const now = context.now();
  await recordSignInAttempt(db, { loginId: attempt.loginId, address: attempt.address, succeeded, now });
  if (succeeded) {
    if (attempt.userId) await rememberSignInAddress(db, attempt.userId, attempt.address, now);
    return;
  }
  const event = { loginId: attempt.loginId, userId: attempt.userId, address: attempt.address, now };
  if (history.pair + 1 === settings.signInPairLimit) await insertSecurityEvent(db, { ...event, kind: 'sign_in_pair_blocked' });
  if (history.account + 1 === settings.signInAccountLimit) await insertSecurityEvent(db, { ...event, kind: 'sign_in_account_slowed' });
}

const CODE_EVENTS = {
  second_factor: { failed: 'second_factor_failed', blocked: 'second_factor_blocked' },
  reset_code: { failed: 'reset_code_failed', blocked: 'reset_code_blocked' },
} as const satisfies Record<string, { failed: SecurityEventKind; blocked: SecurityEventKind }>;

export type CodeKind = keyof typeof CODE_EVENTS;

/**
 * Runs `check` (is this code right?) within the account's budget of wrong codes of that kind:
 * ACCOUNT_CODE_FAILURE_LIMIT per CODE_WINDOW_MS, whatever the session, the code or the API
 * process. Past it, 429 until the oldest failure of the window is older than the window — even
 * for a right code, which is then not looked at. The attempt is counted as a failure before the
 * check (and taken back when the code was right), so requests racing in parallel cannot exceed
 * the budget. The failure that uses the budget up is a security event.
 */
export async function checkCodeWithinBudget(
  context: IdentityContext,
  kind: CodeKind,
  account: { loginId: string; userId: string | null; address: string },
  check: () => Promise<boolean>,
): Promise<boolean> {
  const { db } = context;
  const events = CODE_EVENTS[kind];
  const now = context.now();
  const since = new Date(now.getTime() - CODE_WINDOW_MS);
  const event = { ...account, now };
  const admitted = await db.transaction(async (tx) => {
    await lockCounter(tx, `${events.failed}:${account.loginId.toLowerCase()}`);
    const failures = await countSecurityEvents(tx, events.failed, account.loginId, since);
    if (failures.count >= ACCOUNT_CODE_FAILURE_LIMIT) {
      const oldest = failures.oldest?.getTime() ?? now.getTime();
      return { blocked: true, forMs: oldest + CODE_WINDOW_MS - now.getTime() } as const;
    }
    return { blocked: false, failures: failures.count, reserved: await insertSecurityEvent(tx, { ...event, kind: events.failed }) } as const;
  });
  if (admitted.blocked) throw new IdentityProblem(429, TOO_MANY_CODES_MESSAGE, retryAfter(admitted.forMs));
  const right = await check();
  if (right) await deleteSecurityEvent(db, admitted.reserved);
  else if (admitted.failures + 1 === ACCOUNT_CODE_FAILURE_LIMIT) await insertSecurityEvent(db, { ...event, kind: events.blocked });
  return right;
}
