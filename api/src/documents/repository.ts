// The documents of the library, their versions and their evidence links, as stored (SQL of the
// documents family). Every read is filtered by the caller's organization and process.
import type { DocumentSummary, DocumentTaskRef, DocumentVersion, EvidenceDocument, RequirementRef } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { iso, userRef, type Scope } from '../analysis/service';
import { REQUIREMENT_JOIN, TITLE_SQL } from '../tasks/index';

const SUMMARY = `SELECT d.id, d.folder, d.name, d.tags, ${userRef('o')} AS owner, to_char(d.review_by, 'YYYY-MM-DD') AS review_by,
    d.current_version, v.size::float8 AS size, v.content_type,
    (SELECT count(*)::int FROM document_requirements dr WHERE dr.document_id = d.id) AS evidence_count,
    ${userRef('c')} AS created_by, d.created_at, d.updated_at
  FROM documents d
  JOIN document_versions v ON v.document_id = d.id AND v.version = d.current_version
  LEFT JOIN users o ON o.id = d.owner_id
  LEFT JOIN users c ON c.id = d.created_by`;

type SummaryRow = Omit<DocumentSummary, 'created_at' | 'updated_at'> & { created_at: Date | string; updated_at: Date | string };
const summaryView = (row: SummaryRow): DocumentSummary => ({ ...row, created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)! });

const IN_SCOPE = 'd.organization_id = $1 AND d.process_id = $2';
const scopeParams = (scope: Scope) => [scope.organizationId, scope.processId];

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ListFilter {
  folder?: string;
  tag?: string;
  q?: string;
  offset: number;
  limit: number;
}

