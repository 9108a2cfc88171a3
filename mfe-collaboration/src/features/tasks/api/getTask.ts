// GET tasks/{id}: one task as /view-task and /assign-task show it (another process's task: 404).
import { apiClient } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_KEYS } from '../../../lib/queryKeys';

export const taskPath = (id: string, action?: string) => `tasks/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export const getTask = (graph: string, id: string, signal?: AbortSignal) => apiClient.get<InboxTask>(taskPath(id), { graph, signal });

export const getTaskQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: TASK_KEYS.task(graph, id), queryFn: ({ signal }) => getTask(graph, id, signal) });

export function useTask(graph: string, id: string) {
  return useQuery({ ...getTaskQueryOptions(graph, id), enabled: graph !== '' && id !== '' });
}
