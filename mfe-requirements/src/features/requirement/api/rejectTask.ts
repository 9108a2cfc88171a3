// POST tasks/{id}/reject: the reviewer rejects the requirement with a comment (the author's
// RESOLVE_REJECTED task).
import { apiClient, type RequirementTask } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKeys } from '../../../lib/queryKeys';
import { taskPath } from './keys';
import { taskDecisionKeys } from './taskDecision';

export const rejectTask = (graph: string, id: string, comment: string) =>
  apiClient.post<RequirementTask>(taskPath(id, 'reject'), { comment }, { graph, notices: false });

export function useRejectTask(graph: string, task: RequirementTask) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => rejectTask(graph, task.id, comment),
    onSuccess: () => invalidateKeys(queryClient, taskDecisionKeys(graph, task)),
  });
}
