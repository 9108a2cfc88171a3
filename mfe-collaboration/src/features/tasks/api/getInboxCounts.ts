// GET tasks/inbox/counts: how many tasks each tab holds with the same filters (`all` is null for
// whom may not list every task).
import { apiClient } from '@portal/shared';
import { type TaskInboxCounts } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_KEYS, type CountFilters } from '../../../lib/queryKeys';

export const getInboxCounts = (graph: string, filters: CountFilters, signal?: AbortSignal) =>
  apiClient.get<TaskInboxCounts>('tasks/inbox/counts', { graph, params: { ...filters }, signal });

export const getInboxCountsQueryOptions = (graph: string, filters: CountFilters) =>
  queryOptions({ queryKey: TASK_KEYS.counts(graph, filters), queryFn: ({ signal }) => getInboxCounts(graph, filters, signal) });

export function useInboxCounts(graph: string, filters: CountFilters = {}) {
  return useQuery({ ...getInboxCountsQueryOptions(graph, filters), enabled: graph !== '' });
}
