// POST apps/monitoring/rescan: the process's monitored applications matched again now, by the job
// workers (issue 27). The answer is the run, ended (200: done, or failed with its error) or going on
// (202): a run going on is followed (GET apps/monitoring/runs/{id}) until it ends, for up to ten minutes — a run still
// going on after that is answered as it stands. What it found refreshes the events and findings.
import { apiClient, type MonitoringRun, type RescanPayload } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_KEYS } from '../../../lib/queryKeys';
import { MONITORING_PERMISSIONS } from '../permissions';

export interface FollowOptions {
  /** Between two looks at a run going on. */
  pollMs: number;
  /** How long a run going on is followed. */
  followMs: number;
}

export const FOLLOW: FollowOptions = { pollMs: 2_000, followMs: 10 * 60_000 };

export async function rescanMonitoring(graph: string, appKey?: string, follow: FollowOptions = FOLLOW): Promise<MonitoringRun> {
  let run = await apiClient.post<MonitoringRun>('apps/monitoring/rescan', appKey ? ({ app_key: appKey } satisfies RescanPayload) : {}, {
    graph,
    permission: MONITORING_PERMISSIONS.SCAN,
  });
  const deadline = Date.now() + follow.followMs;
  while (run.status !== 'DONE' && run.status !== 'FAILED' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, follow.pollMs));
    run = await apiClient.get<MonitoringRun>(`apps/monitoring/runs/${encodeURIComponent(run.id)}`, { graph });
  }
  return run;
}

export function useRescanMonitoring(graph: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appKey?: string) => rescanMonitoring(graph, appKey),
    onSuccess: (result) => {
      if (result.events.length > 0) void queryClient.invalidateQueries({ queryKey: APP_KEYS.process(graph) });
    },
  });
}
