// The react-query keys of the process-wide comment list, under the prefix a new comment makes stale.
import { PROCESS_KEYS } from '../../../lib/queryKeys';

export const COMMENT_KEYS = {
  search: (graph: string, search: string, author: string, offset: number) => [...PROCESS_KEYS.commentSearch(graph), search, author, offset] as const,
};
