// GET statistics/dashboard: the process's counters, charts' figures, my tasks and recent events.
import { apiClient } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStatistics } from '../../../types/analysis';
import { DASHBOARD_KEYS } from './keys';

export const getDashboardStatistics = (graph: string, signal?: AbortSignal) =>
  apiClient.get<DashboardStatistics>('statistics/dashboard', { graph, signal });

export const getDashboardStatisticsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: DASHBOARD_KEYS.statistics(graph), queryFn: ({ signal }) => getDashboardStatistics(graph, signal) });

/** `refreshMs`: read again that often (the MIX dashboard); false: only when invalidated. */
export function useDashboardStatistics(graph: string, refreshMs: number | false) {
  return useQuery({ ...getDashboardStatisticsQueryOptions(graph), refetchInterval: refreshMs });
}
