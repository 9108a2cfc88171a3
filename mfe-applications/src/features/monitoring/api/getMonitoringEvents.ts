// GET apps/monitoring/events: the process's monitoring events, newest first, a page at a time,
// filtered by application, type or severity. New events arrive in real time (app/liveRules.ts).
import { apiClient, type MonitoringEventPage, type MonitoringEventQuery } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MONITORING_KEYS, type EventFilters } from './keys';

export const EVENTS_PAGE_SIZE = 100;

export const getMonitoringEvents = (graph: string, filters: EventFilters, signal?: AbortSignal) =>
  apiClient.get<MonitoringEventPage>('apps/monitoring/events', {
    graph,
    params: { app: filters.app, type: filters.type, severity: filters.severity, limit: EVENTS_PAGE_SIZE, offset: filters.offset } satisfies MonitoringEventQuery,
    signal,
  });

export const getMonitoringEventsQueryOptions = (graph: string, filters: EventFilters) =>
  queryOptions({
    queryKey: MONITORING_KEYS.events(graph, filters),
    queryFn: ({ signal }) => getMonitoringEvents(graph, filters, signal),
    placeholderData: keepPreviousData,
  });

export function useMonitoringEvents(graph: string, filters: EventFilters) {
  return useQuery(getMonitoringEventsQueryOptions(graph, filters));
}
