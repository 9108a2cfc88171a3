// The metrics screen's calls (issue 25 items 2 and 5, docs/metrics.md): GET metrics (every
// metric's current value and the latest snapshot's), GET metrics/{key}/series for a range and
// the range before it, series.csv through downloadFile, and the custom metrics' CRUD. Every key
// starts with ['metrics', graph]: a custom metric's change reads the cards and the list again.
import { apiClient, downloadFile, FRESHNESS } from '@portal/shared';
import type { CustomMetric, CustomMetricDefinition, MetricsAnswer, MetricSeries } from '@portal/shared/operations';
import { PERMISSIONS } from '@portal/shared/permissions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const METRIC_PERMISSIONS = PERMISSIONS.operations.METRIC;

export const METRIC_KEYS = {
  all: (graph: string) => ['metrics', graph] as const,
  reading: (graph: string) => ['metrics', graph, 'reading'] as const,
  series: (graph: string, key: string, from: string, to: string) => ['metrics', graph, 'series', key, from, to] as const,
  custom: (graph: string) => ['metrics', graph, 'custom'] as const,
};

/** A range of whole days (UTC dates, `to` meaning its end), as the series routes take it. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days up to today, and the `days` days before them. */
export function rangesOf(days: number, today: Date = new Date()): { current: DayRange; previous: DayRange } {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return {
    current: { from: isoDate(end - (days - 1) * DAY), to: isoDate(end) },
    previous: { from: isoDate(end - (2 * days - 1) * DAY), to: isoDate(end - days * DAY) },
  };
}

export function useMetrics(graph: string) {
  return useQuery({
    queryKey: METRIC_KEYS.reading(graph),
    queryFn: ({ signal }) => apiClient.get<MetricsAnswer>('metrics', { graph, signal }),
    staleTime: FRESHNESS.applications,
    enabled: graph !== '',
  });
}

export function useMetricSeries(graph: string, key: string, range: DayRange) {
  return useQuery({
    queryKey: METRIC_KEYS.series(graph, key, range.from, range.to),
    queryFn: ({ signal }) =>
      apiClient.get<MetricSeries>(`metrics/${encodeURIComponent(key)}/series`, { graph, params: { from: range.from, to: range.to }, signal }),
    staleTime: FRESHNESS.applications,
    placeholderData: keepPreviousData,
    enabled: graph !== '' && key !== '',
  });
}

/** Saves the series of the range as CSV (the server's file name, else `<key>.csv`). */
export function downloadSeriesCsv(graph: string, key: string, range: DayRange): Promise<string> {
  return downloadFile(`metrics/${encodeURIComponent(key)}/series.csv`, {
    graph,
    params: { from: range.from, to: range.to },
    fallbackName: `${key.replace(/[^A-Za-z0-9_-]/g, '_')}.csv`,
  });
}

export function useCustomMetrics(graph: string, enabled: boolean) {
  return useQuery({
    queryKey: METRIC_KEYS.custom(graph),
    queryFn: ({ signal }) => apiClient.get<CustomMetric[]>('metrics/custom', { graph, signal }),
    staleTime: FRESHNESS.applications,
    enabled: enabled && graph !== '',
  });
}

/** Creates (no id) or changes (id) a custom metric; a 400 names its field, the form shows it there. */
export function useSaveCustomMetric(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, definition }: { id?: string; definition: CustomMetricDefinition }) =>
      id
        ? apiClient.put<CustomMetric>(`metrics/custom/${encodeURIComponent(id)}`, definition, { graph, permission: METRIC_PERMISSIONS.UPDATE, notices: false })
        : apiClient.post<CustomMetric>('metrics/custom', definition, { graph, permission: METRIC_PERMISSIONS.CREATE, notices: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: METRIC_KEYS.all(graph) }),
  });
}

export function useDeleteCustomMetric(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`metrics/custom/${encodeURIComponent(id)}`, { graph, permission: METRIC_PERMISSIONS.DELETE, notices: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: METRIC_KEYS.all(graph) }),
  });
}
