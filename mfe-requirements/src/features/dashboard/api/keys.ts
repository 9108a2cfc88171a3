// The react-query key of the dashboard: computed over the whole process, under its overviews.
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const DASHBOARD_KEYS = {
  statistics: (graph: string) => [...PROCESS_KEYS.overviews(graph), 'dashboard'] as const,
};
