// Importing an OSCAL catalog into a process (issue 6 item 15): one transaction, bulk statements
// (unnest) in chunks so that progress can be shown, requirements matched by (process, source) so
// that a re-import updates instead of duplicating, and one summary event per top-level
// requirement ('Add' for a new group, 'Update' for a group whose subtree changed).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database';
import { raiseRequirementEvent, type EventActor } from '../requirements/index';
import { CatalogError, type CatalogNode, type ParsedCatalog } from './oscal';
import {
  codesTaken,
  insertCatalogRequirements,
  lockProcessImports,
  requirementsFromSources,
  updateCatalogRequirements,
  upsertStandard,
} from './repository';

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
  await lockProcessImports(tx, target.processId);

  const sources = parsed.nodes.map((node) => node.source);
  const existing = await requirementsFromSources(tx, target.processId, sources);
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
    const taken = await codesTaken(tx, target.processId, wantedCodes.map((node) => node.code.toLowerCase()));
    const clash = taken.find((row) => !row.source || !ids.has(row.source));
    if (clash) throw new CatalogError(`A requirement with the code '${clash.code}' already exists in this process (not from this catalog).`);
  }

  let processed = parsed.nodes.length - fresh.length - changed.length;
  onProgress(processed);
  const actorId = target.actor?.id ?? null;
  // Parents come before their children in catalog order, so each chunk's parents already exist.
  for (const chunk of chunks(fresh, IMPORT_CHUNK)) {
    await insertCatalogRequirements(tx, target.organizationId, target.processId, actorId, {
      ids: chunk.map((node) => ids.get(node.source)!),
      codes: chunk.map((node) => node.code),
      titles: chunk.map((node) => node.title),
      descriptions: chunk.map((node) => node.description),
      parentIds: chunk.map(parentId),
      positions: chunk.map((node) => node.position),
      sources: chunk.map((node) => node.source),
    });
    processed += chunk.length;
    onProgress(processed);
  }
  for (const chunk of chunks(changed, IMPORT_CHUNK)) {
    await updateCatalogRequirements(tx, target.processId, {
      ids: chunk.map((node) => ids.get(node.source)!),
      codes: chunk.map((node) => node.code),
      titles: chunk.map((node) => node.title),
      descriptions: chunk.map((node) => node.description),
      parentIds: chunk.map(parentId),
      positions: chunk.map((node) => node.position),
    });
    processed += chunk.length;
    onProgress(processed);
  }

  const standard = await upsertStandard(tx, target.organizationId, target.processId, parsed, actorId);

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
