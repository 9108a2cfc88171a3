import type { Database } from '../db/database';
import { newToken } from '../identity/tokens';
import { consumeCode, countUsers, deleteCodes, issueCode } from '../users/index';

export { countUsers };
import { INITIATOR_USER } from '../authorization/principal';

// The Initiator's username and the global roles are the contract's: the host redirects by them.
import { GLOBAL_ADMIN_ROLE, INITIATOR_LOGIN, INITIATOR_ROLE } from '@portal/shared/server';

export { GLOBAL_ADMIN_ROLE, INITIATOR_LOGIN, INITIATOR_ROLE, INITIATOR_USER };
/** The route the initialization link opens (the code follows as `?code=`). */
export const INITIALIZATION_PATH = '/administration/global/initialization';



/**
 * At start: on a database without users, a new initialization code (valid 15 minutes, single
 * use) replacing any earlier one; undefined once a user exists. The code is 256 random bits: it
 * travels in a link and is never typed.
 */
export async function createInitializationCode(db: Database, now: Date): Promise<string | undefined> {
  if ((await countUsers(db)) > 0) {
    await deleteCodes(db, null, 'initialization');
    return undefined;
  }
  return issueCode(db, { userId: null, purpose: 'initialization', now, code: newToken() });
}

export function initializationLink(origin: string, code: string): string {
  return `${origin}${INITIALIZATION_PATH}?code=${encodeURIComponent(code)}`;
}

/** The Initiator's sign-in: true when `code` is the live initialization code, spent now. */
export async function spendInitializationCode(db: Database, code: string, now: Date): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  return consumeCode(db, { userId: null, purpose: 'initialization', code, now });
}
