// GET tasks/{id}/events: the task's history (spec 4.5 task events), oldest first.
import { apiClient } from '@portal/shared';
import { type TaskHistoryEntry } from '@portal/shared/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_KEYS } from '../../../lib/queryKeys';
import { taskPath } from './getTask';

export const getTaskEvents = (graph: string, id: string, signal?: AbortSignal) =>
  apiClient.get<TaskHistoryEntry[]>(taskPath(id, 'events'), { graph, signal, notices: false });

export const getTaskEventsQueryOptions = (graph: string, id: string) =>
  queryOptions({ queryKey: TASK_KEYS.events(graph, id), queryFn: ({ signal }) => getTaskEvents(graph, id, signal) });

export function useTaskEvents(graph: string, id: string) {
  return useQuery(getTaskEventsQueryOptions(graph, id));
}
