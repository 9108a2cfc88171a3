// The react-query keys of gap analysis: the process's gaps (by filter), risks and conflicts.
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const GAP_KEYS = {
  gaps: PROCESS_KEYS.gaps,
  gapList: (graph: string, status: string, search: string) => [...PROCESS_KEYS.gaps(graph), status, search] as const,
  risks: PROCESS_KEYS.risks,
  conflicts: PROCESS_KEYS.conflicts,
};
