// GET …/deploymentProfiles/{id}/shares: the profile's shared RBOM links with their status.
import { apiClient, type RbomShare } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_KEYS, profilesPath } from './keys';

export const getRbomShares = (graph: string, appKey: string, id: string, signal?: AbortSignal) =>
  apiClient.get<RbomShare[]>(`${profilesPath(appKey, id)}/shares`, { graph, signal });

export const getRbomSharesQueryOptions = (graph: string, appKey: string, id: string) =>
  queryOptions({ queryKey: PROFILE_KEYS.shares(graph, appKey, id), queryFn: ({ signal }) => getRbomShares(graph, appKey, id, signal) });

export function useRbomShares(graph: string, appKey: string, id: string, enabled = true) {
  return useQuery({ ...getRbomSharesQueryOptions(graph, appKey, id), enabled });
}
