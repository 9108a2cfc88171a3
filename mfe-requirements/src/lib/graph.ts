// The process every screen works in: the current process of the session store, as the `graph`
// parameter of every call (the lowercased code name).
import { graphOf, useSession } from '@portal/shared';

/** The `graph` parameter of the current process ('' while none is selected). */
export function useCurrentGraph(): string {
  return useSession((state) => (state.process ? graphOf(state.process) : ''));
}

/** The `graph` parameter of the current process; undefined while none is selected. */
export function useGraph(): string | undefined {
  return useCurrentGraph() || undefined;
}

/** The query keys of the analysis screens, all under the process so a switch never mixes data. */
export const KEYS = {
  all: (graph: string) => ['requirements-analysis', graph] as const,
  gaps: (graph: string, status: string, search: string) => ['requirements-analysis', graph, 'gaps', status, search] as const,
  risks: (graph: string) => ['requirements-analysis', graph, 'risks'] as const,
  conflicts: (graph: string) => ['requirements-analysis', graph, 'conflicts'] as const,
  comments: (graph: string, search: string, author: string, offset: number) => ['requirements-analysis', graph, 'comments', search, author, offset] as const,
  attachments: (graph: string, requirementId: string) => ['requirements-analysis', graph, 'attachments', requirementId] as const,
  planes: (graph: string) => ['requirements-analysis', graph, 'planes'] as const,
  duplicates: (graph: string, requirementId?: string) => ['requirements-analysis', graph, 'duplicates', requirementId ?? '*'] as const,
  report: (graph: string, kind: string) => ['requirements-analysis', graph, 'report', kind] as const,
  traceability: (graph: string) => ['requirements-analysis', graph, 'traceability'] as const,
  standards: (graph: string) => ['requirements-analysis', graph, 'standards'] as const,
  standardImport: (graph: string, id: string) => ['requirements-analysis', graph, 'standard-import', id] as const,
  dashboard: (graph: string) => ['requirements-analysis', graph, 'dashboard'] as const,
  requirementSearch: (graph: string, search: string) => ['requirements-analysis', graph, 'requirement-search', search] as const,
  assignees: (graph: string) => ['requirements-analysis', graph, 'assignees'] as const,
};
