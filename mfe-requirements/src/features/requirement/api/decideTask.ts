// The decisions on a task (docs/requirements-api.md "Tasks"). REVIEW: accept and delegate to an
// implementer (POST tasks/{id}/accept), or reject with a comment (POST tasks/{id}/reject).
// DELEGATE: the implementer's progress, 100 completing it and the requirement (PATCH
// tasks/{id}/progress), or a failure (POST tasks/{id}/fail). Who may decide is the API's task
// authorization (spec 6).
import { apiClient, type RequirementTask, type ReviewAcceptance } from '@portal/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { invalidateKeys, PROCESS_KEYS, requirementStateKeys } from '../../../lib/queryKeys';
import { taskPath } from './keys';

export type AcceptValues = ReviewAcceptance;

export const acceptTask = (graph: string, id: string, body: AcceptValues) =>
  apiClient.post<RequirementTask>(taskPath(id, 'accept'), body, { graph });

export const rejectTask = (graph: string, id: string, comment: string) =>
  apiClient.post<RequirementTask>(taskPath(id, 'reject'), { comment }, { graph });

export const updateTaskProgress = (graph: string, id: string, progress: number) =>
  apiClient.patch<RequirementTask>(taskPath(id, 'progress'), { progress }, { graph });

export const failTask = (graph: string, id: string, comment: string) =>
  apiClient.post<RequirementTask>(taskPath(id, 'fail'), { comment }, { graph });

/**
 * What a decision makes stale: the tasks, and the task's requirement (its status or progress moves
 * with the task, its history records the decision) with the lists and overviews.
 */
export const taskDecisionKeys = (graph: string, task: Pick<RequirementTask, 'requirement'>): QueryKey[] =>
  task.requirement ? requirementStateKeys(graph, task.requirement.id) : [PROCESS_KEYS.tasks(graph), PROCESS_KEYS.overviews(graph)];

function useTaskDecision<TValue>(graph: string, task: RequirementTask, decide: (graph: string, id: string, value: TValue) => Promise<RequirementTask>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: TValue) => decide(graph, task.id, value),
    onSuccess: () => invalidateKeys(queryClient, taskDecisionKeys(graph, task)),
  });
}

export const useAcceptTask = (graph: string, task: RequirementTask) => useTaskDecision(graph, task, acceptTask);
export const useRejectTask = (graph: string, task: RequirementTask) => useTaskDecision(graph, task, rejectTask);
export const useUpdateTaskProgress = (graph: string, task: RequirementTask) => useTaskDecision(graph, task, updateTaskProgress);
export const useFailTask = (graph: string, task: RequirementTask) => useTaskDecision(graph, task, failTask);
