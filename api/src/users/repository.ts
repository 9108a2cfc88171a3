import type { UserSummary } from '@portal/shared/server';
import { DEFAULT_MODULE_CONFIGURATION, type ProcessModuleConfiguration } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import type { UserRecord } from '../authorization/principal';

// The wire shape is the contract's.
export type { UserSummary };

export type { UserRecord };
// Times go to the database as ISO strings: Date objects from a test sandbox are not Dates to PGlite.

const COLUMNS = `id, organization_id, login_id, name, email, password_hash, password_changed_at, inactive, roles,
  mfa_secret, mfa_enabled, mfa_last_step`;

export interface NewUser {
  organizationId: string | null;
  loginId: string;
  name: string;
  email: string;
  passwordHash: string;
  roles: string[];
  now: Date;
  /** An invited user stays inactive until the invitation is completed. */
  inactive?: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRecord | undefined> {
  const [row] = await db.query<UserRecord>(
    `INSERT INTO users (organization_id, login_id, name, email, password_hash, password_changed_at, roles, created_at, updated_at, inactive)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $6, $8)
     ON CONFLICT (lower(login_id)) DO NOTHING
     RETURNING ${COLUMNS}`,
    [user.organizationId, user.loginId, user.name, user.email, user.passwordHash, user.now.toISOString(), user.roles, user.inactive ?? false],
  );
  return row;
}

export async function findUserByLogin(db: Queryable, loginId: string): Promise<UserRecord | undefined> {
  const [row] = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE lower(login_id) = lower($1)`, [loginId]);
  return row;
}

/**
 * The user a person means by `username`: the one of that login id, otherwise the one of that
 * email address — only when exactly one user has it (an address shared by several accounts names
 * none of them).
 */
export async function findUserByUsername(db: Queryable, username: string): Promise<UserRecord | undefined> {
  const byLogin = await findUserByLogin(db, username);
  if (byLogin) return byLogin;
  const byEmail = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1) LIMIT 2`, [username]);
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

/** Activation (spec 4.2): a new password and the inactive flag cleared. */
export async function activateUser(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3, inactive = false WHERE id = $1',
    [userId, passwordHash, now.toISOString()],
  );
}

export async function findUserById(db: Queryable, id: string): Promise<UserRecord | undefined> {
  // The guard's second statement on every request it resolves: prepared, a lookup by the key.
  const [row] = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id], { prepare: true });
  return row;
}

export async function updatePassword(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, password_changed_at = $3, updated_at = $3 WHERE id = $1', [
    userId,
    passwordHash,
    now.toISOString(),
  ]);
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.query<{ count: string }>(
    'SELECT count(*)::text AS count FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return Number(row?.count ?? 0);
}

// ---- User administration (spec 7 Users, docs/authorization.md): every query names the organization.

const SUMMARY = `SELECT u.id, u.login_id, u.name, u.email, u.roles, u.inactive, u.mfa_enabled,
  COALESCE((SELECT json_agg(json_build_object('process', p.code_name, 'roles', m.roles) ORDER BY lower(p.code_name))
              FROM memberships m JOIN processes p ON p.id = m.process_id
             WHERE m.user_id = u.id AND p.organization_id = u.organization_id), '[]'::json) AS memberships,
  COALESCE((SELECT json_agg(json_build_object('id', w.id, 'name', w.name) ORDER BY lower(w.name))
              FROM workgroup_members wm JOIN workgroups w ON w.id = wm.workgroup_id
             WHERE wm.user_id = u.id AND w.organization_id = u.organization_id), '[]'::json) AS workgroups
  FROM users u`;

/** The organization's users, by login id. */
export async function listUserSummaries(db: Queryable, organizationId: string): Promise<UserSummary[]> {
  return db.query<UserSummary>(`${SUMMARY} WHERE u.organization_id = $1 ORDER BY lower(u.login_id)`, [organizationId]);
}

export async function findUserSummary(db: Queryable, organizationId: string, userId: string): Promise<UserSummary | undefined> {
  const [row] = await db.query<UserSummary>(`${SUMMARY} WHERE u.organization_id = $1 AND u.id = $2`, [organizationId, userId]);
  return row;
}

/** The user of that id in that organization; another organization's user is not found. */
export async function findUserOfOrganization(db: Queryable, organizationId: string, userId: string): Promise<UserRecord | undefined> {
  const [row] = await db.query<UserRecord>(`SELECT ${COLUMNS} FROM users WHERE organization_id = $1 AND id = $2`, [
    organizationId,
    userId,
  ]);
  return row;
}

/** The organization's active users (assignee candidates). */
export async function listActiveUsers(db: Queryable, organizationId: string): Promise<UserRecord[]> {
  return db.query<UserRecord>(
    `SELECT ${COLUMNS} FROM users WHERE organization_id = $1 AND NOT inactive ORDER BY lower(login_id)`,
    [organizationId],
  );
}

