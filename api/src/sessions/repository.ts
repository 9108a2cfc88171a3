import type { Queryable } from '../db/database';
import type { SessionRecord, StoredAuthenticationStatus } from '../authorization/principal';

export type { SessionRecord, StoredAuthenticationStatus };
// Times go to the database as ISO strings: Date objects from a test sandbox are not Dates to PGlite.



const COLUMNS = `id, user_id, authentication_status, pending_mfa_secret, failed_codes, created_at, authenticated_at,
  last_seen_at, idle_expires_at, absolute_expires_at`;

export interface NewSession {
  tokenHash: string;
  /** Null: the Initiator. */
  userId: string | null;
  status: StoredAuthenticationStatus;
  now: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

export async function insertSession(db: Queryable, session: NewSession): Promise<SessionRecord> {
  const [row] = await db.query<SessionRecord>(
    `INSERT INTO sessions (token_hash, user_id, authentication_status, created_at, last_seen_at, idle_expires_at, absolute_expires_at, initiator)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $2::uuid IS NULL) RETURNING ${COLUMNS}`,
    [session.tokenHash, session.userId, session.status, session.now.toISOString(), session.idleExpiresAt.toISOString(), session.absoluteExpiresAt.toISOString()],
  );
  if (!row) throw new Error('The session was not stored.');
  return row;
}

export async function findSessionByTokenHash(db: Queryable, tokenHash: string): Promise<SessionRecord | undefined> {
  // Every request's first statement (the guard's): prepared, a lookup by a unique key.
  const [row] = await db.query<SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = $1`, [tokenHash], { prepare: true });
  return row;
}

export async function touchSession(db: Queryable, id: string, now: Date, idleExpiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2, idle_expires_at = $3 WHERE id = $1', [id, now.toISOString(), idleExpiresAt.toISOString()]);
}

export interface SessionChange {
  tokenHash?: string;
  status?: StoredAuthenticationStatus;
  pendingMfaSecret?: string | null;
  failedCodes?: number;
  authenticatedAt?: Date;
}

export async function updateSession(db: Queryable, id: string, change: SessionChange): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  const set = (column: string, value: unknown): void => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (change.tokenHash !== undefined) set('token_hash', change.tokenHash);
  if (change.status !== undefined) set('authentication_status', change.status);
  if (change.pendingMfaSecret !== undefined) set('pending_mfa_secret', change.pendingMfaSecret);
  if (change.failedCodes !== undefined) set('failed_codes', change.failedCodes);
  if (change.authenticatedAt !== undefined) set('authenticated_at', change.authenticatedAt.toISOString());
  if (sets.length === 0) return;
  await db.query(`UPDATE sessions SET ${sets.join(', ')} WHERE id = $1`, params);
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Ends every session of the user but `keep`: one active session per user (spec 6, 4.1). */
export async function deleteOtherSessions(db: Queryable, userId: string, keep: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keep]);
}

export async function deleteSessionsOfUser(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

export async function recordSignInAttempt(
  db: Queryable,
  attempt: { loginId: string; address: string; succeeded: boolean; now: Date },
): Promise<void> {
  await db.query('INSERT INTO sign_in_attempts (login_id, address, succeeded, attempted_at) VALUES ($1, $2, $3, $4)', [
    attempt.loginId.toLowerCase(),
    attempt.address,
    attempt.succeeded,
    attempt.now.toISOString(),
  ]);
}

export interface SignInHistory {
  /** Failures of this account from this address since `pairSince`, and when the oldest of them was. */
  pair: number;
  pairOldest: Date | null;
  /** Failures of this account from any address since `since`. */
  account: number;
  /** Failures from this address, whatever the account, since `since`. */
  address: number;
  /** The newest attempt on this account since `since` from an address that is not one of its usual ones. */
  lastUnusual: Date | null;
  /** Whether the user has signed in from this address before (false for an unknown name). */
  usual: boolean;
}

/**
 * What the sign-in throttles look at for one attempt: the account is the lowercased login id as
 * typed (unknown names are counted too); `userId`, when such a user exists, gives its usual addresses.
 */
export async function signInHistory(
  db: Queryable,
  attempt: { loginId: string; userId: string | null; address: string; pairSince: Date; since: Date },
): Promise<SignInHistory> {
  const [row] = await db.query<{
    pair: string;
    pair_oldest: Date | null;
    account: string;
    address: string;
    last_unusual: Date | null;
    usual: boolean;
  }>(
    `WITH usual AS (SELECT address FROM sign_in_addresses WHERE user_id = $3::uuid),
       pair AS (SELECT attempted_at FROM sign_in_attempts
                WHERE login_id = $1 AND address = $2 AND NOT succeeded AND attempted_at > $4)
     SELECT
       (SELECT count(*) FROM pair)::text AS pair,
       (SELECT min(attempted_at) FROM pair) AS pair_oldest,
       (SELECT count(*) FROM sign_in_attempts WHERE login_id = $1 AND NOT succeeded AND attempted_at > $5)::text AS account,
       (SELECT count(*) FROM sign_in_attempts WHERE address = $2 AND NOT succeeded AND attempted_at > $5)::text AS address,
       (SELECT max(attempted_at) FROM sign_in_attempts
        WHERE login_id = $1 AND attempted_at > $5 AND address NOT IN (SELECT address FROM usual)) AS last_unusual,
       EXISTS (SELECT 1 FROM usual WHERE address = $2) AS usual`,
    [attempt.loginId.toLowerCase(), attempt.address, attempt.userId, attempt.pairSince.toISOString(), attempt.since.toISOString()],
  );
  const date = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    pair: Number(row?.pair ?? 0),
    pairOldest: date(row?.pair_oldest),
    account: Number(row?.account ?? 0),
    address: Number(row?.address ?? 0),
    lastUnusual: date(row?.last_unusual),
    usual: row?.usual ?? false,
  };
}

/** The user signed in from `address` with the right password: one of their usual addresses now. */
export async function rememberSignInAddress(db: Queryable, userId: string, address: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO sign_in_addresses (user_id, address, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = EXCLUDED.last_success_at`,
    [userId, address, now.toISOString()],
  );
}

