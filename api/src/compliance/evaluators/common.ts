// What the evaluators share: the severity order of both finding models, the security finding
// categories of each source, a reason for an SBOM finding and for a security finding, and the
// evaluator's signature — a check (its scope and parameters) and the process's facts in, a status
// with its reasons out.
import type { ComplianceCheckKind, ComplianceFindingSource, ComplianceParams, ComplianceScope, FindingCategory } from '@portal/shared/server';
import type { ApplicationFact, Facts, SbomFindingFact, SecurityFindingFact } from '../facts';
import { daysBetween, links, type Evaluation, type StoredReason } from '../reasons';

/** What an evaluator is given of a check. */
export interface CheckToEvaluate<K extends ComplianceCheckKind = ComplianceCheckKind> {
  requirement_id: string;
  kind: K;
  scope: ComplianceScope;
  params: ComplianceParams[K];
}

export type Evaluator<K extends ComplianceCheckKind> = (check: CheckToEvaluate<K>, facts: Facts) => Promise<Evaluation>;

/** Most severe first: critical 4 … low 1; none, unknown and info 0 (never at or above a threshold). */
const RANKS: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };
export const severityRank = (severity: string): number => RANKS[severity.toLowerCase()] ?? 0;

/** The security finding categories of each source (as the metric open_findings groups them). */
export const SOURCE_CATEGORIES: Record<Exclude<ComplianceFindingSource, 'sbom'>, readonly FindingCategory[]> = {
  sast: ['sast', 'secret'],
  iac: ['iac', 'container'],
  cloud: ['cloud-posture', 'cloud-threat'],
};

export const SOURCE_NAMES: Record<ComplianceFindingSource, string> = { sbom: 'SBOM', sast: 'SAST', iac: 'IaC', cloud: 'cloud' };

/** The categories of the sources other than the SBOM. */
export function categoriesOf(sources: readonly ComplianceFindingSource[]): Set<FindingCategory> {
  return new Set(sources.flatMap((source) => (source === 'sbom' ? [] : SOURCE_CATEGORIES[source])));
}

const age = (since: Date, now: Date) => {
  const days = daysBetween(since, now);
  return days === 1 ? '1 day' : `${days} days`;
};

export function sbomReason(finding: SbomFindingFact, app: ApplicationFact, now: Date): StoredReason {
  return {
    kind: 'vulnerability',
    id: finding.id,
    label: `${finding.vulnerability_id} in ${finding.component} of ${app.app_key} (${finding.severity}, ${age(finding.identified_at, now)})`,
    link: links.buildView(app.app_key, finding.build_id, 'findings'),
  };
}

export function securityReason(finding: SecurityFindingFact, now: Date, kind: 'finding' | 'resource' = 'finding'): StoredReason {
  return {
    kind,
    id: finding.id,
    label: `${finding.title} in ${finding.resource ?? finding.scope} (${finding.severity}, ${age(finding.first_seen, now)})`,
    link: links.finding(finding.category, finding.id),
    category: finding.category,
    provider: finding.provider,
  };
}

/** Most severe first, then the oldest. */
export function bySeverityAndAge<T extends { severity: string; since: Date }>(a: T, b: T): number {
  return severityRank(b.severity) - severityRank(a.severity) || a.since.getTime() - b.since.getTime();
}

/**
 * Findings in the order reasons are listed (most severe, then oldest, first), and by key (an
 * application's id, a findings scope in lower case): built once per run for its facts, so that a
 * check over a few applications reads their findings only, and a check over many stops at the first
 * finding below its threshold. A run of 2,000 checks over 16,000 findings builds 100 reasons per
 * check at most, not every match.
 */
export interface FindingIndex<T> {
  sorted: ReadonlyArray<Indexed<T>>;
  byKey: ReadonlyMap<string, ReadonlyArray<Indexed<T>>>;
  /** Each key's number (0 … size - 1). */
  keyIds: ReadonlyMap<string, number>;
}

/** A finding with what orders it, computed once. */
interface Indexed<T> {
  item: T;
  key: string;
  /** Its key's number in the index (keyIds): a membership test is an array read, not a string hash. */
  keyId: number;
  rank: number;
  /** Its first sighting (ms). */
  since: number;
  /** Its place in the index's order. */
  ordinal: number;
}

const indexes = new WeakMap<readonly object[], FindingIndex<object>>();

function indexOf<T extends object>(items: readonly T[], keyOf: (item: T) => string, rank: (item: T) => number, since: (item: T) => number): FindingIndex<T> {
  let index = indexes.get(items) as FindingIndex<T> | undefined;
  if (!index) {
    const keyIds = new Map<string, number>();
    const entries = items.map((item) => {
      const key = keyOf(item);
      let keyId = keyIds.get(key);
      if (keyId === undefined) keyIds.set(key, (keyId = keyIds.size));
      return { item, key, keyId, rank: rank(item), since: since(item), ordinal: 0 };
    });
    entries.sort((a, b) => b.rank - a.rank || a.since - b.since);
    const byKey = new Map<string, Array<Indexed<T>>>();
    entries.forEach((entry, ordinal) => {
      entry.ordinal = ordinal;
      const list = byKey.get(entry.key);
      if (list) list.push(entry);
      else byKey.set(entry.key, [entry]);
    });
    index = { sorted: entries, byKey, keyIds };
    indexes.set(items, index as FindingIndex<object>);
  }
  return index;
}

export const sbomIndex = (findings: readonly SbomFindingFact[]) =>
  indexOf(findings, (finding) => finding.application_id, (finding) => severityRank(finding.severity), (finding) => finding.identified_at.getTime());

export const securityIndex = (findings: readonly SecurityFindingFact[]) =>
  indexOf(findings, (finding) => finding.scope.toLowerCase(), (finding) => severityRank(finding.severity), (finding) => finding.first_seen.getTime());

/**
 * The findings of the keys (null: every key) that `accept` takes (given the finding and its first
 * sighting in ms): the first `limit` in order, and
 * how many in all. Below `minRank` nothing is taken (the order is by rank: the scan stops there).
 */
export function collect<T>(
  index: FindingIndex<T>,
  keys: Iterable<string> | null,
  accept: (item: T, since: number) => boolean,
  limit: number,
  minRank = 0,
): { first: T[]; total: number } {
  let entries: ReadonlyArray<Indexed<T>> = index.sorted;
  /** Many keys: the whole order, the keys' findings only (by key number; the hot loop of a full run). */
  let members: Uint8Array | undefined;
  if (keys !== null) {
    const wanted = new Set(keys);
    let count = 0;
    for (const key of wanted) count += index.byKey.get(key)?.length ?? 0;
    if (count * 16 < index.sorted.length) {
      // A few keys: their lists, in the index's order.
      entries = [...wanted].flatMap((key) => index.byKey.get(key) ?? []).sort((a, b) => a.ordinal - b.ordinal);
    } else {
      members = new Uint8Array(index.keyIds.size);
      for (const key of wanted) {
        const keyId = index.keyIds.get(key);
        if (keyId !== undefined) members[keyId] = 1;
      }
    }
  }
  const first: T[] = [];
  let total = 0;
  for (let at = 0; at < entries.length; at += 1) {
    const entry = entries[at];
    if (entry.rank < minRank) break;
    if ((members !== undefined && members[entry.keyId] === 0) || !accept(entry.item, entry.since)) continue;
    total += 1;
    if (first.length < limit) first.push(entry.item);
  }
  return { first, total };
}
