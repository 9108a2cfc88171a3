// GET requirements/comments: every comment of the process, newest first, filtered by text and
// author, a page at a time.
import { apiClient, type CommentQuery } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentPage } from '../../../types/analysis';
import { COMMENT_KEYS } from './keys';

export const COMMENT_PAGE_SIZE = 20;

export const searchComments = (graph: string, search: string, author: string, offset: number, signal?: AbortSignal) =>
  apiClient.get<CommentPage>('requirements/comments', {
    graph,
    params: { search: search || undefined, author: author || undefined, offset, limit: COMMENT_PAGE_SIZE } satisfies CommentQuery,
    notices: false,
    signal,
  });

export const searchCommentsQueryOptions = (graph: string, search: string, author: string, offset: number) =>
  queryOptions({
    queryKey: COMMENT_KEYS.search(graph, search, author, offset),
    queryFn: ({ signal }) => searchComments(graph, search, author, offset, signal),
    placeholderData: keepPreviousData,
  });

export function useCommentSearch(graph: string, search: string, author: string, offset: number) {
  return useQuery(searchCommentsQueryOptions(graph, search, author, offset));
}
