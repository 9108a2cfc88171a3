// The react-query keys of gap analysis: the process's gaps (by filter), risks and conflicts.
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const GAP_KEYS = {
  gaps: (graph: string) => [...PROCESS_KEYS.analysis(graph), 'gaps'] as const,
  gapList: (graph: string, status: string, search: string) => [...PROCESS_KEYS.analysis(graph), 'gaps', status, search] as const,
  risks: (graph: string) => [...PROCESS_KEYS.analysis(graph), 'risks'] as const,
  conflicts: (graph: string) => [...PROCESS_KEYS.analysis(graph), 'conflicts'] as const,
};
