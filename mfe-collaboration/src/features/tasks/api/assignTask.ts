// POST tasks/{id}/assign {user_id, workgroup_id}: a user (the delegate of a DELEGATE task, else the
// assignee) or a workgroup; the API notifies the new assignee. Needs assign=>Task.
import { apiClient } from '@portal/shared';
import { type InboxTask } from '@portal/shared/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COLLABORATION_PERMISSIONS } from '../../../lib/permissions';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

/**
 * A person (the task keeps its workgroup), or a workgroup: then the person is cleared with ''
 * (the API client leaves null fields out, and the API reads '' as none).
 */
export type Assignment = { user_id: string } | { user_id: ''; workgroup_id: string };

export const assignTask = (graph: string, id: string, assignment: Assignment) =>
  apiClient.post<InboxTask>(taskPath(id, 'assign'), assignment, { graph, permission: COLLABORATION_PERMISSIONS.ASSIGN_TASK });

export function useAssignTask(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: Assignment) => assignTask(graph, id, assignment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASK_KEYS.process(graph) }),
  });
}
