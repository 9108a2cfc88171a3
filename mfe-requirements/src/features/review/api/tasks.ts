// The calls of the review screen (docs/requirements-api.md "Tasks"): the signed-in user's open
// tasks, and accepting, rejecting, progressing or failing one. Who may act on a task is the API's
// task authorization (spec 6); the list only holds tasks of the user (or of their workgroups).
import { apiClient, type RequirementTask, type TaskQuery } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { TASK_KEYS } from '../../requirement/api/queryKeys';

export type { TaskQuery };

const path = (id: string, action: string) => `tasks/${encodeURIComponent(id)}/${action}`;

export const taskCalls = {
  mine: (graph: string, query: TaskQuery) =>
    apiClient.get<RequirementTask[]>('tasks', { graph, params: { mine: 'true', ...query }, notices: false }),
  list: (graph: string, query: TaskQuery) => apiClient.get<RequirementTask[]>('tasks', { graph, params: { ...query }, notices: false }),
  get: (graph: string, id: string) => apiClient.get<RequirementTask>(`tasks/${encodeURIComponent(id)}`, { graph, notices: false }),
  accept: (graph: string, id: string, body: { delegate_to_id: string; due_date?: string; comment?: string }) =>
    apiClient.post<RequirementTask>(path(id, 'accept'), body, { graph, notices: false }),
  reject: (graph: string, id: string, comment: string) => apiClient.post<RequirementTask>(path(id, 'reject'), { comment }, { graph, notices: false }),
  progress: (graph: string, id: string, progress: number) =>
    apiClient.patch<RequirementTask>(path(id, 'progress'), { progress }, { graph, notices: false }),
  fail: (graph: string, id: string, comment: string) => apiClient.post<RequirementTask>(path(id, 'fail'), { comment }, { graph, notices: false }),
};

export function useMyTasks(graph: string, query: TaskQuery) {
  const params = { ...query } as Record<string, string | undefined>;
  return useQuery({ queryKey: TASK_KEYS.list(graph, { mine: 'true', ...params }), queryFn: () => taskCalls.mine(graph, query) });
}

/** The process's tasks (not only mine), e.g. the reviews nobody was named for. */
export function useProcessTasks(graph: string, query: TaskQuery, enabled: boolean) {
  const params = { ...query } as Record<string, string | undefined>;
  return useQuery({ queryKey: TASK_KEYS.list(graph, params), queryFn: () => taskCalls.list(graph, query), enabled });
}

export function useTask(graph: string, id: string | undefined) {
  return useQuery({ queryKey: TASK_KEYS.detail(graph, id ?? ''), queryFn: () => taskCalls.get(graph, id!), enabled: Boolean(id) });
}
