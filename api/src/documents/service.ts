// The evidence library (issue 23 items 7-9): uploads become documents or new versions of them in
// one transaction (all the files of an upload, or none); deletes remove a blob only when no version
// names it any more; links make a document evidence for requirements of its process. Every change
// is a live 'Document' event for the process's recipients.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DOCUMENT_EVENT, type DocumentChangeEvent, type DocumentDetail, type DocumentPage, type DocumentSummary, type EvidenceDocument } from '@portal/shared/server';
import { findRequirement, isUuid, liveRequirement, organizationUser, type Scope } from '../analysis/service';
import { downloadOf } from '../attachments/service';
import type { Caller } from '../authorization/guard';
import type { Database, Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import { recordEvents } from '../realtime/outbox.repository';
import { eventRecipients } from '../realtime/recipients';
import { publishTaskAttachment, taskForAttachments } from '../tasks/index';
import { ContentCheck, extensionOf, normalFolder } from './content';
import {
  attachmentsOfTask,
  deleteDocument,
  deleteLink,
  deleteTaskLink,
  documentForUpload,
  documentSummary,
  evidenceOfRequirement,
  evidenceRows,
  foldersAndTags,
  insertLink,
  insertTaskLink,
  insertVersion,
  isContentReferenced,
  listDocuments,
  lockContent,
  lockDocument,
  nameTaken,
  requirementsOfDocument,
  storedVersion,
  tasksOfDocument,
  updateDocument,
  versionsOf,
  type ListFilter,
  type MetadataChange,
  type StoredVersion,
} from './repository';
import type { BlobStore, ReceivedFile, Withdrawn } from './storage';
import { pdfText } from './text';

export { evidenceNamesOf } from './repository';
// The blob store of library files: the recovery family backs them up and restores them by hash.
export { createBlobStore, type BlobStore } from './storage';

/** A file received and checked, waiting for its version to be recorded. */
export interface CheckedFile extends ReceivedFile {
  name: string;
  contentType: string;
  text: string;
}

export const NAME_IN_USE = 'Another document of this folder has that name.';

type LinkedTo = { requirement_id: string } | { task_id: string };

async function publish(tx: Queryable, scope: Scope, id: string, action: DocumentChangeEvent['data']['action'], linkedTo?: LinkedTo): Promise<void> {
  const recipients = await eventRecipients(tx, scope.organizationId, scope.processId);
  const body: DocumentChangeEvent = {
    type: DOCUMENT_EVENT,
    eventId: randomUUID(),
    session_id: scope.sessionId,
    time: new Date().toISOString(),
    data: { graph: scope.processCode, id, kind: 'document', action, ...linkedTo },
  };
  await recordEvents(tx, recipients.map((userId) => ({ destination: `events#${userId}`, body: { ...body } })));
}

/** The searchable text of a checked file: the streamed text, or a PDF's read from its file. */
export async function withText(file: ReceivedFile, verdict: { contentType: string; text: string }, name: string): Promise<CheckedFile> {
  const text = verdict.contentType === 'application/pdf' ? await pdfText(file.tempPath, file.size) : verdict.text;
  return { ...file, name, contentType: verdict.contentType, text };
}

/** An upload attached at once to a task (POST documents' field `task`): the caller, who must be able to change the task's attachments. */
export interface AttachTo {
  caller: Caller;
  taskId: string;
}

/**
 * Records the files as documents of `folder` (a new version where the name exists there), placing
 * their blobs, and attaches them to `attachTo`'s task when given; all or nothing. Temporary files
 * are removed whatever happens.
 */
export async function storeUploads(db: Database, blobs: BlobStore, scope: Scope, folder: string, tags: string[], files: CheckedFile[], attachTo?: AttachTo): Promise<DocumentSummary[]> {
  const placed: string[] = [];
  try {
    const ids = await db.transaction(async (tx) => {
      const stored: string[] = [];
      const task = attachTo && (await taskForAttachments(tx, attachTo.caller, scope.processId, attachTo.taskId, true));
      for (const file of files) {
        const document = await documentForUpload(tx, scope, { folder, name: file.name, tags });
        await insertVersion(tx, document.id, document.version, { sha256: file.sha256, size: file.size, contentType: file.contentType, text: file.text, uploadedBy: scope.actor.id });
        await lockContent(tx, file.sha256);
        await blobs.place(file);
        placed.push(file.sha256);
        await publish(tx, scope, document.id, 'upload');
        if (task && (await insertTaskLink(tx, document.id, task.id, scope.actor.id))) {
          await publish(tx, scope, document.id, 'link', { task_id: task.id });
          await publishTaskAttachment(tx, task, document.id, scope.actor, scope.sessionId);
        }
        stored.push(document.id);
      }
      return stored;
    });
    const summaries = await Promise.all(ids.map((id) => documentSummary(db, scope, id)));
    return summaries.filter((summary): summary is DocumentSummary => summary !== undefined);
  } catch (error) {
    // A blob placed for a version that was rolled back: removed unless another version names it.
    for (const sha256 of placed) {
      if (!(await isContentReferenced(db, sha256))) await (await blobs.withdraw(sha256)).finish();
    }
    throw error;
  } finally {
    await Promise.all(files.map((file) => blobs.discard(file)));
  }
}

export async function documentPage(db: Queryable, scope: Scope, filter: ListFilter): Promise<DocumentPage> {
  const [page, index] = await Promise.all([listDocuments(db, scope, filter), foldersAndTags(db, scope)]);
  return { ...page, ...index };
}

export async function documentDetail(db: Queryable, scope: Scope, id: string): Promise<DocumentDetail> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const summary = await documentSummary(db, scope, id);
  if (!summary) throw new ApiProblem(404);
  const [versions, requirements, tasks] = await Promise.all([versionsOf(db, id), requirementsOfDocument(db, id), tasksOfDocument(db, id)]);
  return { ...summary, versions, requirements, tasks };
}

