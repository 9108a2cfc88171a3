// The requirements of the process per workflow state: statistics/dashboard's by_status (needs
// list=>Requirement). Requirement events make it stale (app/liveRules.ts): the counts are live.
import { apiClient, type RequirementStatus } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { WORKFLOW_KEYS } from '../../../lib/queryKeys';

export type StatusCounts = Partial<Record<RequirementStatus, number>>;

export const getStatusCounts = async (graph: string, signal?: AbortSignal): Promise<StatusCounts> =>
  (await apiClient.get<{ by_status: StatusCounts }>('statistics/dashboard', { graph, signal })).by_status;

export function useStatusCounts(graph: string, enabled: boolean) {
  return useQuery({ queryKey: WORKFLOW_KEYS.statusCounts(graph), queryFn: ({ signal }) => getStatusCounts(graph, signal), enabled: enabled && graph !== '' });
}
