// POST tasks (create a general task; assign=>Task) and PUT tasks/{id} (edit one: its creator or an
// assign=>Task holder), with the contract's GeneralTaskInput. The API validates the title, the
// link and the recurrence rule and answers a 400 with the field's message.
import { apiClient } from '@portal/shared';
import { type GeneralTaskInput, type InboxTask } from '@portal/shared/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COLLABORATION_PERMISSIONS } from '../../../lib/permissions';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 10000;

export const createGeneralTask = (graph: string, input: GeneralTaskInput) =>
  apiClient.post<InboxTask>('tasks', input, { graph, permission: COLLABORATION_PERMISSIONS.ASSIGN_TASK });

export const updateGeneralTask = (graph: string, id: string, input: GeneralTaskInput) => apiClient.put<InboxTask>(taskPath(id), input, { graph });

/** Creates a task, or (with `id`) edits that one. */
export function useSaveGeneralTask(graph: string, id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneralTaskInput) => (id ? updateGeneralTask(graph, id, input) : createGeneralTask(graph, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASK_KEYS.process(graph) }),
  });
}
