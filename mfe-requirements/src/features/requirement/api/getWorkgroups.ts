// GET workgroups: the organization's workgroups (a review may go to one).
import { apiClient, type Workgroup } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { REQUIREMENT_KEYS } from './keys';

export const getWorkgroups = (graph: string) => apiClient.get<Workgroup[]>('workgroups', { graph });

export const getWorkgroupsQueryOptions = (graph: string) =>
  queryOptions({ queryKey: REQUIREMENT_KEYS.workgroups(graph), queryFn: () => getWorkgroups(graph) });

export function useWorkgroups(graph: string, enabled: boolean) {
  return useQuery({ ...getWorkgroupsQueryOptions(graph), enabled });
}
