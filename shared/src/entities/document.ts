// Shared files as an evidence library (issue 23 items 7-9): the documents of a process, their
// versions and the requirements they are evidence for. See docs/documents-api.md.
import type { RequirementRef, UserRef } from './requirement';

/** The default most one uploaded file may carry (the API's DOCUMENT_MAX_BYTES may change it). */
export const DOCUMENT_MAX_BYTES = 250 * 1024 * 1024;
/** The 413 of a file past `maxBytes`. */
export const documentTooLarge = (maxBytes: number): string =>
  `The file is larger than the ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${Math.ceil(maxBytes / 1024)} KB`} accepted.`;
/** What the library takes, by extension; the content must match (magic bytes, or UTF-8 text). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'md', 'csv'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
/** The most files one upload may carry. */
export const DOCUMENT_MAX_FILES = 20;
/** The most tags a document may carry, and the longest tag. */
export const DOCUMENT_MAX_TAGS = 20;
export const DOCUMENT_TAG_MAX_LENGTH = 50;
/** The live event of a document uploaded, changed, deleted or linked (data.kind 'document'). */
export const DOCUMENT_EVENT = 'Document';

/** One stored version of a document (GET documents/{id}: `versions`, newest first). */
export interface DocumentVersion {
  version: number;
  size: number;
  content_type: string;
  sha256: string;
  uploaded_by: UserRef | null;
  created_at: string;
}

/** A document of the library (GET documents: `items`; without versions and evidence). */
export interface DocumentSummary {
  id: string;
  folder: string;
  name: string;
  tags: string[];
  owner: UserRef | null;
  review_by: string | null;
  current_version: number;
  size: number;
  content_type: string;
  evidence_count: number;
  created_by: UserRef | null;
  created_at: string;
  updated_at: string;
}

/** A task a document is attached to (GET documents/{id} `tasks`): its title as the inbox shows it. */
export interface DocumentTaskRef {
  id: string;
  title: string;
  status: string;
}

/** GET documents/{id}: the document with its versions, the requirements it is evidence for and the tasks it is attached to. */
export interface DocumentDetail extends DocumentSummary {
  versions: DocumentVersion[];
  requirements: RequirementRef[];
  tasks: DocumentTaskRef[];
}

/** GET documents: one page (`offset`, `limit`) of the documents matching the filters. */
export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
  /** Every folder of the process (for the folder tree), '' the root. */
  folders: string[];
  /** Every tag of the process's documents. */
  tags: string[];
}

/** GET documents query: folder (exact), tag, q (name or text content), offset, limit. */
export interface DocumentQuery {
  folder?: string;
  tag?: string;
  q?: string;
  offset?: number;
  limit?: number;
}

/** PATCH documents/{id}: what may change; `owner` a user id, `review_by` 'YYYY-MM-DD' or null. */
export interface DocumentChange {
  folder?: string;
  tags?: string[];
  owner?: string | null;
  review_by?: string | null;
}

/** POST documents: 201 with what the upload created or versioned, in the order sent. */
export interface DocumentUploadResult {
  documents: DocumentSummary[];
}

/** GET requirements/{id}/evidence: a document that is evidence for the requirement; also GET tasks/{id}/attachments: a document attached to the task. */
export interface EvidenceDocument {
  id: string;
  folder: string;
  name: string;
  current_version: number;
  content_type: string;
  linked_by: UserRef | null;
  linked_at: string;
}

/** POST attachments/share: a requirement's attachment into the library (spec 7). */
export interface ShareAttachmentInput {
  attachment_id: string;
  folder?: string;
}

/** The live event on events#<user> when a document changes (type DOCUMENT_EVENT). */
export interface DocumentChangeEvent {
  type: typeof DOCUMENT_EVENT;
  eventId: string;
  session_id: string;
  time: string;
  data: { graph: string; id: string; kind: 'document'; action: 'upload' | 'update' | 'delete' | 'link' | 'unlink'; requirement_id?: string; task_id?: string };
}
