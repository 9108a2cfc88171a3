// GET compliance/recurring-tasks: the recurring task series of the process (id: the first
// occurrence, what a recurring-task check names), read when the check dialog offers them.
import { apiClient } from '@portal/shared';
import type { ComplianceRecurringTask } from '@portal/shared/compliance';
import { useQuery } from '@tanstack/react-query';
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const getRecurringTasks = (graph: string, signal?: AbortSignal) =>
  apiClient.get<ComplianceRecurringTask[]>('compliance/recurring-tasks', { graph, signal });

export function useRecurringTasks(graph: string, enabled: boolean) {
  return useQuery({ queryKey: PROCESS_KEYS.recurringTasks(graph), queryFn: ({ signal }) => getRecurringTasks(graph, signal), enabled, staleTime: 30_000 });
}