export async function listDocuments(db: Queryable, scope: Scope, filter: ListFilter): Promise<{ items: DocumentSummary[]; total: number }> {
  const params: unknown[] = scopeParams(scope);
  const where = [IN_SCOPE];
  if (filter.folder !== undefined) where.push(`d.folder = $${params.push(filter.folder)}`);
  if (filter.tag !== undefined) where.push(`$${params.push(filter.tag)} = ANY (d.tags)`);
  if (filter.q) {
    const at = params.push(containing(filter.q));
    where.push(`(d.name ILIKE $${at} OR v.text_content ILIKE $${at} OR d.folder ILIKE $${at})`);
  }
  const condition = where.join(' AND ');
  const [{ total }] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM documents d JOIN document_versions v ON v.document_id = d.id AND v.version = d.current_version WHERE ${condition}`,
    params,
  );
  const rows = await db.query<SummaryRow>(
    `${SUMMARY} WHERE ${condition} ORDER BY d.folder, lower(d.name), d.id OFFSET $${params.push(filter.offset)} LIMIT $${params.push(filter.limit)}`,
    params,
  );
  return { items: rows.map(summaryView), total };
}

/** Every folder (with its parents) and tag of the process's documents. */
export async function foldersAndTags(db: Queryable, scope: Scope): Promise<{ folders: string[]; tags: string[] }> {
  const [row] = await db.query<{ folders: string[] | null; tags: string[] | null }>(
    `SELECT (SELECT array_agg(DISTINCT folder ORDER BY folder) FROM documents d WHERE ${IN_SCOPE}) AS folders,
            (SELECT array_agg(DISTINCT tag ORDER BY tag) FROM documents d, unnest(d.tags) AS tag WHERE ${IN_SCOPE}) AS tags`,
    scopeParams(scope),
  );
  const folders = new Set<string>(['']);
  for (const folder of row.folders ?? []) {
    const segments = folder.split('/');
    for (let depth = 1; depth <= segments.length && folder !== ''; depth += 1) folders.add(segments.slice(0, depth).join('/'));
  }
  return { folders: [...folders].sort(), tags: row.tags ?? [] };
}

export async function documentSummary(db: Queryable, scope: Scope, id: string): Promise<DocumentSummary | undefined> {
  const [row] = await db.query<SummaryRow>(`${SUMMARY} WHERE ${IN_SCOPE} AND d.id = $3`, [...scopeParams(scope), id]);
  return row && summaryView(row);
}

/** The process's document of that id, locked for a change. */
export async function lockDocument(tx: Queryable, scope: Scope, id: string): Promise<{ id: string; name: string } | undefined> {
  const [row] = await tx.query<{ id: string; name: string }>(`SELECT d.id, d.name FROM documents d WHERE ${IN_SCOPE} AND d.id = $3 FOR UPDATE`, [...scopeParams(scope), id]);
  return row;
}

export async function versionsOf(db: Queryable, documentId: string): Promise<DocumentVersion[]> {
  const rows = await db.query<Omit<DocumentVersion, 'created_at'> & { created_at: Date | string }>(
    `SELECT v.version, v.size::float8 AS size, v.content_type, v.sha256, ${userRef('u')} AS uploaded_by, v.created_at
       FROM document_versions v LEFT JOIN users u ON u.id = v.uploaded_by WHERE v.document_id = $1 ORDER BY v.version DESC`,
    [documentId],
  );
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at)! }));
}

export async function requirementsOfDocument(db: Queryable, documentId: string): Promise<RequirementRef[]> {
  return db.query<RequirementRef>(
    `SELECT r.id, r.code, r.title FROM document_requirements dr JOIN requirements r ON r.id = dr.requirement_id
      WHERE dr.document_id = $1 AND r.deleted_at IS NULL ORDER BY r.code_key, r.id`,
    [documentId],
  );
}

export interface StoredVersion {
  name: string;
  version: number;
  sha256: string;
  size: number;
  content_type: string;
}

/** A version (default the current one) of the process's document. */
export async function storedVersion(db: Queryable, scope: Scope, id: string, version?: number): Promise<StoredVersion | undefined> {
  const [row] = await db.query<StoredVersion>(
    `SELECT d.name, v.version, v.sha256, v.size::float8 AS size, v.content_type FROM documents d
       JOIN document_versions v ON v.document_id = d.id AND v.version = COALESCE($4::int, d.current_version)
      WHERE ${IN_SCOPE} AND d.id = $3`,
    [...scopeParams(scope), id, version ?? null],
  );
  return row;
}

/** Serialises the uploads and deletions of one content (its blob is placed or withdrawn under it). */
export async function lockContent(tx: Queryable, sha256: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 26))', [sha256]);
}

/** The document named so in the folder, locked; or a new one (owned by the uploader). */
export async function documentForUpload(
  tx: Queryable,
  scope: Scope,
  file: { folder: string; name: string; tags: string[] },
): Promise<{ id: string; version: number }> {
  const [existing] = await tx.query<{ id: string; current_version: number }>(
    `SELECT d.id, d.current_version FROM documents d WHERE ${IN_SCOPE} AND d.folder = $3 AND d.name = $4 FOR UPDATE`,
    [...scopeParams(scope), file.folder, file.name],
  );
  if (existing) {
    const [row] = await tx.query<{ current_version: number }>(
      `UPDATE documents SET current_version = current_version + 1, updated_at = now(),
              tags = ARRAY(SELECT DISTINCT unnest(tags || $2::text[]) ORDER BY 1)
        WHERE id = $1 RETURNING current_version`,
      [existing.id, file.tags],
    );
    return { id: existing.id, version: row.current_version };
  }
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO documents (organization_id, process_id, folder, name, tags, owner_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [...scopeParams(scope), file.folder, file.name, file.tags, scope.actor.id],
  );
  return { id: row.id, version: 1 };
}

export async function insertVersion(
  tx: Queryable,
  documentId: string,
  version: number,
  stored: { sha256: string; size: number; contentType: string; text: string; uploadedBy: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO document_versions (document_id, version, sha256, size, content_type, text_content, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [documentId, version, stored.sha256, stored.size, stored.contentType, stored.text, stored.uploadedBy],
  );
}

/** Deletes the document (its versions and links go with it); resolves to the hashes its versions named. */
export async function deleteDocument(tx: Queryable, documentId: string): Promise<string[]> {
  const rows = await tx.query<{ sha256: string }>('SELECT DISTINCT sha256 FROM document_versions WHERE document_id = $1', [documentId]);
  await tx.query('DELETE FROM documents WHERE id = $1', [documentId]);
  return rows.map((row) => row.sha256);
}

export async function isContentReferenced(tx: Queryable, sha256: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM document_versions WHERE sha256 = $1 LIMIT 1', [sha256]);
  return rows.length > 0;
}

export interface MetadataChange {
  folder?: string;
  tags?: string[];
  ownerId?: string | null;
  reviewBy?: string | null;
}

/** Changes what is set; a new review-by date is reminded of again. */
export async function updateDocument(tx: Queryable, documentId: string, change: MetadataChange): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [documentId];
  if (change.folder !== undefined) sets.push(`folder = $${params.push(change.folder)}`);
  if (change.tags !== undefined) sets.push(`tags = $${params.push(change.tags)}`);
  if (change.ownerId !== undefined) sets.push(`owner_id = $${params.push(change.ownerId)}`);
  if (change.reviewBy !== undefined) {
    sets.push(`review_by = $${params.push(change.reviewBy)}::date`, 'review_reminded_at = NULL', 'review_past_due_at = NULL');
  }
  await tx.query(`UPDATE documents SET ${sets.join(', ')} WHERE id = $1`, params);
}

/** Whether another document of the process already has the name in the folder. */
export async function nameTaken(tx: Queryable, scope: Scope, documentId: string, folder: string, name: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM documents d WHERE ${IN_SCOPE} AND d.folder = $3 AND d.name = $4 AND d.id <> $5`, [
    ...scopeParams(scope),
    folder,
    name,
    documentId,
  ]);
  return rows.length > 0;
}

/** Links the document to the requirement; false when it already was. */
export async function insertLink(tx: Queryable, documentId: string, requirementId: string, actorId: string): Promise<boolean> {
  const rows = await tx.query(
    'INSERT INTO document_requirements (document_id, requirement_id, linked_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
    [documentId, requirementId, actorId],
  );
  return rows.length > 0;
}

