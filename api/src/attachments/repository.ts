// The attachments of requirements, as stored (SQL of the attachments family): the bytes go in and
// out as base64 text, since PGlite binds a bytea parameter byte by byte (seconds for 10 MB).
import type { Attachment } from '@portal/shared/server';
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database';
import { iso, userRef, type Scope } from '../analysis/service';

// The wire shape is the contract's.
export type { Attachment };

const ATTACHMENT_SELECT = `SELECT a.id, a.requirement_id, a.name, a.size, a.content_type, ${userRef('u')} AS uploaded_by, a.created_at
  FROM attachments a LEFT JOIN users u ON u.id = a.uploaded_by`;

type AttachmentRow = Omit<Attachment, 'created_at'> & { created_at: Date | string };
const attachmentView = (row: AttachmentRow): Attachment => ({ ...row, created_at: iso(row.created_at)! });

/** The process's attachment of that id (id, requirement, name). */
export async function findAttachment(db: Queryable, scope: Scope, id: string): Promise<{ id: string; requirement_id: string; name: string } | undefined> {
  const [row] = await db.query<{ id: string; requirement_id: string; name: string }>(
    'SELECT id, requirement_id, name FROM attachments WHERE id = $1 AND organization_id = $2 AND process_id = $3',
    [id, scope.organizationId, scope.processId],
  );
  return row;
}

export interface NewAttachment {
  requirementId: string;
  name: string;
  contentType: string;
  content: Buffer;
}

export async function insertAttachment(tx: Queryable, scope: Scope, file: NewAttachment): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO attachments (organization_id, process_id, requirement_id, name, content_type, size, content, sha256, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, decode($7, 'base64'), $8, $9) RETURNING id`,
    [
      scope.organizationId,
      scope.processId,
      file.requirementId,
      file.name,
      file.contentType,
      file.content.length,
      file.content.toString('base64'),
      createHash('sha256').update(file.content).digest('hex'),
      scope.actor.id,
    ],
  );
  return row.id;
}

export async function attachmentById(db: Queryable, id: string): Promise<Attachment> {
  const [row] = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} WHERE a.id = $1`, [id]);
  return attachmentView(row);
}

export async function attachmentsOfRequirement(db: Queryable, requirementId: string): Promise<Attachment[]> {
  const rows = await db.query<AttachmentRow>(`${ATTACHMENT_SELECT} WHERE a.requirement_id = $1 ORDER BY a.created_at, a.id`, [requirementId]);
  return rows.map(attachmentView);
}

/** The name, type and bytes of the process's attachment of that id. */
export async function attachmentContent(db: Queryable, scope: Scope, id: string): Promise<{ name: string; content_type: string; content: Buffer } | undefined> {
  const [row] = await db.query<{ name: string; content_type: string; content: string }>(
    `SELECT name, content_type, encode(content, 'base64') AS content FROM attachments
      WHERE id = $1 AND organization_id = $2 AND process_id = $3`,
    [id, scope.organizationId, scope.processId],
  );
  return row && { name: row.name, content_type: row.content_type, content: Buffer.from(row.content, 'base64') };
}

export async function deleteAttachment(tx: Queryable, id: string): Promise<void> {
  await tx.query('DELETE FROM attachments WHERE id = $1', [id]);
}
