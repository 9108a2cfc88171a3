// POST tasks/{id}/comments {text}: a comment on the task (whoever may view it); the task's
// comments are read again.
import { apiClient } from '@portal/shared';
import { type TaskCommentRecord } from '@portal/shared/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

export const TASK_COMMENT_MAX = 10000;

export const addTaskComment = (graph: string, id: string, text: string) =>
  apiClient.post<TaskCommentRecord>(taskPath(id, 'comments'), { text }, { graph });

export function useAddTaskComment(graph: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addTaskComment(graph, id, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TASK_KEYS.comments(graph, id) }),
  });
}
