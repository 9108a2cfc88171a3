// POST tasks/{id}/assign {user_id, workgroup_id}: a user (the delegate of a DELEGATE task, else the
// assignee) or a workgroup; the API notifies the new assignee. Needs assign=>Task.
import { apiClient, type InboxTask } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COLLABORATION_PERMISSIONS } from '../../../lib/permissions';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

/** A user or a workgroup; the other is cleared. */
export type Assignment = { user_id: string; workgroup_id: null } | { user_id: null; workgroup_id: string };

export const assignTask = (graph: string, id: string, assignment: Assignment) =>
  apiClient.post<InboxTask>(taskPath(id, 'assign'), assignment, { graph, permission: COLLABORATION_PERMISSIONS.ASSIGN_TASK });

export function useAssignTask(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignment: Assignment) => assignTask(graph, id, assignment),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASK_KEYS.process(graph) }),
  });
}
