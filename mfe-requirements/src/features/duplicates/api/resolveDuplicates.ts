// POST requirements/duplicates/link (link, or merge the second into the first) and
// POST requirements/duplicates/dismiss (never propose the pair again).
import { apiClient, type DuplicateLink, type DuplicatePair } from '@portal/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { P } from '../../../lib/permissions';
import { invalidateKeys, PROCESS_KEYS } from '../../../lib/queryKeys';
import type { DuplicateCandidate } from '../../../types/analysis';
import { DUPLICATE_KEYS } from './keys';

export type DuplicateAction = DuplicateLink['action'] | 'dismiss';

export const dismissDuplicates = (graph: string, pair: DuplicateCandidate) =>
  apiClient.post<void>('requirements/duplicates/dismiss', { a_id: pair.a.id, b_id: pair.b.id } satisfies DuplicatePair, { graph, permission: P.ANALYZE_REQUIREMENT });

export const linkDuplicates = (graph: string, pair: DuplicateCandidate, action: 'link' | 'merge') =>
  apiClient.post<void>('requirements/duplicates/link', { a_id: pair.a.id, b_id: pair.b.id, action } satisfies DuplicateLink, { graph, permission: P.UPDATE_REQUIREMENT });

/**
 * What each action makes stale. Dismiss: only the candidates. Link: the candidates and both
 * requirements' history (each records the link). Merge: the second's sub-requirements, comments,
 * tasks, gaps, risks, conflicts and attachments move to the first and it is deleted, so everything
 * of the process.
 */
export function duplicateActionKeys(graph: string, pair: DuplicateCandidate, action: DuplicateAction): QueryKey[] {
  if (action === 'dismiss') return [DUPLICATE_KEYS.all(graph)];
  if (action === 'link') return [DUPLICATE_KEYS.all(graph), PROCESS_KEYS.history(graph, pair.a.id), PROCESS_KEYS.history(graph, pair.b.id)];
  return [PROCESS_KEYS.requirements(graph), PROCESS_KEYS.tasks(graph), PROCESS_KEYS.analysis(graph)];
}

export function useResolveDuplicates(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pair, action }: { pair: DuplicateCandidate; action: DuplicateAction }) =>
      action === 'dismiss' ? dismissDuplicates(graph, pair) : linkDuplicates(graph, pair, action),
    onSuccess: (_result, { pair, action }) => invalidateKeys(queryClient, duplicateActionKeys(graph, pair, action)),
  });
}
