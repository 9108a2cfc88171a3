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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) }),
  });
}
