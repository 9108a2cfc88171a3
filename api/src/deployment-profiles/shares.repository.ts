// Shared RBOM links (spec 6 RBOM share): a random token in the link, kept only as its SHA-256; the
// RBOM's components at that moment; an expiry (1 to 30 days); revocable.
import { createHash, randomBytes } from 'node:crypto';
import type { RbomShare } from '@portal/shared/server';
import type { Queryable } from '../db/database';

export const DEFAULT_SHARE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ShareRow {
  id: string;
  profile_id: string;
  build_id: string | null;
  build_number: number | null;
  positions: number[];
  recipients: string[];
  created_by: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const COLUMNS = `s.id, s.profile_id, s.build_id, b.number AS build_number, s.positions, s.recipients, u.login_id AS created_by,
  s.created_at, s.expires_at, s.revoked_at`;
const FROM = 'rbom_shares s LEFT JOIN application_builds b ON b.id = s.build_id LEFT JOIN users u ON u.id = s.created_by';

export function shareView(row: ShareRow, now: Date, url?: string): RbomShare {
  const status = row.revoked_at !== null ? 'revoked' : new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    status,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    revoked_at: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
    recipients: row.recipients,
    build: row.build_id === null ? null : { id: row.build_id, number: row.build_number! },
    components: row.positions.length,
    ...(url ? { url } : {}),
  };
}

/** A new share; answers it with the token, which is never stored. */
export async function createShare(
  db: Queryable,
  share: { profileId: string; buildId: string; positions: readonly number[]; recipients: readonly string[]; days: number; userId: string; now: Date },
): Promise<{ row: ShareRow; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [{ id }] = await db.query<{ id: string }>(
    `INSERT INTO rbom_shares (profile_id, token_hash, build_id, positions, recipients, created_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [share.profileId, tokenHash(token), share.buildId, share.positions, share.recipients, share.userId, share.now.toISOString(), new Date(share.now.getTime() + share.days * DAY_MS).toISOString()],
  );
  const [row] = await db.query<ShareRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = $1`, [id]);
  return { row, token };
}

export async function listShares(db: Queryable, profileId: string): Promise<ShareRow[]> {
  return db.query<ShareRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.profile_id = $1 ORDER BY s.created_at DESC, s.id`, [profileId]);
}

export async function revokeShare(db: Queryable, profileId: string, shareId: string, now: Date): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(shareId)) return false;
  const rows = await db.query('UPDATE rbom_shares SET revoked_at = coalesce(revoked_at, $3) WHERE profile_id = $1 AND id = $2::uuid RETURNING id', [profileId, shareId, now.toISOString()]);
  return rows.length > 0;
}

export interface SharedRbom extends ShareRow {
  app_key: string;
  profile_name: string;
  environment: string;
  serial_number: string | null;
  root_ref: string | null;
}

export async function findShared(db: Queryable, token: string): Promise<SharedRbom | undefined> {
  const [row] = await db.query<SharedRbom>(
    `SELECT ${COLUMNS}, a.app_key, d.name AS profile_name, d.environment, b.serial_number, b.root_ref
       FROM ${FROM} JOIN deployment_profiles d ON d.id = s.profile_id JOIN applications a ON a.id = d.application_id
      WHERE s.token_hash = $1`,
    [tokenHash(token)],
  );
  return row;
}
