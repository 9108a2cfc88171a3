// Acting on a task (docs/requirements-api.md "Tasks"): accept a review and delegate it (POST
// tasks/{id}/accept), reject it with a comment (…/reject), report progress (PATCH …/progress; 100
// completes), fail it with a comment (…/fail), complete a general task (…/complete). Who may act
// is spec 6's task authorization, judged again by the API. A decision changes the task, its
// history, the inbox and its counts: everything under the process's task prefix is read again.
import { apiClient, type ReviewAcceptance } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

export const acceptTask = (graph: string, id: string, body: ReviewAcceptance) => apiClient.post<InboxTask>(taskPath(id, 'accept'), body, { graph });
export const rejectTask = (graph: string, id: string, comment: string) => apiClient.post<InboxTask>(taskPath(id, 'reject'), { comment }, { graph });
export const updateTaskProgress = (graph: string, id: string, progress: number) =>
  apiClient.patch<InboxTask>(taskPath(id, 'progress'), { progress }, { graph });
export const failTask = (graph: string, id: string, comment: string) => apiClient.post<InboxTask>(taskPath(id, 'fail'), { comment }, { graph });
export const completeTask = (graph: string, id: string) => apiClient.post<InboxTask>(taskPath(id, 'complete'), {}, { graph });

function useTaskDecision<TValue>(graph: string, id: string, decide: (graph: string, id: string, value: TValue) => Promise<InboxTask>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: TValue) => decide(graph, id, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASK_KEYS.process(graph) }),
  });
}

export const useAcceptTask = (graph: string, id: string) => useTaskDecision(graph, id, acceptTask);
export const useRejectTask = (graph: string, id: string) => useTaskDecision(graph, id, rejectTask);
export const useUpdateTaskProgress = (graph: string, id: string) => useTaskDecision(graph, id, updateTaskProgress);
export const useFailTask = (graph: string, id: string) => useTaskDecision(graph, id, failTask);
export const useCompleteTask = (graph: string, id: string) => useTaskDecision(graph, id, (g, i, _value: void) => completeTask(g, i));
