// The inquiries to support as stored (SQL of the misc family).
import type { Queryable } from '../db/database';

export async function insertInquiry(
  db: Queryable,
  inquiry: { organizationId: string | null; userId: string; subject: string; message: string; phone: string | null },
): Promise<{ id: string; created_at: Date | string }> {
  const [stored] = await db.query<{ id: string; created_at: Date | string }>(
    `INSERT INTO inquiries (organization_id, user_id, subject, message, phone)
     VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
    [inquiry.organizationId, inquiry.userId, inquiry.subject, inquiry.message, inquiry.phone],
  );
  return stored;
}

/** An inquiry that could not be mailed is not kept. */
export async function deleteInquiry(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM inquiries WHERE id = $1', [id]);
}
