// Duplicate requirements (issue 6 item 12): candidate near-duplicates with their similarity and
// the shared terms that explain it, for the whole process or one requirement; a pair is then
// linked (recorded as duplicates), merged (b's sub-requirements, comments, tasks, gaps, risks and
// attachments move to a; b is deleted) or dismissed — a dismissed or linked pair is never
// proposed again.
import type { DuplicateCandidate, RequirementRef } from '@portal/shared/server';
import type { Queryable } from '../db/database';
import { ApiProblem } from '../http/problem';
import {
  bumpVersion,
  deleteMerged,
  excludedPairsOf,
  insertDismissal,
  insertDuplicateLink,
  isAncestorOrSelf,
  moveChildren,
  moveContents,
  processDocuments,
  recordMerge,
  type DocumentRow,
} from './duplicates.repository';
import { liveRequirement, raiseInScope, type RequirementRow, type Scope } from './service';
import { similarPairs, similarTo } from './similar-pairs';
import { buildIndex, sharedTerms, type SimilarityIndex, type SimilarPair } from './similarity';

export const DEFAULT_THRESHOLD = 0.5;
export const SAME_REQUIREMENT = 'Choose two different requirements.';
export const MERGE_INTO_DESCENDANT = 'A requirement cannot be merged into one of its own sub-requirements.';

export type { RequirementRef };

export type { DuplicateCandidate };

export interface ProcessCorpus {
  documents: DocumentRow[];
  index: SimilarityIndex;
  /** `min|max` of the pairs never to propose: dismissed or already linked. */
  excluded: Set<string>;
}

export const pairKey = (x: string, y: string) => (x < y ? `${x}|${y}` : `${y}|${x}`);

/** The live requirements of the process (oldest first), their index and the excluded pairs. */
export async function loadCorpus(db: Queryable, scope: Scope): Promise<ProcessCorpus> {
  const documents = await processDocuments(db, scope.organizationId, scope.processId);
  const pairs = await excludedPairsOf(db, scope.processId);
  return {
    documents,
    index: buildIndex(documents),
    excluded: new Set(pairs.map((pair) => pairKey(pair.a_id, pair.b_id))),
  };
}

const ref = (row: DocumentRow): RequirementRef => ({ id: row.id, code: row.code, title: row.title });

function candidates(corpus: ProcessCorpus, pairs: SimilarPair[], limit: number): DuplicateCandidate[] {
  const result: DuplicateCandidate[] = [];
  for (const pair of pairs) {
    if (result.length >= limit) break;
    const a = corpus.documents[pair.a];
    const b = corpus.documents[pair.b];
    if (corpus.excluded.has(pairKey(a.id, b.id))) continue;
    result.push({ a: ref(a), b: ref(b), score: Math.round(pair.score * 1000) / 1000, shared_terms: sharedTerms(corpus.index, pair.a, pair.b) });
  }
  return result;
}

/** The process's candidate pairs, best first. */
export function processDuplicates(corpus: ProcessCorpus, threshold: number, limit: number): DuplicateCandidate[] {
  return candidates(corpus, similarPairs(corpus.index, threshold), limit);
}

/** The candidates of one requirement (it is `a` of each); none for a deleted one. */
export function requirementDuplicates(corpus: ProcessCorpus, id: string, threshold: number, limit: number): DuplicateCandidate[] {
  const doc = corpus.documents.findIndex((document) => document.id === id);
  if (doc < 0) return [];
  return candidates(corpus, similarTo(corpus.index, doc, threshold), limit);
}

/** Both requirements of a pair, live, locked in a fixed order; 400 for the same one twice. */
export async function lockPair(tx: Queryable, scope: Scope, aId: string, bId: string): Promise<[RequirementRow, RequirementRow]> {
  if (typeof aId === 'string' && typeof bId === 'string' && aId.toLowerCase() === bId.toLowerCase()) {
    throw new ApiProblem(400, SAME_REQUIREMENT, {}, { b_id: SAME_REQUIREMENT });
  }
  const ordered = [aId, bId].map((id) => String(id).toLowerCase()).sort();
  const rows = [await liveRequirement(tx, scope, ordered[0]), await liveRequirement(tx, scope, ordered[1])];
  const a = rows.find((row) => row.id === String(aId).toLowerCase())!;
  const b = rows.find((row) => row.id === String(bId).toLowerCase())!;
  return [a, b];
}

export async function dismissPair(tx: Queryable, scope: Scope, a: RequirementRow, b: RequirementRow): Promise<void> {
  const [low, high] = [a.id, b.id].sort();
  await insertDismissal(tx, scope.processId, low, high, scope.actor.id);
}

/** Records a and b as duplicates of each other (once). */
export async function linkPair(tx: Queryable, scope: Scope, a: RequirementRow, b: RequirementRow): Promise<void> {
  const created = await insertDuplicateLink(tx, scope.processId, a.id, b.id, scope.actor.id);
  if (!created) return;
  await raiseInScope(tx, scope, a.id, 'Update', { duplicate_of: { id: b.id, code: b.code } });
  await raiseInScope(tx, scope, b.id, 'Update', { duplicate_of: { id: a.id, code: a.code } });
}

/**
 * Merges b into a: b's sub-requirements (after a's own), comments, tasks, gaps, risks,
 * conflicts with others and attachments move to a; b is deleted (Delete event) and the merge
 * recorded as a link.
 */
export async function mergePair(tx: Queryable, scope: Scope, a: RequirementRow, b: RequirementRow): Promise<void> {
  const cycle = await isAncestorOrSelf(tx, a.id, b.id);
  if (cycle) throw new ApiProblem(400, MERGE_INTO_DESCENDANT, {}, { a_id: MERGE_INTO_DESCENDANT });
  const moved = await moveChildren(tx, a.id, b.id);
  await moveContents(tx, a.id, b.id);
  await deleteMerged(tx, b.id, scope.actor.id);
  await bumpVersion(tx, a.id);
  await recordMerge(tx, scope.processId, a.id, b.id, scope.actor.id);
  for (const child of moved) {
    await raiseInScope(tx, scope, child.id, 'Update', { parent: { id: a.id, code: a.code }, merged_from: b.code });
  }
  await raiseInScope(tx, scope, a.id, 'Update', { merged: { id: b.id, code: b.code }, children: moved.length });
  await raiseInScope(tx, scope, b.id, 'Delete', { merged_into: { id: a.id, code: a.code } });
}
