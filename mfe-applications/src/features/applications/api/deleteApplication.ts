// DELETE apps/{appKey}: the app with its builds, components and findings.
import { apiClient } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS } from '../../../lib/queryKeys';

export const deleteApplication = (graph: string, appKey: string) =>
  apiClient.delete<void>(`apps/${encodeURIComponent(appKey)}`, { graph, permission: APPLICATION_PERMISSIONS.DELETE });

export function useDeleteApplication(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appKey: string) => deleteApplication(graph, appKey),
    onSuccess: (_, appKey) => {
      queryClient.removeQueries({ queryKey: APP_KEYS.app(graph, appKey) });
      return queryClient.invalidateQueries({ queryKey: APP_KEYS.list(graph) });
    },
  });
}
