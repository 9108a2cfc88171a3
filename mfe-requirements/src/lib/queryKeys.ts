// The roots of this remote's react-query keys, and the prefixes that one feature's change makes
// stale in another's (a review decision moves its requirement's status, a gap marks its
// requirement, any change moves the dashboard): named here so that no feature needs another's
// keys. Each feature's own keys (its `api/keys.ts`) start with one of these roots, always under the
// process (`graph`), so a process switch never mixes data.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const PROCESS_KEYS = {
  /** Everything the requirement feature reads of a process (a real-time event refreshes it all). */
  requirements: (graph: string) => ['requirements', graph] as const,
  /** Every list of requirements: depository pages and levels, sub-requirements, picker searches. */
  requirementLists: (graph: string) => ['requirements', graph, 'list'] as const,
  /** One requirement as the detail shows it (status, progress, flags, children count). */
  requirement: (graph: string, id: string) => ['requirements', graph, 'detail', id] as const,
  /** One requirement's history: every change the API records adds an event. */
  history: (graph: string, id: string) => ['requirements', graph, 'events', id] as const,
  /** Every task list and task of the process (reviews, delegations, gap and risk tasks). */
  tasks: (graph: string) => ['tasks', graph] as const,
  /** The analysis screens' own reads (gaps, risks, conflicts, attachments, standards…). */
  analysis: (graph: string) => ['requirements-analysis', graph] as const,
  /** The process's gaps (every filter), risks and conflicts: a task's outcome may close one. */
  gaps: (graph: string) => ['requirements-analysis', graph, 'gaps'] as const,
  risks: (graph: string) => ['requirements-analysis', graph, 'risks'] as const,
  conflicts: (graph: string) => ['requirements-analysis', graph, 'conflicts'] as const,
  /** One requirement's records beside its detail: comments, attachments, linked applications. */
  comments: (graph: string, id: string) => ['requirements', graph, 'comments', id] as const,
  attachments: (graph: string, id: string) => ['requirements-analysis', graph, 'attachments', id] as const,
  applications: (graph: string, id: string) => ['requirements', graph, 'applications', id] as const,
  /**
   * The views computed over the whole process: the dashboard, the reports and the traceability
   * matrix, the priority plane, the duplicate candidates. Any change of requirements or tasks
   * makes them stale.
   */
  overviews: (graph: string) => ['requirements-analysis', graph, 'overview'] as const,
  /** The process-wide comment search (/requirements/comments). */
  commentSearch: (graph: string) => ['requirements-analysis', graph, 'comments'] as const,
  /**
   * Live compliance (issue 28): the statuses of the process's requirements with checks (the
   * depository's badges), one requirement's checks with their results and history, and the
   * dashboard's summary per standard and family. A `Compliance` event makes them stale.
   */
  complianceStatuses: (graph: string) => ['compliance', graph, 'statuses'] as const,
  compliance: (graph: string, id: string) => ['compliance', graph, 'requirement', id] as const,
  complianceSummary: (graph: string) => ['requirements-analysis', graph, 'overview', 'compliance'] as const,
  /** The recurring task series a recurring-task check may name (the check dialog's picker). */
  recurringTasks: (graph: string) => ['compliance', graph, 'recurring-tasks'] as const,
};

/** Marks every query under each key stale and resolves once the shown ones are read again. */
export async function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * What a change of one requirement's state (status, progress, flags) makes stale: the requirement,
 * its history, the lists that show it, its tasks and the process overviews.
 */
export const requirementStateKeys = (graph: string, ...ids: string[]): QueryKey[] => [
  ...ids.flatMap((id) => [PROCESS_KEYS.requirement(graph, id), PROCESS_KEYS.history(graph, id)]),
  PROCESS_KEYS.requirementLists(graph),
  PROCESS_KEYS.tasks(graph),
  PROCESS_KEYS.overviews(graph),
];
