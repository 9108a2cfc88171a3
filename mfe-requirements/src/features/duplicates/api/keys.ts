// The react-query keys of duplicate detection: computed over the whole process, so they sit under
// its overviews (any change of requirements makes them stale).
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const DUPLICATE_KEYS = {
  all: (graph: string) => [...PROCESS_KEYS.overviews(graph), 'duplicates'] as const,
  /** The candidates of one requirement, or (no id) the process-wide scan. */
  candidates: (graph: string, requirementId?: string) => [...PROCESS_KEYS.overviews(graph), 'duplicates', requirementId ?? '*'] as const,
};
