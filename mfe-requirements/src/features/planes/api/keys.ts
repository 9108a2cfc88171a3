// The react-query key of the priority plane: computed over the whole process, so it sits under its
// overviews (a new requirement appears unplaced, a status change recolours its point).
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const PLANE_KEYS = {
  planes: (graph: string) => [...PROCESS_KEYS.overviews(graph), 'planes'] as const,
};