/** The stored version to send (the current one when `version` is undefined), or 404. */
export async function versionToSend(db: Queryable, blobs: BlobStore, scope: Scope, id: string, version: number | undefined): Promise<StoredVersion> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const found = await storedVersion(db, scope, id, version);
  if (!found || !(await blobs.exists(found.sha256))) throw new ApiProblem(404);
  return found;
}

/** Deletes the document with its versions and links; blobs no other version names are removed. */
export async function removeDocument(db: Database, blobs: BlobStore, scope: Scope, id: string): Promise<void> {
  if (!isUuid(id)) throw new ApiProblem(404);
  const withdrawn: Withdrawn[] = [];
  try {
    await db.transaction(async (tx) => {
      const document = await lockDocument(tx, scope, id);
      if (!document) throw new ApiProblem(404);
      for (const sha256 of await deleteDocument(tx, document.id)) {
        await lockContent(tx, sha256);
        if (!(await isContentReferenced(tx, sha256))) withdrawn.push(await blobs.withdraw(sha256));
      }
      await publish(tx, scope, document.id, 'delete');
    });
  } catch (error) {
    for (const blob of withdrawn) await blob.restore();
    throw error;
  }
  for (const blob of withdrawn) await blob.finish();
}

export interface DocumentUpdate {
  folder?: unknown;
  tags?: string[];
  owner?: unknown;
  reviewBy?: string | null;
}

export async function changeDocument(db: Database, scope: Scope, id: string, update: DocumentUpdate): Promise<DocumentSummary> {
  if (!isUuid(id)) throw new ApiProblem(404);
  await db.transaction(async (tx) => {
    const document = await lockDocument(tx, scope, id);
    if (!document) throw new ApiProblem(404);
    const change: MetadataChange = { tags: update.tags, reviewBy: update.reviewBy };
    if (update.folder !== undefined) {
      const folder = normalFolder(update.folder);
      if ('problem' in folder) throw new ApiProblem(400, folder.problem, {}, { folder: folder.problem });
      if (await nameTaken(tx, scope, document.id, folder.folder, document.name)) throw new ApiProblem(409, NAME_IN_USE, {}, { folder: NAME_IN_USE });
      change.folder = folder.folder;
    }
    if (update.owner !== undefined) change.ownerId = update.owner === null ? null : await organizationUser(tx, scope, update.owner);
    await updateDocument(tx, document.id, change);
    await publish(tx, scope, document.id, 'update');
  });
  return (await documentSummary(db, scope, id))!;
}

