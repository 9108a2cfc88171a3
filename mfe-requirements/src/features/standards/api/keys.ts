// The react-query keys of security standards: the imported list and each import job.
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const STANDARD_KEYS = {
  list: (graph: string) => [...PROCESS_KEYS.analysis(graph), 'standards'] as const,
  import: (graph: string, id: string) => [...PROCESS_KEYS.analysis(graph), 'standard-import', id] as const,
};
