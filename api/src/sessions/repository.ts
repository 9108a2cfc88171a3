import type { Queryable } from '../db/database';
// Times go to the database as ISO strings: Date objects from a test sandbox are not Dates to PGlite.

export type StoredAuthenticationStatus = 'MfaVerification' | 'MfaSetup' | 'Authenticated';

export interface SessionRecord {
  id: string;
  /** Null for the Initiator's session (first run), which belongs to no user. */
  user_id: string | null;
  authentication_status: StoredAuthenticationStatus;
  pending_mfa_secret: string | null;
  failed_codes: number;
  created_at: Date;
  authenticated_at: Date | null;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
}

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
  const [row] = await db.query<SessionRecord>(`SELECT ${COLUMNS} FROM sessions WHERE token_hash = $1`, [tokenHash]);
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

/** Failed sign-ins since `since`, for one account (by typed login id) and for one address. */
export async function countFailedSignIns(
  db: Queryable,
  loginId: string,
  address: string,
  since: Date,
): Promise<{ account: number; address: number }> {
  const [row] = await db.query<{ account: string; address: string }>(
    `SELECT
       (SELECT count(*) FROM sign_in_attempts WHERE login_id = $1 AND NOT succeeded AND attempted_at > $3)::text AS account,
       (SELECT count(*) FROM sign_in_attempts WHERE address = $2 AND NOT succeeded AND attempted_at > $3)::text AS address`,
    [loginId.toLowerCase(), address, since.toISOString()],
  );
  return { account: Number(row?.account ?? 0), address: Number(row?.address ?? 0) };
}