/** Links (`linked` true) or unlinks the document and the requirement, both of the scope's process. */
export async function setEvidence(db: Database, scope: Scope, documentId: string, requirementId: string, linked: boolean): Promise<void> {
  if (!isUuid(documentId)) throw new ApiProblem(404);
  await db.transaction(async (tx) => {
    const document = await lockDocument(tx, scope, documentId);
    if (!document) throw new ApiProblem(404);
    const requirement = linked ? await liveRequirement(tx, scope, requirementId) : await findRequirement(tx, scope, requirementId);
    const changed = linked ? await insertLink(tx, document.id, requirement.id, scope.actor.id) : await deleteLink(tx, document.id, requirement.id);
    if (changed) await publish(tx, scope, document.id, linked ? 'link' : 'unlink', { requirement_id: requirement.id });
  });
}

/**
 * Attaches (`linked` true) or detaches the document and the task, both of the scope's process: the
 * caller must be able to view the task and act on it (the tasks family's rule). Raises a
 * 'Document' event (link/unlink with `task_id`) and the task's 'Task Attachment'.
 */
export async function setTaskAttachment(db: Database, caller: Caller, scope: Scope, documentId: string, taskId: string, linked: boolean): Promise<void> {
  if (!isUuid(documentId)) throw new ApiProblem(404);
  await db.transaction(async (tx) => {
    const document = await lockDocument(tx, scope, documentId);
    if (!document) throw new ApiProblem(404);
    const task = await taskForAttachments(tx, caller, scope.processId, taskId, true);
    const changed = linked ? await insertTaskLink(tx, document.id, task.id, scope.actor.id) : await deleteTaskLink(tx, document.id, task.id);
    if (!changed) return;
    await publish(tx, scope, document.id, linked ? 'link' : 'unlink', { task_id: task.id });
    await publishTaskAttachment(tx, task, document.id, scope.actor, scope.sessionId);
  });
}

/** GET tasks/:id/attachments: the documents attached to a task the caller may view. */
export async function attachmentsOf(db: Queryable, caller: Caller, scope: Scope, taskId: string): Promise<EvidenceDocument[]> {
  const task = await taskForAttachments(db, caller, scope.processId, taskId, false);
  return attachmentsOfTask(db, scope, task.id);
}

export async function evidenceOf(db: Queryable, scope: Scope, requirementId: string): Promise<EvidenceDocument[]> {
  const requirement = await findRequirement(db, scope, requirementId);
  return evidenceOfRequirement(db, scope, requirement.id);
}

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  // A cell a spreadsheet would run as a formula is quoted as text (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The evidence of every requirement of the process, one row per (requirement, document). */
export async function evidenceCsv(db: Queryable, scope: Scope): Promise<string> {
  const rows = await evidenceRows(db, scope);
  const lines = [['requirement', 'title', 'document', 'version', 'linked_at']];
  for (const row of rows) {
    const path = row.name === null ? null : row.folder ? `${row.folder}/${row.name}` : row.name;
    lines.push([row.code, row.title, path, row.version, row.linked_at === null ? null : new Date(row.linked_at).toISOString()].map(csvCell));
  }
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** An attachment's name under the filename rule: other characters become '_'. */
export const libraryName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_').slice(-255);

/** POST attachments/share: the attachment's bytes as a new document (or version) of the library. */
export async function shareAttachment(db: Database, blobs: BlobStore, scope: Scope, attachmentId: unknown, folder: string, maxBytes: number): Promise<DocumentSummary> {
  if (!isUuid(attachmentId)) throw new ApiProblem(404);
  const attachment = await downloadOf(db, scope, attachmentId);
  const name = libraryName(attachment.name);
  const check = new ContentCheck(extensionOf(name));
  if (check.refusal) throw new ApiProblem(415, check.refusal);
  const received = await blobs.receive(Readable.from([attachment.content]), check, maxBytes);
  const verdict = check.finish();
  if (!verdict.ok) {
    await blobs.discard(received);
    throw new ApiProblem(415, verdict.detail);
  }
  const [summary] = await storeUploads(db, blobs, scope, folder, [], [await withText(received, verdict, name)]);
  return summary;
}
