// The react-query keys of this remote. Everything of a process's findings starts with
// ['security-findings', graph]: a triage decision, an upload and the live rule (app/liveRules.ts)
// invalidate the lists, the totals and the open finding with that one prefix.
import type { FindingsFilter, FindingsQuery } from './findingsQuery';

export const FINDING_KEYS = {
  all: (graph: string) => ['security-findings', graph] as const,
  lists: (graph: string) => ['security-findings', graph, 'list'] as const,
  list: (graph: string, query: FindingsQuery) => ['security-findings', graph, 'list', query] as const,
  /** A filter's counts: the same in any order, so a change of sort reads no new counts. */
  counts: (graph: string, filter: FindingsFilter) => ['security-findings', graph, 'counts', filter] as const,
  trend: (graph: string, days: number, query: FindingsQuery) => ['security-findings', graph, 'trend', days, query] as const,
  sla: (graph: string) => ['security-findings', graph, 'sla'] as const,
  groups: (graph: string, by: string, query: FindingsQuery) => ['security-findings', graph, 'groups', by, query] as const,
  detail: (graph: string, id: string) => ['security-findings', graph, 'detail', id] as const,
};

/** The organization's service modules (the cloud screens' modules, their last sync and secure score). */
export const MODULE_KEYS = {
  list: () => ['service-modules', 'list'] as const,
};

/** The process's applications, the upload's scope picker. */
export const APPLICATION_KEYS = {
  list: (graph: string) => ['applications', graph, 'list'] as const,
};
