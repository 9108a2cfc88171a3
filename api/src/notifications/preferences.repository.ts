// The SQL of a user's notification preferences (their account settings).
import type { NotificationPreferences } from '@portal/shared/server';
import type { Queryable } from '../db/database';

/** The user's stored preferences; the defaults (nothing muted, one mail per event) if none. */
export async function preferencesOf(db: Queryable, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.query<NotificationPreferences>('SELECT muted, mail_digest FROM notification_preferences WHERE user_id = $1', [userId]);
  return row ? { muted: row.muted, mail_digest: row.mail_digest } : { muted: [], mail_digest: false };
}

export async function savePreferences(db: Queryable, userId: string, preferences: NotificationPreferences): Promise<void> {
  await db.query(
    `INSERT INTO notification_preferences (user_id, muted, mail_digest, updated_at) VALUES ($1, $2::text[], $3, now())
     ON CONFLICT (user_id) DO UPDATE SET muted = EXCLUDED.muted, mail_digest = EXCLUDED.mail_digest, updated_at = now()`,
    [userId, preferences.muted, preferences.mail_digest],
  );
}
