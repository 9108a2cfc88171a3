// PUT apps/{appKey}: a changed app key, name or portfolio.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS, isAppKey } from '../../../lib/queryKeys';
import type { ApplicationRecord } from '../../../lib/types';
import type { ApplicationInput } from './applicationInput';

export const updateApplication = (graph: string, appKey: string, input: ApplicationInput) =>
  apiClient.put<ApplicationRecord>(`apps/${encodeURIComponent(appKey)}`, input, { graph, permission: APPLICATION_PERMISSIONS.UPDATE });

export function useUpdateApplication(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appKey, input }: { appKey: string; input: ApplicationInput }) => updateApplication(graph, appKey, input),
    onSuccess: (saved, { appKey }) => {
      if (saved.app_key === appKey) return queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) });
      // A changed key: the old key answers 404 now. Its queries are marked stale without a
      // refetch — one would put 'Invalid app key' on the page the caller is about to leave for
      // the new key's (and unmount it before it could).
      const oldKey = ({ queryKey }: { queryKey: readonly unknown[] }) => isAppKey(queryKey, graph, appKey);
      void queryClient.invalidateQueries({ predicate: oldKey, refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph), predicate: (query) => !oldKey(query) });
    },
  });
}
