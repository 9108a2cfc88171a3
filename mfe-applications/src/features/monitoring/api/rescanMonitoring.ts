// POST apps/monitoring/rescan: the process's monitored applications matched again now; what it
// found refreshes the events and the applications' findings.
import { apiClient, type MonitoringRunResult, type RescanPayload } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { MONITORING_PERMISSIONS } from '../permissions';

export const rescanMonitoring = (graph: string, appKey?: string) =>
  apiClient.post<MonitoringRunResult>('apps/monitoring/rescan', appKey ? ({ app_key: appKey } satisfies RescanPayload) : {}, {
    graph,
    permission: MONITORING_PERMISSIONS.SCAN,
  });

export function useRescanMonitoring(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appKey?: string) => rescanMonitoring(graph, appKey),
    onSuccess: (result) => {
      if (result.events.length > 0) void queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) });
    },
  });
}
