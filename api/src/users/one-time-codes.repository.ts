import { ONE_TIME_CODE_MIN_LENGTH, ONE_TIME_CODE_TTL_MS } from '@portal/shared/server';
import type { Database, Queryable } from '../db/database';
import { hashPassword, verifyNothing, verifyPassword } from '../identity/passwords';
import { newNumericCode } from '../identity/tokens';

export type CodePurpose = 'password_reset' | 'invitation' | 'initialization';

/**
 * Wrong guesses a code survives: after these it is spent. Anyone may have a new reset code mailed,
 * so the account's wrong codes are limited across codes too (sessions/throttles.ts).
 */
export const CODE_FAILURE_LIMIT = 3;

interface StoredCode {
  id: string;
  code_hash: string;
  failed_attempts: number;
}

// A code of the Initiator belongs to nobody: the owner comparison must treat null as a value.
const OWNER = 'user_id IS NOT DISTINCT FROM $1::uuid AND purpose = $2';

export interface IssueCodeOptions {
  /** Null only for the initialization code. */
  userId: string | null;
  purpose: CodePurpose;
  now: Date;
  /** The code to store; default ONE_TIME_CODE_MIN_LENGTH random digits. */
  code?: string;
  ttlMs?: number;
}

/**
 * Stores a new one-time code (argon2id hash: six digits would fall to a SHA-256 table in
 * milliseconds) valid for 15 minutes, replacing every earlier code of the same owner and purpose.
 * Answers the code, which only the mail (or the console) ever shows.
 */
export async function issueCode(db: Database, options: IssueCodeOptions): Promise<string> {
  const code = options.code ?? newNumericCode(ONE_TIME_CODE_MIN_LENGTH);
  const codeHash = await hashPassword(code);
  const expiresAt = new Date(options.now.getTime() + (options.ttlMs ?? ONE_TIME_CODE_TTL_MS));
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM one_time_codes WHERE ${OWNER}`, [options.userId, options.purpose]);
    await tx.query(
      'INSERT INTO one_time_codes (user_id, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [options.userId, options.purpose, codeHash, expiresAt.toISOString(), options.now.toISOString()],
    );
  });
  return code;
}

/**
 * Spends the owner's live code of that purpose when `code` is it. A wrong code counts against
 * the live one; none at all costs the time of a verification, so the answer's timing does not
 * tell whether a code was sent. `tx` lets the caller spend the code and apply its effect together.
 */
export async function consumeCode(
  db: Queryable,
  options: { userId: string | null; purpose: CodePurpose; code: string; now: Date },
): Promise<boolean> {
  const now = options.now.toISOString();
  const [live] = await db.query<StoredCode>(
    `SELECT id, code_hash, failed_attempts FROM one_time_codes
     WHERE ${OWNER} AND used_at IS NULL AND expires_at > $3 ORDER BY created_at DESC LIMIT 1`,
    [options.userId, options.purpose, now],
  );
  if (!live) return verifyNothing(options.code);
  if (!(await verifyPassword(live.code_hash, options.code))) {
    await db.query(
      `UPDATE one_time_codes SET failed_attempts = failed_attempts + 1,
         used_at = CASE WHEN failed_attempts + 1 >= $2 THEN $3::timestamptz ELSE used_at END
       WHERE id = $1`,
      [live.id, CODE_FAILURE_LIMIT, now],
    );
    return false;
  }
  // Two requests racing with the right code: only one of them spends it.
  const spent = await db.query('UPDATE one_time_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING id', [
    live.id,
    now,
  ]);
  return spent.length === 1;
}

export async function deleteCodes(db: Queryable, userId: string | null, purpose: CodePurpose): Promise<void> {
  await db.query(`DELETE FROM one_time_codes WHERE ${OWNER}`, [userId, purpose]);
}