export type SecurityEventKind =
  | 'second_factor_failed'
  | 'second_factor_blocked'
  | 'reset_code_failed'
  | 'reset_code_blocked'
  | 'sign_in_pair_blocked'
  | 'sign_in_account_slowed';

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** The account: the user's login id, or the name typed when no user has it. */
  loginId: string;
  userId: string | null;
  address: string;
  now: Date;
}

export async function insertSecurityEvent(db: Queryable, event: SecurityEvent): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO security_events (kind, login_id, user_id, address, occurred_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING id::text AS id`,
    [event.kind, event.loginId.toLowerCase(), event.userId, event.address, event.now.toISOString()],
  );
  if (!row) throw new Error('The security event was not stored.');
  return row.id;
}

export async function deleteSecurityEvent(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM security_events WHERE id = $1::bigint', [id]);
}

/** Events of one kind for an account since `since`: how many, and when the oldest was. */
export async function countSecurityEvents(
  db: Queryable,
  kind: SecurityEventKind,
  loginId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.query<{ count: string; oldest: Date | string | null }>(
    `SELECT count(*)::text AS count, min(occurred_at) AS oldest FROM security_events
     WHERE login_id = $1 AND kind = $2 AND occurred_at > $3`,
    [loginId.toLowerCase(), kind, since.toISOString()],
  );
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Serializes, until the transaction ends, the work of every API process on one account's
 * counter (`key`): a count and the attempt it admits are then one step.
 */
export async function lockCounter(tx: Queryable, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

// The second factor's credentials of a user (TOTP secret, last step, recovery codes): what sign-in checks.

/** Turns two-factor on with a sealed secret and the time step of the code that proved it. */
export async function enableMfa(db: Queryable, userId: string, sealedSecret: string, step: number, now: Date): Promise<void> {
  await db.query(
    'UPDATE users SET mfa_secret = $2, mfa_enabled = true, mfa_last_step = $3, updated_at = $4 WHERE id = $1',
    [userId, sealedSecret, step, now.toISOString()],
  );
}

export async function disableMfa(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE users SET mfa_secret = NULL, mfa_enabled = false, mfa_last_step = 0, updated_at = $2 WHERE id = $1',
    [userId, now.toISOString()],
  );
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
}

/**
 * Records `step` as the last TOTP step used, only if it is newer than the recorded one: false
 * means the code was already spent (a replay), even when two requests race.
 */
export async function claimTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db.query('UPDATE users SET mfa_last_step = $2 WHERE id = $1 AND mfa_last_step < $2 RETURNING id', [
    userId,
    step,
  ]);
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, hashes: readonly string[], now: Date): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  for (const codeHash of hashes) {
    await db.query('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)', [
      userId,
      codeHash,
      now.toISOString(),
    ]);
  }
}

/** Spends an unused recovery code; false when there is none of that hash (wrong or already used). */
export async function spendRecoveryCode(db: Queryable, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE recovery_codes SET used_at = $3
     WHERE id = (SELECT id FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1)
     RETURNING id`,
    [userId, codeHash, now.toISOString()],
  );
  return rows.length === 1;
}

// The OpenID Connect sign-ins in flight: each request waits here (by the hash of its binding
// cookie) until its answer comes back, at most once.

export interface PendingSignIn {
  state: string;
  origin: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: Date;
}

export async function deleteExpiredOidcSignIns(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM oidc_sign_ins WHERE expires_at <= $1', [now.toISOString()]);
}

export async function insertOidcSignIn(
  db: Queryable,
  signIn: { bindingHash: string; state: string; origin: string; codeVerifier: string; nonce: string; redirectUri: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO oidc_sign_ins (binding_hash, state, origin, code_verifier, nonce, redirect_uri, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      signIn.bindingHash,
      signIn.state,
      signIn.origin,
      signIn.codeVerifier,
      signIn.nonce,
      signIn.redirectUri,
      signIn.createdAt.toISOString(),
      signIn.expiresAt.toISOString(),
    ],
  );
}

/** Takes the request of that binding out of the store. */
export async function takeOidcSignIn(db: Queryable, bindingHash: string): Promise<PendingSignIn | undefined> {
  const [row] = await db.query<PendingSignIn>(
    'DELETE FROM oidc_sign_ins WHERE binding_hash = $1 RETURNING state, origin, code_verifier, nonce, redirect_uri, expires_at',
    [bindingHash],
  );
  return row;
}

/** Ends the Initiator's sessions (the first run is over). */
export async function deleteInitiatorSessions(tx: Queryable): Promise<void> {
  await tx.query('DELETE FROM sessions WHERE initiator');
}
