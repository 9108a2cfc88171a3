// Importing an OSCAL catalog into a process (issue 6 item 15): one transaction, bulk statements
// (unnest) in chunks so that progress can be shown, requirements matched by (process, source) so
// that a re-import updates instead of duplicating, and one summary event per top-level
// requirement ('Add' for a new group, 'Update' for a group whose subtree changed).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { raiseRequirementEvent, type EventActor } from '../requirements/index';
import { CatalogError, type CatalogNode, type ParsedCatalog } from './oscal';

export interface ImportTarget {
  organizationId: string;
  processId: string;
  processCode: string;
  actor: EventActor | null;
  /** The session that started it (browsers skip their own events). */
  sessionId?: string;
  /** The job row, named in the events' data. */
  importId?: string;
}

export interface ImportOutcome {
  standardId: string;
  created: number;
  updated: number;
  total: number;
}

/** Rows per bulk statement: progress is reported after each. */
export const IMPORT_CHUNK = 100;

// Spec 5: text with these markers is refused everywhere.
const FORBIDDEN = /javascript:|dangerouslySetInnerHTML/i;

interface ExistingRow {
  id: string;
  source: string;
  code: string;
  title: string;
  description: string;
  parent_id: string | null;
  position: number;
}

/** The markers of spec 5 in any imported text: the catalog is refused as a whole. */
export function checkCatalogText(parsed: ParsedCatalog): void {
  const bad = parsed.nodes.find((node) => FORBIDDEN.test(node.title) || FORBIDDEN.test(node.description) || FORBIDDEN.test(node.code));
  if (bad || FORBIDDEN.test(parsed.title)) throw new CatalogError('Invalid input.');
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/**
 * Writes the catalog's tree into the process in `tx` (the caller's transaction). `onProgress`
 * hears how many requirements are done so far.
 */
export async function importCatalog(
  tx: Queryable,
  target: ImportTarget,
  parsed: ParsedCatalog,
  onProgress: (processed: number) => void = () => undefined,
): Promise<ImportOutcome> {
  checkCatalogText(parsed);
  // One import at a time per process: two concurrent ones would both create the same sources.
  await tx.query('SELECT pg_advisory_xact_lock(727002, hashtext($1::text))', [target.processId]);

  const sources = parsed.nodes.map((node) => node.source);
  const existing = await tx.query<ExistingRow>(
    `SELECT id, source, code, title, description, parent_id, position FROM requirements
      WHERE process_id = $1 AND source = ANY($2::text[])`,
    [target.processId, sources],
  );
  const bySource = new Map(existing.map((row) => [row.source, row]));
  const ids = new Map<string, string>(parsed.nodes.map((node) => [node.source, bySource.get(node.source)?.id ?? randomUUID()]));
  const parentId = (node: CatalogNode) => (node.parent === null ? null : ids.get(node.parent)!);

  const fresh = parsed.nodes.filter((node) => !bySource.has(node.source));
  const changed = parsed.nodes.filter((node) => {
    const row = bySource.get(node.source);
    return (
      row !== undefined &&
      (row.code !== node.code || row.title !== node.title || row.description !== node.description || row.parent_id !== parentId(node) || row.position !== node.position)
    );
  });

  // A code another requirement of the process already has (not this catalog's): refused, named.
  const wantedCodes = [...fresh, ...changed.filter((node) => bySource.get(node.source)!.code.toLowerCase() !== node.code.toLowerCase())];
  if (wantedCodes.length > 0) {
    const taken = await tx.query<{ code: string; source: string | null }>(
      `SELECT code, source FROM requirements WHERE process_id = $1 AND lower(code) = ANY($2::text[])`,
      [target.processId, wantedCodes.map((node) => node.code.toLowerCase())],
    );
    const clash = taken.find((row) => !row.source || !ids.has(row.source));
    if (clash) throw new CatalogError(`A requirement with the code '${clash.code}' already exists in this process (not from this catalog).`);
  }

  let processed = parsed.nodes.length - fresh.length - changed.length;
  onProgress(processed);
  const actorId = target.actor?.id ?? null;
  // Parents come before their children in catalog order, so each chunk's parents already exist.
  for (const chunk of chunks(fresh, IMPORT_CHUNK)) {
    await tx.query(
      `INSERT INTO requirements (id, organization_id, process_id, code, title, description, parent_id, position, source, created_by)
       SELECT n.id, $1, $2, n.code, n.title, n.description, n.parent_id, n.position, n.source, $3
         FROM unnest($4::uuid[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::int[], $10::text[])
           AS n(id, code, title, description, parent_id, position, source)`,
      [
        target.organizationId,
        target.processId,
        actorId,
        chunk.map((node) => ids.get(node.source)),
        chunk.map((node) => node.code),
        chunk.map((node) => node.title),
        chunk.map((node) => node.description),
        chunk.map(parentId),
        chunk.map((node) => node.position),
        chunk.map((node) => node.source),
      ],
    );
    processed += chunk.length;
    onProgress(processed);
  }
  for (const chunk of chunks(changed, IMPORT_CHUNK)) {
    await tx.query(
      `UPDATE requirements r
          SET code = n.code, title = n.title, description = n.description, parent_id = n.parent_id,
              position = n.position, updated_at = now(), version = r.version + 1
         FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::uuid[], $7::int[])
           AS n(id, code, title, description, parent_id, position)
        WHERE r.id = n.id AND r.process_id = $1`,
      [
        target.processId,
        chunk.map((node) => ids.get(node.source)),
        chunk.map((node) => node.code),
        chunk.map((node) => node.title),
        chunk.map((node) => node.description),
        chunk.map(parentId),
        chunk.map((node) => node.position),
      ],
    );
    processed += chunk.length;
    onProgress(processed);
  }

  const [standard] = await tx.query<{ id: string }>(
    `INSERT INTO standards (organization_id, process_id, catalog_uuid, title, version, controls, imported_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (process_id, lower(title)) DO UPDATE
        SET catalog_uuid = EXCLUDED.catalog_uuid, version = EXCLUDED.version, controls = EXCLUDED.controls,
            imported_by = EXCLUDED.imported_by, imported_at = now()
     RETURNING id`,
    [target.organizationId, target.processId, parsed.uuid, parsed.title, parsed.version, parsed.controls, actorId],
  );

  // One summary event per top-level requirement whose subtree was created or changed.
  const parentOf = new Map(parsed.nodes.map((node) => [node.source, node.parent]));
  const rootOf = (source: string): string => {
    let current = source;
    for (let parent = parentOf.get(current); parent; parent = parentOf.get(current)) current = parent;
    return current;
  };
  const counts = new Map<string, { created: number; updated: number }>();
  for (const node of fresh) {
    const root = rootOf(node.source);
    counts.set(root, { created: (counts.get(root)?.created ?? 0) + 1, updated: counts.get(root)?.updated ?? 0 });
  }
  for (const node of changed) {
    const root = rootOf(node.source);
    counts.set(root, { created: counts.get(root)?.created ?? 0, updated: (counts.get(root)?.updated ?? 0) + 1 });
  }
  for (const node of parsed.nodes) {
    if (node.parent !== null || !counts.has(node.source)) continue;
    const count = counts.get(node.source)!;
    await raiseRequirementEvent(tx, {
      organizationId: target.organizationId,
      processId: target.processId,
      processCode: target.processCode,
      requirementId: ids.get(node.source)!,
      type: bySource.has(node.source) ? 'Update' : 'Add',
      actor: target.actor,
      sessionId: target.sessionId,
      data: {
        standard: parsed.title,
        standard_id: standard.id,
        ...(target.importId ? { import_id: target.importId } : {}),
        created: count.created,
        updated: count.updated,
      },
    });
  }
  return { standardId: standard.id, created: fresh.length, updated: changed.length, total: parsed.nodes.length };
}
