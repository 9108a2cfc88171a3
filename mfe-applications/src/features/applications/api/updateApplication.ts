// PUT apps/{appKey}: a changed app key, name or portfolio.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { ApplicationRecord } from '../../../lib/types';
import type { ApplicationInput } from './applicationInput';

export const updateApplication = (graph: string, appKey: string, input: ApplicationInput) =>
  apiClient.put<ApplicationRecord>(`apps/${encodeURIComponent(appKey)}`, input, { graph, permission: APPLICATION_PERMISSIONS.UPDATE, notices: false });

export function useUpdateApplication(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appKey, input }: { appKey: string; input: ApplicationInput }) => updateApplication(graph, appKey, input),
    onSuccess: (saved, { appKey }) => {
      const refreshed = queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) });
      // A changed key: the old key's page would refetch to 'Invalid app key' and unmount the
      // caller before its own onSuccess (which moves to the new key's page) ran — not awaited then.
      return saved.app_key === appKey ? refreshed : undefined;
    },
  });
}
