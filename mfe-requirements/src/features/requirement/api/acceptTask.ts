// POST tasks/{id}/accept: the reviewer accepts the requirement and delegates it to an implementer
// (a DELEGATE task).
import { apiClient, type RequirementTask } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateKeys } from '../../../lib/queryKeys';
import { taskPath } from './keys';
import { taskDecisionKeys } from './taskDecision';

export interface AcceptValues {
  delegate_to_id: string;
  due_date?: string;
  comment?: string;
}

export const acceptTask = (graph: string, id: string, body: AcceptValues) =>
  apiClient.post<RequirementTask>(taskPath(id, 'accept'), body, { graph, notices: false });

export function useAcceptTask(graph: string, task: RequirementTask) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AcceptValues) => acceptTask(graph, task.id, values),
    onSuccess: () => invalidateKeys(queryClient, taskDecisionKeys(graph, task)),
  });
}
