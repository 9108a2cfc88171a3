// The react-query keys of continuous monitoring: under the process's prefix, so that what changes
// its applications (a rescan's new findings) refreshes with them.
import type { MonitoringEventQuery } from '@portal/shared';
import { APP_KEYS } from '../../../lib/queryKeys';

/** The screen's filters of the contract's MonitoringEventQuery, and its page. */
export type EventFilters = Pick<MonitoringEventQuery, 'app' | 'type' | 'severity'> & { offset: number };

export const MONITORING_KEYS = {
  all: (graph: string) => [...APP_KEYS.process(graph), 'monitoring'] as const,
  events: (graph: string, filters: EventFilters) => [...APP_KEYS.process(graph), 'monitoring', 'events', filters] as const,
  event: (graph: string, id: string) => [...APP_KEYS.process(graph), 'monitoring', 'event', id] as const,
};
