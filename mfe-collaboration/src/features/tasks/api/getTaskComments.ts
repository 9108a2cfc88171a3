// GET tasks/{id}/comments: what was said on the task, oldest first.
import { apiClient } from '@portal/shared';
import { type TaskCommentRecord } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

export const getTaskComments = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<TaskCommentRecord[]>(taskPath(id, 'comments'), { graph, signal, notices: false });

export const getTaskCommentsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: TASK_KEYS.comments(graph, id), queryFn: ({ signal }) => getTaskComments(graph, id, signal) });

export function useTaskComments(graph: string, id: string) {
  return useQuery(getTaskCommentsQueryOptions(graph, id));
}
