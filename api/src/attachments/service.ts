// Attachments of a requirement (issue 6 item 9): stored whole in one row, each change an Update
// event of the requirement. The route checks the upload itself (size, name, type) before this.
import { findRequirement, isUuid, liveRequirement, raiseInScope, type Scope } from '../analysis/service';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import {
  attachmentById,
  attachmentContent,
  attachmentsOfRequirement,
  deleteAttachment,
  findAttachment,
  insertAttachment,
  type Attachment,
} from './repository';

export type { Attachment };

/** A file checked by the route, attached to the live requirement `requirementId`. */
export async function storeAttachment(
  db: Database,
  scope: Scope,
  requirementId: string,
  file: { name: string; contentType: string; content: Buffer },
): Promise<Attachment> {
  const attachmentId = await db.transaction(async (tx) => {
    const requirement = await liveRequirement(tx, scope, requirementId);
    const id = await insertAttachment(tx, scope, { requirementId: requirement.id, ...file });
    await raiseInScope(tx, scope, requirement.id, 'Update', { attachment: { added: file.name, id, size: file.content.length } });
    return id;
  });
  return attachmentById(db, attachmentId);
}

export async function attachmentsOf(db: Queryable, scope: Scope, requirementId: string): Promise<Attachment[]> {
  const requirement = await findRequirement(db, scope, requirementId);
  return attachmentsOfRequirement(db, requirement.id);
}

/** The attachment's name, type and bytes; 404 when it is not the process's. */
export async function downloadOf(db: Queryable, scope: Scope, id: string): Promise<{ name: string; content_type: string; content: Buffer }> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const found = await attachmentContent(db, scope, id);
  if (!found) throw new ApiProblem(404);
  return found;
}

export async function removeAttachment(db: Database, scope: Scope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isUuid(id)) throw new ApiProblem(404);
    const attachment = await findAttachment(tx, scope, id);
    if (!attachment) throw new ApiProblem(404);
    // A deleted requirement is read-only: its attachments stay as they were (409).
    await liveRequirement(tx, scope, attachment.requirement_id);
    await deleteAttachment(tx, attachment.id);
    await raiseInScope(tx, scope, attachment.requirement_id, 'Update', { attachment: { removed: attachment.name, id: attachment.id } });
  });
}
