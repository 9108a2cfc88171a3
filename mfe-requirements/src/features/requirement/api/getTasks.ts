// GET tasks: the signed-in user's tasks (`mine`: theirs or their workgroups'), or the process's
// (e.g. the reviews nobody was named for). Who may act on a task is the API's task authorization.
import { apiClient, type RequirementTask, type TaskQuery } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_KEYS } from './keys';

export type { TaskQuery };

export const getTasks = (graph: string, query: TaskQuery, mine: boolean) =>
  apiClient.get<RequirementTask[]>('tasks', { graph, params: mine ? { mine: 'true', ...query } : { ...query } });

export const getTasksQueryOptions = (graph: string, query: TaskQuery, mine: boolean) =>
  queryOptions({
    queryKey: TASK_KEYS.list(graph, { ...(mine ? { mine: 'true' } : {}), ...(query as Record<string, string | undefined>) }),
    queryFn: () => getTasks(graph, query, mine),
  });

export function useMyTasks(graph: string, query: TaskQuery) {
  return useQuery(getTasksQueryOptions(graph, query, true));
}

/** The process's tasks (not only mine), e.g. the reviews nobody was named for. */
export function useProcessTasks(graph: string, query: TaskQuery, enabled: boolean) {
  return useQuery({ ...getTasksQueryOptions(graph, query, false), enabled });
}
