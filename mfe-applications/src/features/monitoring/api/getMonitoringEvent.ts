// GET apps/monitoring/events/{eventId}: one event with its finding as it stands now.
import { apiClient, type MonitoringEventDetail } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MONITORING_KEYS } from './keys';

export const getMonitoringEvent = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<MonitoringEventDetail>(`apps/monitoring/events/${encodeURIComponent(id)}`, { graph, signal });

export const getMonitoringEventQueryOptions = (graph: string, id: string) =>
  queryOptions({
    queryKey: MONITORING_KEYS.event(graph, id),
    queryFn: ({ signal }) => getMonitoringEvent(graph, id, signal),
  });

export function useMonitoringEvent(graph: string, id: string | undefined) {
  return useQuery({ ...getMonitoringEventQueryOptions(graph, id ?? ''), enabled: id !== undefined });
}
