// The reasons of a result (ComplianceReason of the contract) and where the portal shows what each
// points at. A stored reason also keeps what decides who may see it: a security finding's category
// and cloud (the operations family's rule), the rest by its kind (service.ts filters them).
import type { ComplianceReason, FindingCategory } from '@portal/shared/server';

export interface StoredReason extends ComplianceReason {
  category?: FindingCategory;
  provider?: string | null;
}

/** What an evaluator concludes (its reasons not yet capped). */
export interface Evaluation {
  status: 'passing' | 'failing' | 'not_evaluated';
  summary: string;
  /** The first COMPLIANCE_LIMITS.reasons at least (more are cut when stored). */
  reasons: StoredReason[];
  /** Every reason found, when more than those listed (default: as many as listed). */
  reasonTotal?: number;
}

const query = (value: string) => encodeURIComponent(value);

/** The security screen that lists a finding's category. */
function securityScreen(category: FindingCategory): string {
  if (category === 'sast' || category === 'secret') return 'sast';
  if (category === 'iac' || category === 'container') return 'iac';
  return 'clouds';
}

export const links = {
  application: (appKey: string) => `/applications/${query(appKey)}`,
  buildView: (appKey: string, buildId: string, view: 'findings' | 'licenses') => `/applications/${query(appKey)}?tab=builds&build=${query(buildId)}&view=${view}`,
  finding: (category: FindingCategory, id: string) => `/security/${securityScreen(category)}?finding=${query(id)}`,
  document: (id: string) => `/collaboration/share-files?document=${query(id)}`,
  task: (id: string) => `/view-task?id=${query(id)}`,
  requirement: (id: string) => `/requirements?id=${query(id)}`,
} as const;

/** '3 findings', '1 finding'. */
export const plural = (count: number, word: string, many = `${word}s`) => `${count} ${count === 1 ? word : many}`;

/** 'a, b and c'. */
export function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (rounded down). */
export const daysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);

/** 'YYYY-MM-DD' of a moment (UTC). */
export const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);
