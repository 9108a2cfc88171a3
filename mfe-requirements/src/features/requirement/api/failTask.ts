// POST tasks/{id}/fail: the implementer reports that the requirement could not be implemented.
import { apiClient, type RequirementTask } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKeys } from '../../../lib/queryKeys';
import { taskPath } from './keys';
import { taskDecisionKeys } from './taskDecision';

export const failTask = (graph: string, id: string, comment: string) =>
  apiClient.post<RequirementTask>(taskPath(id, 'fail'), { comment }, { graph, notices: false });

export function useFailTask(graph: string, task: RequirementTask) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) => failTask(graph, task.id, comment),
    onSuccess: () => invalidateKeys(queryClient, taskDecisionKeys(graph, task)),
  });
}
