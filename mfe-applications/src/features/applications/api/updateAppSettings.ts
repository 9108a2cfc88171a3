// PUT apps/appSettings/{id}: an app's settings (enable_continuous_monitoring).
import { apiClient, type AppSettingsChange } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PERMISSIONS } from '../../../lib/permissions';
import { APP_KEYS } from '../../../lib/queryKeys';
import type { AppSettings } from '../../../lib/types';

export const updateAppSettings = (graph: string, id: string, settings: AppSettingsChange) =>
  apiClient.put<AppSettings>(`apps/appSettings/${encodeURIComponent(id)}`, settings, {
    graph,
    permission: APPLICATION_PERMISSIONS.UPDATE_SETTINGS,
  });

export function useUpdateAppSettings(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enable_continuous_monitoring }: { id: string; enable_continuous_monitoring: boolean }) =>
      updateAppSettings(graph, id, { enable_continuous_monitoring }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) }),
  });
}
