// A findings list's filter and order (GET security/findings), without its paging: the key of one
// cached list, and what the CSV export repeats.
import type { CloudProvider, FindingCategory, FindingSeverity, FindingState } from '@portal/shared/operations';

export const FINDING_SORTS = ['severity', 'first_seen', 'last_seen', 'rule_id', 'tool_name'] as const;
export type FindingSort = (typeof FINDING_SORTS)[number];

/** A list's filter and order, without its paging (one cached list per filter). */
export interface FindingsQuery {
  category: readonly FindingCategory[];
  severity?: readonly FindingSeverity[];
  state?: readonly FindingState[];
  tool?: string;
  /** 'app:<key>' or 'repo:<name>'. */
  scope?: string;
  /** A cloud location's provider, account (subscription), region and service. */
  provider?: readonly CloudProvider[];
  account?: string;
  region?: string;
  service?: string;
  /** A Security Hub control's standard, and the rule's id (exact). */
  standard?: string;
  rule?: string;
  /** Only open or confirmed findings past their due date. */
  overdue?: boolean;
  q?: string;
  sort: FindingSort;
  order: 'asc' | 'desc';
  limit?: number;
}

/** A list's filter alone (what GET security/findings/counts counts): no order, no page size. */
export type FindingsFilter = Omit<FindingsQuery, 'sort' | 'order' | 'limit'>;

/** The filter of a query, its order and page size left out. */
export function filterOfQuery(query: FindingsQuery): FindingsFilter {
  const { sort: _sort, order: _order, limit: _limit, ...filter } = query;
  return filter;
}

/** The drill-down filters a group (GET security/findings/groups) sets on a list, read from the URL. */
export const DRILL_DOWN = ['account', 'region', 'service', 'standard', 'rule'] as const;
export type DrillDown = (typeof DRILL_DOWN)[number];
