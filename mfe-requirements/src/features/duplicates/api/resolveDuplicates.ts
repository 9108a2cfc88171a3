// POST requirements/duplicates/link (link, or merge the second into the first) and
// POST requirements/duplicates/dismiss (not a duplicate: never propose the pair again). A decided
// pair leaves the shown candidate lists at once, before they are read again.
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

/** Whether a candidate is settled by the decision: the pair itself, and after a merge every pair of the deleted one. */
export function settledBy(pair: DuplicateCandidate, action: DuplicateAction): (candidate: DuplicateCandidate) => boolean {
  const ids = (candidate: DuplicateCandidate) => [candidate.a.id, candidate.b.id];
  return (candidate) =>
    (ids(candidate).includes(pair.a.id) && ids(candidate).includes(pair.b.id)) || (action === 'merge' && ids(candidate).includes(pair.b.id));
}

export function useResolveDuplicates(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pair, action }: { pair: DuplicateCandidate; action: DuplicateAction }) =>
      action === 'dismiss' ? dismissDuplicates(graph, pair) : linkDuplicates(graph, pair, action),
    onSuccess: (_result, { pair, action }) => {
      const settled = settledBy(pair, action);
      queryClient.setQueriesData<DuplicateCandidate[]>({ queryKey: DUPLICATE_KEYS.all(graph) }, (pairs) => pairs?.filter((candidate) => !settled(candidate)));
      return invalidateKeys(queryClient, duplicateActionKeys(graph, pair, action));
    },
  });
}
