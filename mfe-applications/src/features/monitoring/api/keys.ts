// The react-query keys of continuous monitoring: under the process's prefix, so that what changes
// its applications (a rescan's new findings) refreshes with them.
import { APP_KEYS } from '../../../lib/queryKeys';

export interface EventFilters {
  app?: string;
  type?: string;
  severity?: string;
  offset: number;
}

export const MONITORING_KEYS = {
  all: (graph: string) => [...APP_KEYS.process(graph), 'monitoring'] as const,
  events: (graph: string, filters: EventFilters) => [...APP_KEYS.process(graph), 'monitoring', 'events', filters] as const,
  event: (graph: string, id: string) => [...APP_KEYS.process(graph), 'monitoring', 'event', id] as const,
};