/** Of those ids, the ones of the organization's users (malformed ids must be filtered out before). */
export async function usersOfOrganization(db: Queryable, organizationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE organization_id = $1 AND id = ANY($2::uuid[])', [
    organizationId,
    [...ids],
  ]);
  return rows.map((row) => row.id);
}

export async function updateUserProfile(
  db: Queryable,
  userId: string,
  profile: { name: string; email: string; roles: readonly string[] },
  now: Date,
): Promise<void> {
  await db.query('UPDATE users SET name = $2, email = $3, roles = $4::text[], updated_at = $5 WHERE id = $1', [
    userId,
    profile.name,
    profile.email,
    [...profile.roles],
    now.toISOString(),
  ]);
}

export async function setUserInactive(db: Queryable, userId: string, inactive: boolean, now: Date): Promise<void> {
  await db.query('UPDATE users SET inactive = $2, updated_at = $3 WHERE id = $1', [userId, inactive, now.toISOString()]);
}

/** Deletes the user; sessions, codes, memberships and workgroup places go with it (foreign keys). */
export async function deleteUser(db: Queryable, userId: string): Promise<void> {
  await db.query('DELETE FROM users WHERE id = $1', [userId]);
}

/** Users count whether active or invited (the `usage.users` of the organization). */
export async function countUsersOfOrganization(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM users WHERE organization_id = $1', [
    organizationId,
  ]);
  return Number(row?.count ?? 0);
}

/** The organization's process of that code name (any case), for memberships. */
export async function findProcessOfOrganization(
  db: Queryable,
  organizationId: string,
  codeName: string,
): Promise<{ id: string; code_name: string } | undefined> {
  const [row] = await db.query<{ id: string; code_name: string }>(
    'SELECT id, code_name FROM processes WHERE organization_id = $1 AND lower(code_name) = lower($2)',
    [organizationId, codeName],
  );
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored id of the organization of that id, if there is one (a malformed id names none). */
export async function storedOrganizationId(db: Queryable, id: string): Promise<string | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.query<{ id: string }>('SELECT id FROM organizations WHERE id = $1', [id]);
  return row?.id;
}

/** How many users the organization may have (its module configuration's num_of_users); -1: no limit, or no such organization. */
export async function userLimitOfOrganization(db: Queryable, organizationId: string): Promise<number> {
  if (!UUID.test(organizationId)) return -1;
  const [row] = await db.query<{ module_configuration: Partial<ProcessModuleConfiguration> | null }>(
    'SELECT module_configuration FROM organizations WHERE id = $1',
    [organizationId],
  );
  return row ? ({ ...DEFAULT_MODULE_CONFIGURATION, ...row.module_configuration }.num_of_users ?? -1) : -1;
}

/** The ids of at most `limit` active users of that address (any case). */
export async function activeUserIdsByEmail(db: Queryable, email: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1) AND NOT inactive LIMIT $2', [email, limit]);
  return rows.map((row) => row.id);
}

/** How many users there are (the first run has none). */
export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM users');
  return Number(row?.count ?? 0);
}

/** An active user of the organization (id, login, name). */
export async function findActiveUserRef(tx: Queryable, organizationId: string, userId: string): Promise<{ id: string; login_id: string; name: string } | undefined> {
  const [row] = await tx.query<{ id: string; login_id: string; name: string }>(
    'SELECT id, login_id, name FROM users WHERE organization_id = $1 AND id = $2 AND NOT inactive',
    [organizationId, userId],
  );
  return row;
}

/** Stores an invitation of the user (by the hash of its token). */
export async function insertInvitationToken(
  tx: Queryable,
  invitation: { tokenHash: string; userId: string; invitedBy: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tx.query('INSERT INTO invitations (token_hash, user_id, invited_by, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
    invitation.tokenHash,
    invitation.userId,
    invitation.invitedBy,
    invitation.expiresAt.toISOString(),
    invitation.createdAt.toISOString(),
  ]);
}

/** The unused, unexpired invitation of a token hash. */
export async function findLiveInvitation(db: Queryable, tokenHash: string, now: Date): Promise<{ id: string; user_id: string } | undefined> {
  const [row] = await db.query<{ id: string; user_id: string }>(
    'SELECT id, user_id FROM invitations WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [tokenHash, now.toISOString()],
  );
  return row;
}

export async function markInvitationUsed(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query('UPDATE invitations SET used_at = $2 WHERE id = $1', [id, now.toISOString()]);
}

/** The login ids of the users `ids` (ids as text; an unknown id is left out), by id. */
export async function loginIdsOf(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; login_id: string }>('SELECT id::text AS id, login_id FROM users WHERE id::text = ANY($1::text[])', [ids]);
  return new Map(rows.map((row) => [row.id, row.login_id]));
}
