// GET tasks/{id}: one task (opened by its address when no list holds it).
import { apiClient, type RequirementTask } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_KEYS, taskPath } from './keys';

export const getTask = (graph: string, id: string) => apiClient.get<RequirementTask>(taskPath(id), { graph });

export const getTaskQueryOptions = (graph: string, id: string) => queryOptions({ queryKey: TASK_KEYS.detail(graph, id), queryFn: () => getTask(graph, id) });

export function useTask(graph: string, id: string | undefined) {
  return useQuery({ ...getTaskQueryOptions(graph, id ?? ''), enabled: Boolean(id) });
}
