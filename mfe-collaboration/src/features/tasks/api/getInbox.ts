// GET tasks/inbox: one tab of the inbox with its filters, a page at a time (the server pages with
// an opaque cursor; 50,000 tasks never come to the browser at once). "Load more" reads the next page.
import { apiClient } from '@portal/shared';
import { type TaskInboxPage, type TaskInboxQuery } from '@portal/shared/collaboration';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TASK_KEYS, type InboxFilters } from '../../../lib/queryKeys';

export const INBOX_PAGE_SIZE = 50;

export const getInbox = (graph: string, query: TaskInboxQuery, signal?: AbortSignal) =>
  apiClient.get<TaskInboxPage>('tasks/inbox', { graph, params: { ...query }, signal });

export const getInboxQueryOptions = (graph: string, filters: InboxFilters) =>
  infiniteQueryOptions({
    queryKey: TASK_KEYS.inbox(graph, filters),
    queryFn: ({ pageParam, signal }) => getInbox(graph, { ...filters, limit: INBOX_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useInbox(graph: string, filters: InboxFilters) {
  return useInfiniteQuery({ ...getInboxQueryOptions(graph, filters), enabled: graph !== '' });
}
