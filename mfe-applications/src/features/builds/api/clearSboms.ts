// DELETE sbom/{appKey} and DELETE sbom/_clearAll (spec 7, issue 7 item 14): every build of one app,
// or of every app of the process, gone with its components, findings and analyses (the apps stay).
// A development item: clear=>SBOM, which the DEMO role holds.
import { apiClient, type ClearSbomsResult } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS, isBuildKey } from '../../../lib/queryKeys';

/** Which SBOMs: one app's, or (no app) every app's of the process. */
export type ClearTarget = { appKey: string } | { all: true };

export const clearSboms = (graph: string, target: ClearTarget) =>
  apiClient.delete<ClearSbomsResult>(`sbom/${'all' in target ? '_clearAll' : encodeURIComponent(target.appKey)}`, {
    graph,
    permission: APPLICATION_PERMISSIONS.CLEAR_SBOM,
  });

export function useClearSboms(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ClearTarget) => clearSboms(graph, target),
    onSuccess: (_result, target) => {
      // The cleared builds answer 404 now: their open views (findings, components …) are marked
      // stale without a refetch; the app's refetch shows it without builds and unmounts them.
      const cleared = ({ queryKey }: { queryKey: readonly unknown[] }) => isBuildKey(queryKey, graph, 'all' in target ? undefined : target.appKey);
      void queryClient.invalidateQueries({ predicate: cleared, refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph), predicate: (query) => !cleared(query) });
    },
  });
}