export async function deleteLink(tx: Queryable, documentId: string, requirementId: string): Promise<boolean> {
  const rows = await tx.query('DELETE FROM document_requirements WHERE document_id = $1 AND requirement_id = $2 RETURNING 1', [documentId, requirementId]);
  return rows.length > 0;
}

/** The documents that are evidence for the requirement (of the scope's process). */
export async function evidenceOfRequirement(db: Queryable, scope: Scope, requirementId: string): Promise<EvidenceDocument[]> {
  const rows = await db.query<Omit<EvidenceDocument, 'linked_at'> & { linked_at: Date | string }>(
    `SELECT d.id, d.folder, d.name, d.current_version, v.content_type, ${userRef('u')} AS linked_by, dr.linked_at
       FROM document_requirements dr
       JOIN documents d ON d.id = dr.document_id
       JOIN document_versions v ON v.document_id = d.id AND v.version = d.current_version
       LEFT JOIN users u ON u.id = dr.linked_by
      WHERE ${IN_SCOPE} AND dr.requirement_id = $3 ORDER BY d.folder, lower(d.name), d.id`,
    [...scopeParams(scope), requirementId],
  );
  return rows.map((row) => ({ ...row, linked_at: iso(row.linked_at)! }));
}

export interface EvidenceRow {
  code: string;
  title: string;
  folder: string | null;
  name: string | null;
  version: number | null;
  linked_at: Date | string | null;
}

/** Every live requirement of the process with each of its evidence documents (none: one row of nulls). */
export async function evidenceRows(db: Queryable, scope: Scope): Promise<EvidenceRow[]> {
  return db.query<EvidenceRow>(
    `SELECT r.code, r.title, d.folder, d.name, d.current_version AS version, dr.linked_at
       FROM requirements r
       LEFT JOIN document_requirements dr ON dr.requirement_id = r.id
       LEFT JOIN documents d ON d.id = dr.document_id
      WHERE r.organization_id = $1 AND r.process_id = $2 AND r.deleted_at IS NULL
      ORDER BY r.code_key, r.id, d.folder, lower(d.name)`,
    scopeParams(scope),
  );
}

/** The evidence documents of each of the requirements (id → name list), for the traceability matrix. */
export async function evidenceNamesOf(db: Queryable, requirementIds: readonly string[]): Promise<Map<string, { id: string; name: string }[]>> {
  const rows = await db.query<{ requirement_id: string; id: string; name: string }>(
    `SELECT dr.requirement_id, d.id, d.name FROM document_requirements dr JOIN documents d ON d.id = dr.document_id
      WHERE dr.requirement_id = ANY ($1::uuid[]) ORDER BY lower(d.name), d.id`,
    [requirementIds],
  );
  const byRequirement = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const list = byRequirement.get(row.requirement_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byRequirement.set(row.requirement_id, list);
  }
  return byRequirement;
}

/** The tasks the document is attached to, with their titles as the inbox shows them. */
export async function tasksOfDocument(db: Queryable, documentId: string): Promise<DocumentTaskRef[]> {
  return db.query<DocumentTaskRef>(
    `SELECT t.id, ${TITLE_SQL} AS title, t.status FROM document_tasks dt JOIN tasks t ON t.id = dt.task_id ${REQUIREMENT_JOIN}
      WHERE dt.document_id = $1 ORDER BY t.created_at, t.id`,
    [documentId],
  );
}

/** Attaches the document to the task; false when it already was. */
export async function insertTaskLink(tx: Queryable, documentId: string, taskId: string, actorId: string): Promise<boolean> {
  const rows = await tx.query(
    'INSERT INTO document_tasks (document_id, task_id, linked_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1',
    [documentId, taskId, actorId],
  );
  return rows.length > 0;
}

export async function deleteTaskLink(tx: Queryable, documentId: string, taskId: string): Promise<boolean> {
  const rows = await tx.query('DELETE FROM document_tasks WHERE document_id = $1 AND task_id = $2 RETURNING 1', [documentId, taskId]);
  return rows.length > 0;
}

/** The documents (of the scope's process) attached to the task, by folder and name. */
export async function attachmentsOfTask(db: Queryable, scope: Scope, taskId: string): Promise<EvidenceDocument[]> {
  const rows = await db.query<Omit<EvidenceDocument, 'linked_at'> & { linked_at: Date | string }>(
    `SELECT d.id, d.folder, d.name, d.current_version, v.content_type, ${userRef('u')} AS linked_by, dt.linked_at
       FROM document_tasks dt
       JOIN documents d ON d.id = dt.document_id
       JOIN document_versions v ON v.document_id = d.id AND v.version = d.current_version
       LEFT JOIN users u ON u.id = dt.linked_by
      WHERE ${IN_SCOPE} AND dt.task_id = $3 ORDER BY d.folder, lower(d.name), d.id`,
    [...scopeParams(scope), taskId],
  );
  return rows.map((row) => ({ ...row, linked_at: iso(row.linked_at)! }));
}
