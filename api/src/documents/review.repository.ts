// The review-by dates of documents (SQL of the documents family's reminders).
import type { Queryable } from '../db/database';

export interface DueReview {
  id: string;
  past: boolean;
}

/** Documents whose review-by date is within the horizon (not yet reminded) or passed (not yet told). */
export async function dueReviews(db: Queryable, today: string, horizon: string): Promise<DueReview[]> {
  return db.query<DueReview>(
    `SELECT id, review_by < $1::date AS past FROM documents
      WHERE review_by IS NOT NULL
        AND ((review_by < $1::date AND review_past_due_at IS NULL) OR (review_by >= $1::date AND review_by <= $2::date AND review_reminded_at IS NULL))
      ORDER BY review_by, id`,
    [today, horizon],
  );
}

export interface ClaimedReview {
  id: string;
  name: string;
  folder: string;
  review_by: string;
  owner_id: string | null;
  process_id: string;
  code_name: string;
}

/** Marks the document's reminder (or past-due notice) raised at `time`; undefined when already raised. */
export async function claimReview(tx: Queryable, id: string, past: boolean, time: string): Promise<ClaimedReview | undefined> {
  const column = past ? 'review_past_due_at' : 'review_reminded_at';
  const [row] = await tx.query<ClaimedReview>(
    `UPDATE documents d SET ${column} = $2 FROM processes p
      WHERE d.id = $1 AND d.${column} IS NULL AND d.review_by IS NOT NULL AND p.id = d.process_id
      RETURNING d.id, d.name, d.folder, to_char(d.review_by, 'YYYY-MM-DD') AS review_by, COALESCE(d.owner_id, d.created_by) AS owner_id, d.process_id, p.code_name`,
    [id, time],
  );
  return row;
}
