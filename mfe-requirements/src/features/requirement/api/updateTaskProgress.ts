// PATCH tasks/{id}/progress: the implementer's progress on a DELEGATE task; 100 completes it and
// the requirement.
import { apiClient, type RequirementTask } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKeys } from '../../../lib/queryKeys';
import { taskPath } from './keys';
import { taskDecisionKeys } from './taskDecision';

export const updateTaskProgress = (graph: string, id: string, progress: number) =>
  apiClient.patch<RequirementTask>(taskPath(id, 'progress'), { progress }, { graph, notices: false });

export function useUpdateTaskProgress(graph: string, task: RequirementTask) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (progress: number) => updateTaskProgress(graph, task.id, progress),
    onSuccess: () => invalidateKeys(queryClient, taskDecisionKeys(graph, task)),
  });
}
